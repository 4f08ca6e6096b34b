import { randomUUID } from 'node:crypto';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { ConnectableKind } from '@omnicare/shared/channels/channels.schemas';
import type { Platform } from '../../platform/context.js';
import { channels } from '../../db/schema/conversations.js';
import type { ChannelRow } from './channel-loader.js';

/**
 * A provider token refresh of a channel (Zalo OA, OAuth2 mailboxes), one at a time across
 * instances, without a row lock or a transaction held across the HTTP call. Refresh tokens may be
 * single use (Zalo's always; OAuth2 servers that rotate them), so two instances must never spend
 * one. Holding `select … for update` during the token request did that, but kept a transaction
 * open and blocked every save of the channel for up to the request's timeout. Instead: a lease
 * claimed in one statement (`token_lease_id`, `token_lease_until`), the provider called with
 * nothing open, then the answer stored in a short transaction only while the lease is still ours
 * (a disconnect or a new connection meanwhile clears it: the answer is dropped). Whoever finds
 * the lease taken waits for it and reads the row again. A lease outlives the token request's
 * timeout, so it is only ever taken over from an instance that died holding it.
 */

export const TOKEN_LEASE_MS = 60_000;
/** How long a refresher waits for another one's lease before giving up (transient). */
const LEASE_WAIT_MS = 20_000;
const LEASE_POLL_MS = 100;

type RowValues = Partial<typeof channels.$inferInsert>;

export interface TokenLease {
  /**
   * Ends the lease writing `values(current row)` (none: only ends it), in a short transaction,
   * if the lease is still ours; false when it was lost (the answer must then be dropped).
   */
  store(values?: (current: ChannelRow) => RowValues): Promise<boolean>;
}

/** What clears any lease (a disconnect, a new connection: an answer under way is dropped). */
export const NO_TOKEN_LEASE = { tokenLeaseId: null, tokenLeaseUntil: null } as const;

/**
 * Runs `refresh` with the channel's row read under a fresh lease (undefined: no such channel of
 * that kind). `busy` makes the error thrown after waiting too long for another refresher.
 */
export async function underTokenLease<Result>(
  platform: Platform,
  channelId: string,
  kind: ConnectableKind,
  refresh: (row: ChannelRow, lease: TokenLease) => Promise<Result>,
  busy: () => Error,
): Promise<Result | undefined> {
  const deadline = Date.now() + LEASE_WAIT_MS;
  const id = randomUUID();
  for (;;) {
    const [row] = await platform.db
      .update(channels)
      .set({
        tokenLeaseId: id,
        tokenLeaseUntil: sql`now() + make_interval(secs => ${TOKEN_LEASE_MS / 1000})`,
      })
      .where(
        and(
          eq(channels.id, channelId),
          eq(channels.kind, kind),
          or(isNull(channels.tokenLeaseUntil), lt(channels.tokenLeaseUntil, sql`now()`)),
        ),
      )
      .returning();
    if (row) {
      const ours = and(eq(channels.id, channelId), eq(channels.tokenLeaseId, id));
      const lease: TokenLease = {
        async store(values) {
          if (!values) {
            const ended = await platform.db
              .update(channels)
              .set(NO_TOKEN_LEASE)
              .where(ours)
              .returning({ id: channels.id });
            return ended.length > 0;
          }
          return platform.db.transaction(async (tx) => {
            const [current] = await tx.select().from(channels).where(ours).for('update');
            if (!current) return false;
            await tx
              .update(channels)
              .set({ ...values(current), ...NO_TOKEN_LEASE })
              .where(ours);
            return true;
          });
        },
      };
      try {
        return await refresh(row, lease);
      } finally {
        // Not stored (a failure, nothing to write): the lease ends anyway.
        await platform.db.update(channels).set(NO_TOKEN_LEASE).where(ours);
      }
    }
    const [exists] = await platform.db
      .select({ id: channels.id })
      .from(channels)
      .where(and(eq(channels.id, channelId), eq(channels.kind, kind)));
    if (!exists) return undefined;
    if (Date.now() > deadline) throw busy();
    await new Promise((resolve) => setTimeout(resolve, LEASE_POLL_MS));
  }
}
