import { z } from 'zod';
import {
  groupMessages,
  allGroupQuery,
  createGroupBody,
  groupListQuery,
  groupPageView,
  groupView,
  updateGroupBody,
} from '@omnicare/shared/groups/groups.schemas';
import { noData } from '@omnicare/shared/platform/envelope';
import { authOf } from '../../platform/auth.js';
import { answers, created, ok } from '../../platform/respond.js';
import { typed, type RouteModule } from '../../platform/routes.js';
import { ensureTenant } from '../users/users.service.js';
import * as groups from './groups.service.js';

const idParams = z.object({ id: z.uuid('Mã nhóm không hợp lệ') });
const tags = ['groups'];
// Writers are checked per target in the service: departments need an administrator.
/** Departments or customer groups: the service checks the one the group is. */
const WRITE = ['department.manage', 'customer_group.manage'] as const;

export const groupsRoutes: RouteModule = (app, platform) => {
  const r = typed(app);

  r.get(
    '/v2/groups',
    {
      schema: {
        tags,
        summary: 'Danh sách nhóm (offset/limit)',
        querystring: groupListQuery,
        response: answers.ok(groupPageView),
      },
      config: { access: 'authenticated' },
    },
    async (request) =>
      ok(await groups.listGroups(platform, authOf(request).tenantId, request.query)),
  );

  r.get(
    '/v2/all-group',
    {
      schema: {
        tags,
        summary: 'Danh sách nhóm (trang)',
        querystring: allGroupQuery,
        response: answers.ok(groupPageView),
      },
      config: { access: 'authenticated' },
    },
    async (request) => {
      const { target, name, ids, page, page_size } = request.query;
      return ok(
        await groups.listGroups(platform, authOf(request).tenantId, {
          target,
          name,
          ids,
          offset: (page - 1) * page_size,
          limit: page_size,
        }),
      );
    },
  );

  r.post(
    '/v2/group',
    {
      schema: {
        tags,
        summary: 'Tạo nhóm',
        body: createGroupBody,
        response: answers.created(groupView),
      },
      config: { access: WRITE },
    },
    async (request, reply) => {
      const group = await groups.createGroup(platform, authOf(request), request.body);
      reply.status(201);
      return created(group, groupMessages(group.target).created);
    },
  );

  r.put(
    '/v2/updateGroup',
    {
      schema: {
        tags,
        summary: 'Cập nhật nhóm',
        body: updateGroupBody,
        response: answers.ok(groupView),
      },
      config: { access: WRITE },
    },
    async (request) => {
      const group = await groups.updateGroup(platform, authOf(request), request.body);
      return ok(group, groupMessages(group.target).updated);
    },
  );

  r.delete(
    '/v2/group/:id',
    {
      schema: { tags, summary: 'Xóa nhóm', params: idParams, response: answers.ok(noData) },
      config: { access: WRITE },
    },
    async (request) => {
      const target = await groups.deleteGroup(platform, authOf(request), request.params.id);
      return ok(null, groupMessages(target).deleted);
    },
  );

  r.get(
    '/v2/settings/:id/groups',
    {
      schema: {
        tags,
        summary: 'Phòng ban của một tenant',
        params: z.object({ id: z.uuid('Mã tenant không hợp lệ') }),
        querystring: allGroupQuery,
        response: answers.ok(groupPageView),
      },
      config: { access: 'platform.administer', requireAdminFlag: true },
    },
    async (request) => {
      await ensureTenant(platform, request.params.id);
      const { target, name, page, page_size } = request.query;
      return ok(
        await groups.listGroups(platform, request.params.id, {
          target,
          name,
          offset: (page - 1) * page_size,
          limit: page_size,
        }),
      );
    },
  );
};
