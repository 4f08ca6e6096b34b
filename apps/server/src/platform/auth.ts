import type { FastifyInstance, FastifyRequest } from 'fastify';
import { jwtVerify, SignJWT } from 'jose';
import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Role, StaffRole } from '@omnicare/shared/users/roles';
import type { Database } from './db.js';
import { platformSecrets, sessions, users } from '../db/schema/index.js';
import { AppError, forbidden, sessionExpired } from './errors.js';

/**
 * Who may call a route: nobody signed in ('public'), any signed-in staff ('authenticated'),
 * or only the listed roles; 'optional' reads a valid token when one is sent and never refuses.
 * Every route declares one; see the route catalogue test.
 */
export type Access = 'public' | 'optional' | 'authenticated' | readonly StaffRole[];

export interface AuthContext {
  sessionId: string;
  userId: string;
  tenantId: string;
  role: Role;
  isAdmin: boolean;
  /** The administrator behind a view-as session. */
  impersonatorId: string | null;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /** Also require the admin flag on the user (view-as). */
    requireAdminFlag?: boolean;
  }
  interface FastifyRequest {
    authContext: AuthContext | null;
  }
}

/** The configured JWT key, or one generated once and kept in the database for every instance. */
export async function loadJwtSecret(db: Database, configured: string | undefined) {
  return new TextEncoder().encode(configured ?? (await loadPlatformSecret(db, 'jwt')));
}

/** A random secret made on first use and shared through the database by every instance. */
export async function loadPlatformSecret(db: Database, name: string) {
  await db
    .insert(platformSecrets)
    .values({ name, value: randomBytes(48).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select().from(platformSecrets).where(eq(platformSecrets.name, name));
  if (!row) throw new Error(`platform secret ${name} missing`);
  return row.value;
}

export function createTokenService(db: Database, secret: Uint8Array, ttlMs: number) {
  return {
    ttlMs,
    async sign(sessionId: string, userId: string, expiresAt: Date) {
      return new SignJWT({ sid: sessionId })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(userId)
        .setIssuedAt()
        .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
        .sign(secret);
    },
    /** The live session behind a token, or null when it is malformed, expired or revoked. */
    async verify(token: string): Promise<AuthContext | null> {
      let sessionId: unknown;
      try {
        const { payload } = await jwtVerify(token, secret, { algorithms: ['HS256'] });
        sessionId = payload.sid;
      } catch {
        return null;
      }
      if (typeof sessionId !== 'string') return null;
      const [row] = await db
        .select({
          sessionId: sessions.id,
          userId: users.id,
          tenantId: users.tenantId,
          role: users.role,
          isAdmin: users.isAdmin,
          impersonatorId: sessions.impersonatorId,
        })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(
          and(
            eq(sessions.id, sessionId),
            isNull(sessions.revokedAt),
            gt(sessions.expiresAt, new Date()),
            eq(users.active, true),
          ),
        );
      return row ? { ...row, role: row.role as Role } : null;
    },
  };
}
export type TokenService = ReturnType<typeof createTokenService>;

/** Accepts `Authorization: <token>` and `Authorization: Bearer <token>`. */
export function readToken(header: string | undefined): string | null {
  if (!header) return null;
  const token = header.startsWith('Bearer ') ? header.slice(7) : header;
  return token.trim() || null;
}

export function registerAccessControl(app: FastifyInstance, tokens: TokenService) {
  app.decorateRequest('authContext', null);
  app.addHook('onRequest', async (request) => {
    if (request.is404) return;
    const { access, requireAdminFlag } = request.routeOptions.config;
    // Fail closed: a route without a declaration is refused (and caught by the catalogue test).
    if (access === undefined) throw new AppError(500);
    if (access === 'public') return;
    const token = readToken(request.headers.authorization);
    const auth = token ? await tokens.verify(token) : null;
    if (access === 'optional') {
      request.authContext = auth;
      return;
    }
    if (!auth) throw sessionExpired();
    request.authContext = auth;
    if (access !== 'authenticated' && !(access as readonly string[]).includes(auth.role)) {
      throw forbidden();
    }
    if (requireAdminFlag && !auth.isAdmin) throw forbidden();
  });
}

/** The signed-in caller of a non-public route. */
export function authOf(request: FastifyRequest): AuthContext {
  if (!request.authContext) throw sessionExpired();
  return request.authContext;
}
