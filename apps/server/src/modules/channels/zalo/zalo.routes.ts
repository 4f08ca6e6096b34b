import { z } from 'zod';
import { CHANNEL_MESSAGES, channelView } from '@omnicare/shared/channels/channels.schemas';
import {
  ZALO_MESSAGES as M,
  zaloCompleteBody,
  zaloConnectView,
} from '@omnicare/shared/channels/zalo.schemas';
import { authOf } from '../../../platform/auth.js';

import { answers, ok } from '../../../platform/respond.js';
import { typed, type RouteModule } from '../../../platform/routes.js';
import { completeZaloConnect, disconnectZalo, startZaloConnect } from './zalo-oauth.js';

const tags = ['channels'];
const idParams = z.object({ id: z.uuid(CHANNEL_MESSAGES.notFound) });
export const zaloRoutes: RouteModule = (app, platform) => {
  const r = typed(app);
  r.post(
    '/v2/channels/:id/zalo/connect',
    {
      schema: {
        tags,
        summary: 'Bắt đầu kết nối Zalo OA (OAuth v4, PKCE): địa chỉ trang cấp quyền của Zalo',
        params: idParams,
        response: answers.ok(zaloConnectView),
      },
      config: { access: 'channel.manage' },
    },
    async (request) =>
      ok(await startZaloConnect(platform, authOf(request), request.params.id), M.connectStarted),
  );
  r.post(
    '/v2/zalo/oauth/complete',
    {
      schema: {
        tags,
        summary: 'Hoàn tất kết nối Zalo OA từ trang /zalo-redirect (code, state)',
        body: zaloCompleteBody,
        response: answers.ok(channelView),
      },
      config: { access: 'channel.manage', rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (request) =>
      ok(await completeZaloConnect(platform, authOf(request), request.body), M.connected),
  );
  r.post(
    '/v2/channels/:id/zalo/disconnect',
    {
      schema: {
        tags,
        summary: 'Ngắt kết nối Zalo OA (xóa token đã lưu)',
        params: idParams,
        response: answers.ok(channelView),
      },
      config: { access: 'channel.manage' },
    },
    async (request) =>
      ok(await disconnectZalo(platform, authOf(request), request.params.id), M.disconnected),
  );
};
