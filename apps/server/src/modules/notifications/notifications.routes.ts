import { z } from 'zod';
import {
  announcementView,
  notificationItemView,
  notificationListQuery,
  unreadCountView,
} from '@omnicare/shared/notifications/notifications.schemas';
import { noData } from '@omnicare/shared/platform/envelope';
import { appPathField, requiredText } from '@omnicare/shared/platform/validation';
import { authOf } from '../../platform/auth.js';
import { answers, created, list, ok } from '../../platform/respond.js';
import { typed, type RouteModule } from '../../platform/routes.js';
import * as notifications from './notifications.service.js';

const idParams = z.object({ id: z.uuid('Mã thông báo không hợp lệ') });
const announceBody = z.object({
  title: requiredText('Tiêu đề', 200),
  body: z.string().max(2000, 'Nội dung không được vượt quá 2000 ký tự').optional(),
  link: appPathField('Liên kết phải là đường dẫn trong ứng dụng').optional(),
  user_ids: z.array(z.uuid('Người nhận không hợp lệ')).min(1).max(1000).optional(),
});

export const notificationsRoutes: RouteModule = (app, platform) => {
  const r = typed(app);
  const tags = ['notifications'];

  r.get(
    '/v2/notifications',
    {
      schema: {
        tags,
        summary: 'Thông báo của tôi',
        querystring: notificationListQuery,
        response: answers.list(notificationItemView),
      },
      config: { access: 'authenticated' },
    },
    async (request) => {
      const { data, total } = await notifications.listMine(
        platform,
        authOf(request),
        request.query,
      );
      return list(data, total);
    },
  );

  r.get(
    '/v2/notifications/unread-count',
    {
      schema: { tags, summary: 'Số thông báo chưa đọc', response: answers.ok(unreadCountView) },
      config: { access: 'authenticated' },
    },
    async (request) => ok({ count: await notifications.unreadCount(platform, authOf(request)) }),
  );

  r.put(
    '/v2/notifications/read-all',
    {
      schema: { tags, summary: 'Đánh dấu tất cả đã đọc', response: answers.ok(noData) },
      config: { access: 'authenticated' },
    },
    async (request) => {
      await notifications.markAllRead(platform, authOf(request));
      return ok(null, 'Cập nhật thành công');
    },
  );

  r.put(
    '/v2/notifications/:id/read',
    {
      schema: { tags, summary: 'Đánh dấu đã đọc', params: idParams, response: answers.ok(noData) },
      config: { access: 'authenticated' },
    },
    async (request) => {
      await notifications.markRead(platform, authOf(request), request.params.id);
      return ok(null, 'Cập nhật thành công');
    },
  );

  r.post(
    '/v2/notifications',
    {
      schema: {
        tags,
        summary: 'Gửi thông báo cho nhân viên',
        body: announceBody,
        response: answers.created(announcementView),
      },
      config: { access: 'notification.announce' },
    },
    async (request, reply) => {
      reply.status(201);
      return created(
        await notifications.announce(platform, authOf(request), request.body),
        'Gửi thông báo thành công',
      );
    },
  );
};
