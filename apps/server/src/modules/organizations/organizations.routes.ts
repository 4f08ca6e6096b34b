import { z } from 'zod';
import { noData } from '@omnicare/shared/platform/envelope';
import {
  organizationBody,
  organizationNodeView,
  organizationRefParams,
  organizationView,
} from '@omnicare/shared/organizations/organizations.schemas';
import { authOf } from '../../platform/auth.js';
import { answers, created, ok } from '../../platform/respond.js';
import { typed, type RouteModule } from '../../platform/routes.js';
import * as organizations from './organizations.service.js';

const idParams = z.object({ id: z.uuid('Mã tổ chức không hợp lệ') });
const tags = ['organizations'];

export const organizationsRoutes: RouteModule = (app, platform) => {
  const r = typed(app);

  r.get(
    '/v2/organizes',
    {
      schema: { tags, summary: 'Cây tổ chức', response: answers.ok(z.array(organizationNodeView)) },
      config: { access: 'authenticated' },
    },
    async (request) => {
      const tree = await organizations.organizationTree(platform, authOf(request).tenantId);
      return ok(tree);
    },
  );

  r.get(
    '/v2/organize/:id',
    {
      schema: {
        tags,
        summary: 'Chi tiết tổ chức (theo mã hoặc số tổ chức)',
        params: organizationRefParams,
        response: answers.ok(organizationView),
      },
      config: { access: 'authenticated' },
    },
    async (request) =>
      ok(
        await organizations.getOrganization(platform, authOf(request).tenantId, request.params.id),
      ),
  );

  r.post(
    '/v2/organize',
    {
      schema: {
        tags,
        summary: 'Tạo tổ chức',
        body: organizationBody,
        response: answers.created(organizationView),
      },
      config: { access: 'organization.manage' },
    },
    async (request, reply) => {
      reply.status(201);
      return created(
        await organizations.createOrganization(platform, authOf(request), request.body),
        'Tạo mới tổ chức thành công',
      );
    },
  );

  r.put(
    '/v2/organize/:id',
    {
      schema: {
        tags,
        summary: 'Đổi tên hoặc di chuyển tổ chức',
        params: idParams,
        body: organizationBody,
        response: answers.ok(organizationView),
      },
      config: { access: 'organization.manage' },
    },
    async (request) =>
      ok(
        await organizations.updateOrganization(
          platform,
          authOf(request),
          request.params.id,
          request.body,
        ),
        'Cập nhật thành công',
      ),
  );

  r.delete(
    '/v2/organize/:id',
    {
      schema: { tags, summary: 'Xóa tổ chức', params: idParams, response: answers.ok(noData) },
      config: { access: 'organization.manage' },
    },
    async (request) => {
      await organizations.deleteOrganization(platform, authOf(request), request.params.id);
      return ok(null, 'Xóa thành công');
    },
  );
};
