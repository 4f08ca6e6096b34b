import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db.js';
import { passwordResets, sessions, users } from '../../db/schema/index.js';

export function findUserByEmail(db: Database, email: string) {
  return db.query.users.findFirst({ where: sql`lower(${users.email}) = ${email.toLowerCase()}` });
}

export function findUserInTenant(db: Database, tenantId: string, userId: string) {
  return db.query.users.findFirst({
    where: and(eq(users.tenantId, tenantId), eq(users.id, userId)),
  });
}

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
  const row = await db.query.sessions.findFirst({
    columns: { id: true },
    where: and(eq(sessions.userId, userId), eq(sessions.ip, ip), isNull(sessions.impersonatorId)),
  });
  return row !== undefined;
}

export function findSession(db: Database, sessionId: string) {
  return db.query.sessions.findFirst({ where: eq(sessions.id, sessionId) });
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

export async function replaceResetCode(
  db: Database,
  values: { tenantId: string; userId: string; codeHash: string; expiresAt: Date },
) {
  await db.transaction(async (tx) => {
    // Only the newest code works: asking again voids the one before.
    await tx
      .update(passwordResets)
      .set({ usedAt: new Date() })
      .where(and(eq(passwordResets.userId, values.userId), isNull(passwordResets.usedAt)));
    await tx.insert(passwordResets).values(values);
  });
}

export function findLiveResetCode(db: Database, userId: string) {
  return db.query.passwordResets.findFirst({
    where: and(
      eq(passwordResets.userId, userId),
      isNull(passwordResets.usedAt),
      gt(passwordResets.expiresAt, new Date()),
    ),
  });
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
