import { CHAT_CONFIG_DEFAULTS } from '@omnicare/shared/conversations/chat-config.schemas';
import type { Platform } from '../../platform/context.js';
import { updateTicketAsSystem } from '../tickets/ticket-changes.js';
import * as repo from './conversations.repository.js';

/** The pg-boss job resolving silent conversations (cron, any instance). */
export const AUTO_RESOLVE_JOB = 'conversations.auto-resolve';
/** Every five minutes: the setting counts in hours. */
export const AUTO_RESOLVE_CRON = '*/5 * * * *';

/**
 * What the activity log and the live push credit the change to:
 * 'Hệ thống: Tự động giải quyết hội thoại'.
 */
export const AUTO_RESOLVE_VIA = { kind: 'job', name: 'Tự động giải quyết hội thoại' } as const;

const BATCH = 200;
const BATCHES_PER_RUN = 10;

/** The conversations silent past their tenant's setting now, oldest silence first. */
export const findSilentConversations = (platform: Platform, now: Date, limit = BATCH) =>
  repo.silentConversations(platform.db, {
    now,
    defaultHours: CHAT_CONFIG_DEFAULTS.auto_resolve_hours,
    limit,
  });
export type SilentConversation = Awaited<ReturnType<typeof findSilentConversations>>[number];

/**
 * Resolves what `findSilentConversations` found, each as one change of its ticket by the system
 * (`updateTicketAsSystem`, via this job), so the survey and the widget's status follow from its
 * `ticket.updated` as from an agent's resolve. A ticket changed since it was found (a new
 * message, an agent's edit) stays as it is, for the next run to judge. Answers how many were
 * resolved.
 */
export async function resolveSilent(
  platform: Platform,
  rows: readonly SilentConversation[],
): Promise<number> {
  const outcomes = await Promise.allSettled(
    rows.map((row) => {
      const readAt = row.updatedAt.toISOString();
      let resolves = false;
      return updateTicketAsSystem(
        platform,
        row.tenantId,
        row.ticketId,
        // Worked out under the ticket's lock.
        (before) => {
          resolves = before.updated_at === readAt;
          return resolves ? { status: 'solved' } : {};
        },
        { via: AUTO_RESOLVE_VIA },
      ).then(() => resolves);
    }),
  );
  let resolved = 0;
  for (const [index, outcome] of outcomes.entries()) {
    if (outcome.status === 'fulfilled') resolved += outcome.value ? 1 : 0;
    else
      platform.log.warn(
        { err: outcome.reason, ticketId: rows[index]?.ticketId },
        'auto-resolve: a conversation was not resolved',
      );
  }
  return resolved;
}

/**
 * The job: resolves (status 'solved') the open conversations whose last message is older than
 * their tenant's `auto_resolve_hours` (0: never), in batches. Answers how many were resolved.
 */
export async function runAutoResolve(platform: Platform, now = new Date()): Promise<number> {
  let resolved = 0;
  const tried = new Set<string>();
  for (let batch = 0; batch < BATCHES_PER_RUN; batch++) {
    const found = await findSilentConversations(platform, now);
    const rows = found.filter((row) => !tried.has(row.ticketId));
    for (const row of rows) tried.add(row.ticketId);
    if (rows.length > 0) resolved += await resolveSilent(platform, rows);
    if (found.length < BATCH || rows.length === 0) break;
  }
  return resolved;
}
