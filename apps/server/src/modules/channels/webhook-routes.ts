import { z } from 'zod';
import { CHANNEL_MESSAGES } from '@omnicare/shared/channels/channels.schemas';
import { noData } from '@omnicare/shared/platform/envelope';
import type { Platform } from '../../platform/context.js';
import { AppError, notFound } from '../../platform/errors.js';
import { answers, ok } from '../../platform/respond.js';
import { typed, type RouteModule } from '../../platform/routes.js';

/** What a provider's webhook delivery came to (its channel's `acceptWebhook`). */
export type WebhookOutcome = 'stored' | 'duplicate' | 'ignored' | 'refused' | 'unknown';

/** A chat channel's webhook, as its routes need it. */
export interface ChannelWebhook {
  kind: 'zalo' | 'facebook' | 'whatsapp';
  /** The header carrying the provider's signature of the raw body. */
  signatureHeader: string;
  summary: string;
  accept: (
    platform: Platform,
    channelId: string,
    raw: string | undefined,
    body: unknown,
    signature: string | undefined,
  ) => Promise<WebhookOutcome>;
  badSignature: string;
  /** Meta's verification handshake (`GET`, hub.challenge given back as text). */
  handshake?: {
    summary: string;
    verify: (
      platform: Platform,
      channelId: string,
      query: Record<string, unknown>,
    ) => Promise<string | undefined>;
    refused: string;
  };
}

/**
 * Meta's verification handshake (Messenger, WhatsApp): `hub.mode=subscribe` with the channel's
 * verify token answers `hub.challenge`; anything else none (403).
 */
export function metaChallenge(expected: string | undefined, query: Record<string, unknown>) {
  if (!expected || query['hub.mode'] !== 'subscribe' || query['hub.verify_token'] !== expected)
    return undefined;
  const challenge = query['hub.challenge'];
  return typeof challenge === 'string' ? challenge : '';
}

const tags = ['channels'];
const params = z.object({ channelId: z.string().max(64) });

/**
 * `/v2/webhooks/{kind}/{channelId}`: public routes with their own verification (the provider's
 * signature, 401 and a log line when it is wrong), answering once the delivery is stored (the
 * channel's job processes it), a flood guard per channel far above a busy account's rate.
 */
export const webhookRoutes =
  (hook: ChannelWebhook): RouteModule =>
  (app, platform) => {
    const r = typed(app);
    const url = `/v2/webhooks/${hook.kind}/:channelId`;
    const config = {
      access: 'public' as const,
      // It stores the delivery only (no memo topic's table): no need to hear notices first.
      settles: false as const,
      rateLimit: {
        max: 60_000,
        timeWindow: '1 minute',
        keyGenerator: (request: { params: unknown }) =>
          `${hook.kind}-webhook:${(request.params as { channelId?: string }).channelId ?? ''}`,
      },
    };
    const { handshake } = hook;
    if (handshake)
      r.get(
        url,
        {
          schema: {
            tags,
            summary: handshake.summary,
            params,
            querystring: z.record(z.string(), z.unknown()),
            // The provider's challenge given back as it came, as text/plain.
            response: { 200: z.string() },
          },
          config,
        },
        async (request, reply) => {
          const challenge = await handshake.verify(
            platform,
            request.params.channelId,
            request.query as Record<string, unknown>,
          );
          if (challenge === undefined) {
            request.log.warn(
              { channel: request.params.channelId, ip: request.ip },
              `${hook.kind} webhook: verification refused`,
            );
            throw new AppError(403, handshake.refused);
          }
          return reply.type('text/plain; charset=utf-8').send(challenge);
        },
      );
    r.post(
      url,
      { schema: { tags, summary: hook.summary, params, response: answers.ok(noData) }, config },
      async (request) => {
        const signature = request.headers[hook.signatureHeader];
        const outcome = await hook.accept(
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
            `${hook.kind} webhook: bad signature refused`,
          );
          throw new AppError(401, hook.badSignature);
        }
        return ok(null, 'OK');
      },
    );
  };
