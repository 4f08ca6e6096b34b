import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import {
  CALL_MESSAGES,
  GATEWAY_SECRET_FAILURE_LIMIT as LIMIT,
} from '@omnicare/shared/telephony/calls.schemas';
import type { Platform } from '../../platform/context.js';
import { AppError, tooManyRequests } from '../../platform/errors.js';

/** The header the SIP gateway sends its shared secret in. */
export const GATEWAY_SECRET_HEADER = 'x-gateway-secret';

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Addresses this instance remembers as locked out, at most (expired ones are dropped first). */
const MAX_LOCKED = 10_000;

/**
 * The check of the gateway's calls: they carry TELEPHONY_GATEWAY_SECRET, compared in constant
 * time (over digests, so the length leaks nothing either). No secret configured refuses every
 * call. 401, never 403 (403 means a dead session to the web client).
 *
 * Every refusal is logged as a warning (address, route, what was wrong; never what was sent).
 * Wrong secrets are counted per address in the shared `throttles` table (every instance adds to
 * one count): past GATEWAY_SECRET_FAILURE_LIMIT in its window the address is answered 429 for the
 * rest of the window, the right secret too, so guessing stops there. An instance remembers the
 * lockouts it saw, so the right secret costs no query; one that has not seen the address yet
 * locks it at its first wrong secret, when the shared count says so. Other addresses (the real
 * gateway's) are never affected.
 */
export function createGatewayGuard(platform: Platform) {
  const lockedUntil = new Map<string, number>();
  const lock = (address: string) => {
    const now = Date.now();
    if (lockedUntil.size >= MAX_LOCKED)
      for (const [key, until] of lockedUntil) if (until <= now) lockedUntil.delete(key);
    if (lockedUntil.size >= MAX_LOCKED) lockedUntil.clear();
    lockedUntil.set(address, now + LIMIT.windowMs);
  };

  return async function assertGateway(request: FastifyRequest) {
    const address = request.ip;
    if ((lockedUntil.get(address) ?? 0) > Date.now()) throw tooManyRequests();
    const sent = request.headers[GATEWAY_SECRET_HEADER];
    const expected = platform.config.telephonyGatewaySecret;
    if (typeof sent === 'string' && expected && timingSafeEqual(digest(sent), digest(expected)))
      return;
    const reason = !expected ? 'not_configured' : typeof sent === 'string' ? 'wrong' : 'missing';
    request.log.warn(
      { ip: address, method: request.method, url: request.url, reason },
      'gateway secret refused',
    );
    if (reason === 'wrong') {
      const failures = await platform.throttle.hit(`gateway-secret:${address}`, LIMIT.windowMs);
      if (failures > LIMIT.failures) {
        lock(address);
        throw tooManyRequests();
      }
    }
    throw new AppError(401, CALL_MESSAGES.gatewayUnauthorized);
  };
}
