import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { CALL_MESSAGES } from '@omnicare/shared/telephony/calls.schemas';
import type { Config } from '../../config.js';
import { AppError } from '../../platform/errors.js';

/** The header the SIP gateway sends its shared secret in. */
export const GATEWAY_SECRET_HEADER = 'x-gateway-secret';

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * The gateway's calls carry TELEPHONY_GATEWAY_SECRET: compared in constant time (over digests,
 * so the length leaks nothing either). No secret configured refuses every call. 401, never
 * 403 (403 means a dead session to the web client).
 */
export function assertGateway(
  config: Pick<Config, 'telephonyGatewaySecret'>,
  request: FastifyRequest,
) {
  const sent = request.headers[GATEWAY_SECRET_HEADER];
  const expected = config.telephonyGatewaySecret;
  const ok =
    typeof sent === 'string' && !!expected && timingSafeEqual(digest(sent), digest(expected));
  if (!ok) throw new AppError(401, CALL_MESSAGES.gatewayUnauthorized);
}
