import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Platform } from './context.js';

/** A module's routes: registered with the zod type provider and the platform at hand. */
export type RouteModule = (app: FastifyInstance, platform: Platform) => void;

export const typed = (app: FastifyInstance) => app.withTypeProvider<ZodTypeProvider>();

export const requestMeta = (request: FastifyRequest) => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'],
});

/** Per-IP limit of a route, enforced by @fastify/rate-limit. */
export const perIpLimit = (max: number, timeWindow: string) => ({ rateLimit: { max, timeWindow } });
