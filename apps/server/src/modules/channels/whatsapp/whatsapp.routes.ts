import { z } from 'zod';
import { CHANNEL_MESSAGES } from '@omnicare/shared/channels/channels.schemas';
import { WHATSAPP_MESSAGES as M } from '@omnicare/shared/channels/whatsapp.schemas';
import { noData } from '@omnicare/shared/platform/envelope';
import { AppError, notFound } from '../../../platform/errors.js';
import { answers, ok } from '../../../platform/respond.js';
import { typed, type RouteModule } from '../../../platform/routes.js';
import { acceptWebhook, verifyHandshake } from './whatsapp-webhook.js';

const tags = ['channels'];
const params = z.object({ channelId: z.string().max(64) });
/** A flood guard per channel: far above a busy number's rate (80 messages a second by default). */
const WEBHOOK_LIMIT = {
  rateLimit: {
    max: 60_000,
    timeWindow: '1 minute',
    keyGenerator: (request: { params: unknown }) =>
      `whatsapp-webhook:${(request.params as { channelId?: string }).channelId ?? ''}`,
  },
};

export const whatsappRoutes: RouteModule = (app, platform) => {
  const r = typed(app);
  r.get(
    '/v2/webhooks/whatsapp/:channelId',
    {
      schema: {
        tags,
        summary:
          'Xác minh webhook WhatsApp (hub.mode=subscribe, hub.verify_token): trả lại hub.challenge',
        params,
        querystring: z.record(z.string(), z.unknown()),
        // Meta's challenge given back as it came, as text/plain.
        response: { 200: z.string() },
      },
      config: { access: 'public', ...WEBHOOK_LIMIT },
    },
    async (request, reply) => {
      const challenge = await verifyHandshake(
        platform,
        request.params.channelId,
        request.query as Record<string, unknown>,
      );
      if (challenge === undefined) {
        request.log.warn(
          { channel: request.params.channelId, ip: request.ip },
          'whatsapp webhook: verification refused',
        );
        throw new AppError(403, M.verifyRefused);
      }
      return reply.type('text/plain; charset=utf-8').send(challenge);
    },
  );
  r.post(
    '/v2/webhooks/whatsapp/:channelId',
    {
      schema: {
        tags,
        summary: 'Webhook của WhatsApp Cloud API (chữ ký X-Hub-Signature-256)',
        params,
        response: answers.ok(noData),
      },
      config: { access: 'public', ...WEBHOOK_LIMIT },
    },
    async (request) => {
      const signature = request.headers['x-hub-signature-256'];
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
          'whatsapp webhook: bad signature refused',
        );
        throw new AppError(401, M.badSignature);
      }
      return ok(null, 'OK');
    },
  );
};
