import { z } from 'zod';
import { noData } from '@omnicare/shared/platform/envelope';
import { QUEUE_MESSAGES, queueBody, queueView } from '@omnicare/shared/telephony/queues.schemas';
import { authOf } from '../../platform/auth.js';
import { answers, created, ok } from '../../platform/respond.js';
import { typed, type RouteModule } from '../../platform/routes.js';
import * as queues from './queues.service.js';

const idParams = z.object({ id: z.uuid(QUEUE_MESSAGES.notFound) });
const tags = ['telephony'];

export const queuesRoutes: RouteModule = (app, platform) => {
  const r = typed(app);
  r.get(
    '/v2/queues',
    {
      schema: { tags, summary: 'Hàng chờ cuộc gọi', response: answers.ok(z.array(queueView)) },
      config: { access: 'authenticated' },
    },
    async (request) => ok(await queues.listQueues(platform, authOf(request).tenantId)),
  );
  r.post(
    '/v2/queues',
    {
      schema: {
        tags,
        summary: 'Tạo hàng chờ',
        body: queueBody,
        response: answers.created(queueView),
      },
      config: { access: 'queue.manage' },
    },
    async (request, reply) => {
      reply.status(201);
      return created(
        await queues.createQueue(platform, authOf(request), request.body),
        QUEUE_MESSAGES.created,
      );
    },
  );
  r.put(
    '/v2/queues/:id',
    {
      schema: {
        tags,
        summary: 'Cập nhật hàng chờ',
        params: idParams,
        body: queueBody,
        response: answers.ok(queueView),
      },
      config: { access: 'queue.manage' },
    },
    async (request) =>
      ok(
        await queues.updateQueue(platform, authOf(request), request.params.id, request.body),
        QUEUE_MESSAGES.updated,
      ),
  );
  r.delete(
    '/v2/queues/:id',
    {
      schema: { tags, summary: 'Xóa hàng chờ', params: idParams, response: answers.ok(noData) },
      config: { access: 'queue.manage' },
    },
    async (request) => {
      await queues.deleteQueue(platform, authOf(request), request.params.id);
      return ok(null, QUEUE_MESSAGES.deleted);
    },
  );
};
