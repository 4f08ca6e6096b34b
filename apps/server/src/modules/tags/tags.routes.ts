import { z } from 'zod';
import {
  TAG_GROUP_MESSAGES,
  tagGroupBody,
  tagGroupView,
} from '@omnicare/shared/customers/customers.schemas';
import { noData } from '@omnicare/shared/platform/envelope';
import { authOf } from '../../platform/auth.js';
import { answers, created, ok } from '../../platform/respond.js';
import { typed, type RouteModule } from '../../platform/routes.js';
import * as tagGroups from './tags.service.js';

const idParams = z.object({ id: z.uuid('Mã nhóm tags không hợp lệ') });
const tags = ['tags'];

export const tagsRoutes: RouteModule = (app, platform) => {
  const r = typed(app);
  r.get(
    '/v2/group-tag-customer',
    {
      schema: {
        tags,
        summary: 'Nhóm tags khách hàng',
        querystring: z.object({ tag_name: z.string().trim().max(100).optional() }),
        response: answers.ok(z.array(tagGroupView)),
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
    {
      schema: {
        tags,
        summary: 'Tạo nhóm tags',
        body: tagGroupBody,
        response: answers.created(tagGroupView),
      },
      config: { access: 'tag_group.manage' },
    },
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
      schema: {
        tags,
        summary: 'Cập nhật nhóm tags',
        params: idParams,
        body: tagGroupBody,
        response: answers.ok(tagGroupView),
      },
      config: { access: 'tag_group.manage' },
    },
    async (request) =>
      ok(
        await tagGroups.updateTagGroup(platform, authOf(request), request.params.id, request.body),
        TAG_GROUP_MESSAGES.updated,
      ),
  );
  r.delete(
    '/v2/group-tag-customer/:id',
    {
      schema: { tags, summary: 'Xóa nhóm tags', params: idParams, response: answers.ok(noData) },
      config: { access: 'tag_group.manage' },
    },
    async (request) => {
      await tagGroups.deleteTagGroup(platform, authOf(request), request.params.id);
      return ok(null, TAG_GROUP_MESSAGES.deleted);
    },
  );
};
