import { and, eq, gt, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../platform/db.js';
import { passwordResets, sessions } from '../../db/schema/auth.js';
import { users } from '../../db/schema/users.js';

/** The one user a condition finds, or undefined. */
async function findUserWhere(db: Database, where: SQL | undefined) {
  const [row] = await db.select().from(users).where(where).limit(1);
  return row;
}

export const findUserByEmail = (db: Database, email: string) =>
  findUserWhere(db, sql`lower(${users.email}) = ${email.toLowerCase()}`);

export const findUser = (db: Database, userId: string) => findUserWhere(db, eq(users.id, userId));

export const findUserInTenant = (db: Database, tenantId: string, userId: string) =>
  findUserWhere(db, and(eq(users.tenantId, tenantId), eq(users.id, userId)));

export async function insertSession(
  db: Database,
  values: {
    tenantId: string;
    userId: string;
    impersonatorId?: string;
    openerSessionId?: string;
    expiresAt: Date;
    ip?: string;
    userAgent?: string;
  },
) {
  const [row] = await db.insert(sessions).values(values).returning();
  if (!row) throw new Error('session not created');
  return row;
}

/** Whether the user has signed in from this address before (a view-as session does not count). */
export async function hasSignedInFrom(db: Database, userId: string, ip: string) {
  const [row] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), eq(sessions.ip, ip), isNull(sessions.impersonatorId)))
    .limit(1);
  return row !== undefined;
}

export async function findSession(db: Database, sessionId: string) {
  const [row] = await db.select().from(sessions).where(eq(sessions.id, sessionId)).limit(1);
  return row;
}

/** Revokes a session and the view-as sessions it opened; returns the view-as sessions' ids. */
export async function revokeSession(db: Database, sessionId: string, reason: string) {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(
      and(
        or(eq(sessions.id, sessionId), eq(sessions.openerSessionId, sessionId)),
        isNull(sessions.revokedAt),
      ),
    )
    .returning({ id: sessions.id });
  return rows.map((row) => row.id).filter((id) => id !== sessionId);
}

/**
 * Revokes every live session of a user: their own, view-as sessions others hold on them, and
 * view-as sessions they opened on others.
 */
export async function revokeUserSessions(db: Database, userId: string, reason: string) {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(
      and(
        or(eq(sessions.userId, userId), eq(sessions.impersonatorId, userId)),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, new Date()),
      ),
    )
    .returning({ id: sessions.id });
  return rows.map((row) => row.id);
}

export async function setPassword(db: Database, userId: string, passwordHash: string) {
  await db
    .update(users)
    .set({ passwordHash, passwordChangedAt: new Date(), updatedAt: new Date() })
    .where(eq(users.id, userId));
}

/** A reset code (4 digits, mailed on request) or an invitation (a long token in a link). */
export type SecretKind = 'reset' | 'invite';

export async function replaceResetCode(
  db: Database,
  values: {
    tenantId: string;
    userId: string;
    kind?: SecretKind;
    codeHash: string;
    expiresAt: Date;
  },
) {
  const kind = values.kind ?? 'reset';
  await db.transaction(async (tx) => {
    // Only the newest code of a kind works: asking again voids the one before.
    await tx
      .update(passwordResets)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(passwordResets.userId, values.userId),
          eq(passwordResets.kind, kind),
          isNull(passwordResets.usedAt),
        ),
      );
    await tx.insert(passwordResets).values({ ...values, kind });
  });
}

export async function findLiveResetCode(db: Database, userId: string, kind: SecretKind = 'reset') {
  const [row] = await db
    .select()
    .from(passwordResets)
    .where(
      and(
        eq(passwordResets.userId, userId),
        eq(passwordResets.kind, kind),
        isNull(passwordResets.usedAt),
        gt(passwordResets.expiresAt, new Date()),
      ),
    )
    .limit(1);
  return row;
}

/** Ends an invitation: the password is set, the account no longer waits. */
export async function acceptInvite(db: Database, userId: string) {
  await db.transaction(async (tx) => {
    await tx
      .update(passwordResets)
      .set({ usedAt: new Date() })
      .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
    await tx
      .update(users)
      .set({ invitePending: false, updatedAt: new Date() })
      .where(eq(users.id, userId));
  });
}

/** Whether the user still has a session of their own (not revoked, not expired, not view-as). */
export async function hasLiveSession(db: Database, userId: string) {
  const [row] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.impersonatorId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, new Date()),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * Staff still shown as present (presence not LOGOUT) without a session of their own left: every
 * one expired (nobody signed out). At most `limit`, oldest presence change first.
 */
export async function presentWithoutSession(db: Database, limit: number) {
  return db
    .select({ id: users.id, tenantId: users.tenantId })
    .from(users)
    .where(
      and(
        ne(users.presence, 'LOGOUT'),
        ne(users.role, 'end_user'),
        sql`not exists (select 1 from ${sessions} where ${sessions.userId} = ${users.id}
          and ${sessions.impersonatorId} is null and ${sessions.revokedAt} is null
          and ${sessions.expiresAt} > now())`,
        // Only someone who ever signed in: a new account waits at its default presence.
        sql`exists (select 1 from ${sessions} where ${sessions.userId} = ${users.id}
          and ${sessions.impersonatorId} is null)`,
      ),
    )
    .orderBy(sql`${users.presenceChangedAt} asc nulls first`)
    .limit(limit);
}

/** Revokes the user's other sessions (and view-as sessions they opened from them). */
export async function revokeOtherSessions(db: Database, userId: string, keepSessionId: string) {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: 'signed_out_elsewhere' })
    .where(
      and(
        or(eq(sessions.userId, userId), eq(sessions.impersonatorId, userId)),
        ne(sessions.id, keepSessionId),
        or(isNull(sessions.openerSessionId), ne(sessions.openerSessionId, keepSessionId)),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, new Date()),
      ),
    )
    .returning({ id: sessions.id });
  return rows.map((row) => row.id);
}

/** Counts a wrong code; the code is void once it reaches the limit. */
export async function countWrongCode(db: Database, resetId: string, maxAttempts: number) {
  await db
    .update(passwordResets)
    .set({
      attempts: sql`${passwordResets.attempts} + 1`,
      usedAt: sql`case when ${passwordResets.attempts} + 1 >= ${maxAttempts} then now() else null end`,
    })
    .where(eq(passwordResets.id, resetId));
}

export async function markResetUsed(db: Database, resetId: string) {
  await db.update(passwordResets).set({ usedAt: new Date() }).where(eq(passwordResets.id, resetId));
}
