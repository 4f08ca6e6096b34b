import { z } from 'zod';
import { TAG_GROUP_MESSAGES, tagGroupBody } from '@omnicare/shared/customers/customers.schemas';
import { authOf } from '../../platform/auth.js';
import { created, ok } from '../../platform/respond.js';
import { typed, type RouteModule } from '../../platform/routes.js';
import * as tagGroups from './tags.service.js';

const idParams = z.object({ id: z.uuid('Mã nhóm tags không hợp lệ') });
const tags = ['tags'];
const WRITE = ['administrator', 'supervisor', 'team_leader'] as const;

export const tagsRoutes: RouteModule = (app, platform) => {
  const r = typed(app);
  r.get(
    '/v2/group-tag-customer',
    {
      schema: {
        tags,
        summary: 'Nhóm tags khách hàng',
        querystring: z.object({ tag_name: z.string().trim().max(100).optional() }),
      },
      config: { access: 'authenticated' },
    },
    async (request) =>
      ok(
        await tagGroups.listTagGroups(
          platform,
          authOf(request).tenantId,
          request.query.tag_name || undefined,
        ),
      ),
  );
  r.post(
    '/v2/group-tag-customer',
    { schema: { tags, summary: 'Tạo nhóm tags', body: tagGroupBody }, config: { access: WRITE } },
    async (request, reply) => {
      reply.status(201);
      return created(
        await tagGroups.createTagGroup(platform, authOf(request), request.body),
        TAG_GROUP_MESSAGES.created,
      );
    },
  );
  r.put(
    '/v2/group-tag-customer/:id',
    {
      schema: { tags, summary: 'Cập nhật nhóm tags', params: idParams, body: tagGroupBody },
      config: { access: WRITE },
    },
    async (request) =>
      ok(
        await tagGroups.updateTagGroup(platform, authOf(request), request.params.id, request.body),
        TAG_GROUP_MESSAGES.updated,
      ),
  );
  r.delete(
    '/v2/group-tag-customer/:id',
    { schema: { tags, summary: 'Xóa nhóm tags', params: idParams }, config: { access: WRITE } },
    async (request) => {
      await tagGroups.deleteTagGroup(platform, authOf(request), request.params.id);
      return ok(null, TAG_GROUP_MESSAGES.deleted);
    },
  );
};
