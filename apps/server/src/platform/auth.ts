import type { FastifyInstance, FastifyRequest } from 'fastify';
import { jwtVerify, SignJWT } from 'jose';
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Role, StaffRole } from '@omnicare/shared/users/roles';
import { can, type Permission } from '@omnicare/shared/users/permissions';
import type { DataScope } from '@omnicare/shared/users/data-scope';
import { DEFAULT_DATA_SCOPES, mayImportExport } from '@omnicare/shared/tenants/tenants.schemas';
import {
  TENANT_FEATURES,
  tenantFeatures,
  type TenantFeature,
  type TenantFeatures,
} from '@omnicare/shared/tenants/features';
import type pg from 'pg';
import type { Database } from './db.js';
import { platformSecrets } from '../db/schema/platform.js';
import { AppError, forbidden, notFound, sessionExpired } from './errors.js';
import type { TenantMemo } from './tenant-memo.js';

/**
 * Who may call a route: nobody signed in ('public'), any signed-in staff ('authenticated'),
 * or the roles holding a permission (or any of several; `PERMISSIONS` in shared); 'optional'
 * reads a valid token when one is sent and never refuses. Every route declares one; see the
 * route catalogue test.
 */
export type Access = 'public' | 'optional' | 'authenticated' | Permission | readonly Permission[];

export interface AuthContext {
  sessionId: string;
  userId: string;
  /** The caller's name, for what a write answers (a ticket's updater) without reading it back. */
  userName: string;
  tenantId: string;
  role: Role;
  isAdmin: boolean;
  /** The administrator behind a view-as session. */
  impersonatorId: string | null;
  /** What the data scope needs, read with the session so lists cost no extra query. */
  organizationId: string | null;
  departmentIds: string[];
  dataScope: DataScope;
  /** The tenant lets the caller's role import and export customers. */
  customerImportExport: boolean;
  /** The tenant's switchable features that are on. */
  features: TenantFeatures;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /** Also require the admin flag on the user (view-as). */
    requireAdminFlag?: boolean;
    /**
     * The tenant feature the route belongs to (set from its module's `feature`): while the
     * tenant has it off, the route answers 404 with the feature's message.
     */
    feature?: TenantFeature;
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

/** The tenant's feature switches alone (its settings also hold providers' credentials). */
const FEATURE_SWITCHES_SQL = `jsonb_build_object(${Object.values(TENANT_FEATURES)
  .map(({ setting }) => `'${setting}', t.settings -> '${setting}'`)
  .join(', ')}) as "featureSwitches"`;

/**
 * Everything a request needs to know about its caller, in one statement: the user, the
 * session, and the data scope (tenant setting, organization, departments). Prepared, so
 * PostgreSQL plans it once per connection.
 */
const CONTEXT_COLUMNS = `
  u.id as "userId", u.name as "userName", u.tenant_id as "tenantId", u.role, u.is_admin as "isAdmin",
  u.organization_id as "organizationId", t.settings -> 'data_scopes' ->> u.role as "dataScope",
  t.settings -> 'import_export_roles' as "importExportRoles", ${FEATURE_SWITCHES_SQL},
  coalesce((select array_agg(gm.group_id) from group_members gm join groups g on g.id = gm.group_id
            where gm.user_id = u.id and g.target = 'user'), '{}') as "departmentIds"`;
/**
 * A view-as session lives only while the session that opened it does, and while its opener is
 * an active administrator with the admin flag (logging out, disabling and password resets also
 * revoke it: see auth.service).
 */
const SESSION_CONTEXT_SQL = `select s.id as "sessionId", s.impersonator_id as "impersonatorId", ${CONTEXT_COLUMNS}
  from sessions s join users u on u.id = s.user_id join tenants t on t.id = u.tenant_id
  where s.id = $1 and s.revoked_at is null and s.expires_at > now() and u.active
    and (s.impersonator_id is null or exists (
      select 1 from sessions o join users opener on opener.id = o.user_id
      where o.id = s.opener_session_id and o.user_id = s.impersonator_id and o.revoked_at is null
        and o.expires_at > now() and opener.active and opener.role = 'administrator'
        and opener.is_admin))`;
const USER_CONTEXT_SQL = `select 'job' as "sessionId", null as "impersonatorId", ${CONTEXT_COLUMNS}
  from users u join tenants t on t.id = u.tenant_id where u.id = $1 and u.active`;

type ContextRow = Omit<AuthContext, 'role' | 'dataScope' | 'customerImportExport' | 'features'> & {
  role: string;
  dataScope: string | null;
  importExportRoles: string[] | null;
  featureSwitches: Record<string, unknown>;
};

function toContext(row: ContextRow | undefined): AuthContext | null {
  if (!row) return null;
  const role = row.role as Role;
  const { importExportRoles, featureSwitches, ...rest } = row;
  return {
    ...rest,
    role,
    customerImportExport: mayImportExport(role, importExportRoles),
    features: tenantFeatures(featureSwitches),
    dataScope:
      (row.dataScope as DataScope | null) ?? DEFAULT_DATA_SCOPES[role as StaffRole] ?? 'me',
  };
}

/** The context a background job runs with: its user's, as if they were signed in. */
export async function contextForUser(pool: pg.Pool, userId: string) {
  const result = await pool.query<ContextRow>({
    name: 'auth-user-context',
    text: USER_CONTEXT_SQL,
    values: [userId],
  });
  return toContext(result.rows[0]);
}

/** How many checked tokens a server remembers (the oldest is forgotten first). */
const CHECKED_TOKENS = 10_000;
/** How long a session's context is remembered at most, should its change notice be lost. */
const SESSION_MAX_AGE_MS = 10_000;

interface TokenClaims {
  sessionId: string;
  /** Absent from tokens signed before tenants were named in them. */
  tenantId: string | undefined;
}

export function createTokenService(
  pool: pg.Pool,
  secret: Uint8Array,
  ttlMs: number,
  memo: TenantMemo,
) {
  // A token's signature and expiry need checking once: the HMAC through WebCrypto cost more CPU
  // than the session query.
  const checked = new Map<string, { claims: TokenClaims | null; expiresAt: number }>();
  async function claimsOf(token: string): Promise<TokenClaims | null> {
    const known = checked.get(token);
    if (known) {
      if (known.expiresAt > Date.now()) return known.claims;
      checked.delete(token);
    }
    try {
      const { payload } = await jwtVerify(token, secret, { algorithms: ['HS256'] });
      const { sid, tid } = payload;
      const claims =
        typeof sid === 'string' && UUID.test(sid)
          ? {
              sessionId: sid,
              tenantId: typeof tid === 'string' && UUID.test(tid) ? tid : undefined,
            }
          : null;
      if (checked.size >= CHECKED_TOKENS) checked.delete(checked.keys().next().value as string);
      checked.set(token, { claims, expiresAt: (payload.exp ?? 0) * 1000 });
      return claims;
    } catch {
      return null;
    }
  }
  const sessionContext = (sessionId: string) =>
    pool
      .query<ContextRow>({
        name: 'auth-session-context',
        text: SESSION_CONTEXT_SQL,
        values: [sessionId],
      })
      .then((result) => toContext(result.rows[0]));
  return {
    ttlMs,
    async sign(sessionId: string, userId: string, tenantId: string, expiresAt: Date) {
      return new SignJWT({ sid: sessionId, tid: tenantId })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(userId)
        .setIssuedAt()
        .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
        .sign(secret);
    },
    /**
     * The live session behind a token, or null when it is malformed, expired or revoked. The
     * context is remembered per tenant until a session, user, department or setting of that
     * tenant changes (see TenantMemo): a logout or a disabled user takes effect at once here
     * and as soon as the notice arrives elsewhere, within milliseconds.
     */
    async verify(token: string): Promise<AuthContext | null> {
      const claims = await claimsOf(token);
      if (!claims) return null;
      const { sessionId, tenantId } = claims;
      if (!tenantId) return sessionContext(sessionId);
      const context = await memo.remember(
        'sessions',
        tenantId,
        sessionId,
        () => sessionContext(sessionId),
        { maxAgeMs: SESSION_MAX_AGE_MS },
      );
      return context?.tenantId === tenantId ? context : null;
    },
  };
}
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
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
    const { access, requireAdminFlag, feature } = request.routeOptions.config;
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
    if (access !== 'authenticated' && !holdsAny(auth.role, access)) throw forbidden();
    if (requireAdminFlag && !auth.isAdmin) throw forbidden();
    if (feature && !auth.features[feature]) throw notFound(TENANT_FEATURES[feature].offMessage);
  });
}

const holdsAny = (role: Role, access: Permission | readonly Permission[]) =>
  typeof access === 'string' ? can(role, access) : access.some((one) => can(role, one));

/** The signed-in caller of a non-public route. */
export function authOf(request: FastifyRequest): AuthContext {
  if (!request.authContext) throw sessionExpired();
  return request.authContext;
}
