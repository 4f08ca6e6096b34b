import { z } from 'zod';
import { CHANNEL_MESSAGES, channelView } from '@omnicare/shared/channels/channels.schemas';
import {
  ZALO_MESSAGES as M,
  zaloCompleteBody,
  zaloConnectView,
} from '@omnicare/shared/channels/zalo.schemas';
import { noData } from '@omnicare/shared/platform/envelope';
import { authOf } from '../../../platform/auth.js';
import { AppError, notFound } from '../../../platform/errors.js';
import { answers, ok } from '../../../platform/respond.js';
import { typed, type RouteModule } from '../../../platform/routes.js';
import { completeZaloConnect, disconnectZalo, startZaloConnect } from './zalo-oauth.js';
import { acceptWebhook } from './zalo-webhook.js';

const tags = ['channels'];
const idParams = z.object({ id: z.uuid(CHANNEL_MESSAGES.notFound) });
/** A flood guard per channel (Zalo's servers are few addresses): far above a busy OA's rate. */
const WEBHOOK_LIMIT = {
  rateLimit: {
    max: 60_000,
    timeWindow: '1 minute',
    keyGenerator: (request: { params: unknown }) =>
      `zalo-webhook:${(request.params as { channelId?: string }).channelId ?? ''}`,
  },
};

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
  r.post(
    '/v2/webhooks/zalo/:channelId',
    {
      schema: {
        tags,
        summary: 'Webhook của Zalo OA (chữ ký X-ZEvent-Signature)',
        params: z.object({ channelId: z.string().max(64) }),
        response: answers.ok(noData),
      },
      config: { access: 'public', ...WEBHOOK_LIMIT },
    },
    async (request) => {
      const signature = request.headers['x-zevent-signature'];
      const outcome = await acceptWebhook(
        platform,
        request.params.channelId,
        request.rawBody,
        request.body,
        typeof signature === 'string' ? signature : undefined,
      );
      if (outcome === 'unknown') throw notFound(CHANNEL_MESSAGES.notFound);
      if (outcome === 'refused') {
        request.log.warn(
          { channel: request.params.channelId, ip: request.ip },
          'zalo webhook: bad signature refused',
        );
        throw new AppError(401, M.badSignature);
      }
      return ok(null, 'OK');
    },
  );
};
