import { z } from 'zod';
import { SLA_MESSAGES, slaPolicyBody, slaPolicyView } from '@omnicare/shared/sla/sla.schemas';
import { noData } from '@omnicare/shared/platform/envelope';
import { authOf } from '../../platform/auth.js';
import { answers, created, list, ok } from '../../platform/respond.js';
import { typed, type RouteModule } from '../../platform/routes.js';
import * as sla from './sla.service.js';

const idParams = z.object({ id: z.uuid(SLA_MESSAGES.notFound) });
const tags = ['sla'];
const manage = { access: 'ticket_config.manage' } as const;

export const slaRoutes: RouteModule = (app, platform) => {
  const r = typed(app);
  r.get(
    '/v2/sla-policies',
    {
      schema: {
        tags,
        summary: 'Chính sách SLA (theo thứ tự áp dụng)',
        response: answers.list(slaPolicyView),
      },
      config: { access: 'authenticated' },
    },
    async (request) => {
      const rows = await sla.listPolicies(platform, authOf(request).tenantId);
      return list(rows, rows.length);
    },
  );
  r.post(
    '/v2/sla-policies',
    {
      schema: {
        tags,
        summary: 'Tạo chính sách SLA',
        body: slaPolicyBody,
        response: answers.created(slaPolicyView),
      },
      config: manage,
    },
    async (request, reply) => {
      reply.status(201);
      return created(
        await sla.savePolicy(platform, authOf(request), null, request.body),
        SLA_MESSAGES.created,
      );
    },
  );
  r.put(
    '/v2/sla-policies/:id',
    {
      schema: {
        tags,
        summary: 'Cập nhật chính sách SLA',
        params: idParams,
        body: slaPolicyBody,
        response: answers.ok(slaPolicyView),
      },
      config: manage,
    },
    async (request) =>
      ok(
        await sla.savePolicy(platform, authOf(request), request.params.id, request.body),
        SLA_MESSAGES.updated,
      ),
  );
  r.delete(
    '/v2/sla-policies/:id',
    {
      schema: {
        tags,
        summary: 'Xóa chính sách SLA',
        params: idParams,
        response: answers.ok(noData),
      },
      config: manage,
    },
    async (request) => {
      await sla.deletePolicy(platform, authOf(request), request.params.id);
      return ok(null, SLA_MESSAGES.deleted);
    },
  );
};
