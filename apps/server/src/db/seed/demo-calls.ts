import { and, eq, inArray } from 'drizzle-orm';
import { normalizePhone } from '@omnicare/shared/customers/normalize';
import type { CallResult } from '@omnicare/shared/telephony/calls.schemas';
import type { Transaction } from '../../platform/db.js';
import { calls, queueHotlines, queueMembers, queues } from '../schema/telephony.js';
import { tickets } from '../schema/tickets.js';
import { pick, type Random } from './sample-people.js';

/** Sample calls of the demo tenant, so the call history opens with calls in it. */
export const SAMPLE_CALL_COUNT = 80;
/** The demo queue's hotline (taken only when no other tenant answers it). */
export const DEMO_HOTLINE = '19006789';
/** Calls of the regular customer (see REGULAR_TICKETS). */
export const REGULAR_CALLS = 4;

const DAY = 86_400_000;
const RESULTS: [CallResult, number][] = [
  ['answered', 65],
  ['missed', 15],
  ['abandoned', 12],
  ['busy', 5],
  ['failed', 3],
];
const CAUSES: Record<CallResult, string> = {
  answered: 'agent_hangup',
  missed: 'no_answer',
  abandoned: 'caller_hangup',
  busy: 'sip_486',
  failed: 'sip_503',
};

function weighted<T>(random: Random, entries: [T, number][]): T {
  let left = random() * entries.reduce((sum, [, weight]) => sum + weight, 0);
  for (const [value, weight] of entries) if ((left -= weight) <= 0) return value;
  return entries[0]![0];
}

/**
 * A queue answering DEMO_HOTLINE with the agents and the team leader, and calls over the last
 * two weeks between sample customers and those agents: inbound through the queue and outbound
 * from an agent, every result, each linked to a ticket of its customer when there is one. Rows
 * only (no gateway events behind them).
 */
export async function seedDemoCalls(
  tx: Transaction,
  tenantId: string,
  {
    random,
    staff,
    phones,
    regularId,
  }: {
    random: Random;
    staff: Record<string, string>;
    phones: { customerId: string; phone: string }[];
    /** The customer of the first demo tickets: the first REGULAR_CALLS calls are theirs. */
    regularId?: string;
  },
) {
  const agentIds = ['agent@demo.vn', 'agent2@demo.vn', 'leader@demo.vn']
    .map((email) => staff[email])
    .filter((id): id is string => !!id);
  if (agentIds.length === 0 || phones.length === 0) return;
  const [queue] = await tx
    .insert(queues)
    .values({ tenantId, name: 'Tổng đài CSKH', strategy: 'longest_idle' })
    .returning();
  if (!queue) return;
  await tx
    .insert(queueHotlines)
    .values({ hotline: DEMO_HOTLINE, tenantId, queueId: queue.id })
    .onConflictDoNothing();
  await tx
    .insert(queueMembers)
    .values(agentIds.map((userId) => ({ tenantId, queueId: queue.id, userId })));
  const regular = phones.find((entry) => entry.customerId === regularId);
  const callers = Array.from({ length: SAMPLE_CALL_COUNT }, (_, n) => {
    // Drawn for every call all the same, so the rest of the sample stays as it was.
    const drawn = pick(random, phones);
    return regular && n < REGULAR_CALLS ? regular : drawn;
  });
  const ticketRows = await tx
    .select({ id: tickets.id, requesterId: tickets.requesterId })
    .from(tickets)
    .where(
      and(
        eq(tickets.tenantId, tenantId),
        inArray(
          tickets.requesterId,
          callers.map((caller) => caller.customerId),
        ),
      ),
    );
  const now = Date.now();
  const rows: (typeof calls.$inferInsert)[] = callers.map((caller, n) => {
    const outbound = random() < 0.3;
    // The first ones show every result; the rest are drawn by weight.
    const result = RESULTS[n]?.[0] ?? weighted(random, RESULTS);
    const agentId = pick(random, agentIds);
    const startedAt = new Date(now - random() * 14 * DAY);
    const wait = Math.round(3 + random() * (result === 'answered' ? 40 : 90));
    const talk = result === 'answered' ? Math.round(20 + random() * 600) : 0;
    const answeredAt = result === 'answered' ? new Date(startedAt.getTime() + wait * 1000) : null;
    const endedAt = new Date(startedAt.getTime() + (wait + talk) * 1000);
    const from = outbound ? DEMO_HOTLINE : caller.phone;
    const to = outbound ? caller.phone : DEMO_HOTLINE;
    const ticket = ticketRows.find((row) => row.requesterId === caller.customerId);
    // Some answered inbound calls were handed over by a first agent (every other one after
    // consulting the next): the history shows their transfer chain.
    const firstAgent = agentIds.find((id) => id !== agentId);
    const transfers =
      answeredAt && !outbound && firstAgent && n % 5 === 2
        ? [
            {
              at: new Date(answeredAt.getTime() + (talk / 3) * 1000).toISOString(),
              from_user_id: firstAgent,
              to_user_id: agentId,
              ...(n % 10 === 2 ? { attended: true } : {}),
            },
          ]
        : [];
    // Some answered inbound calls were put on hold a while, and a few callers gave up on hold.
    const held = !!answeredAt && !outbound && n % 4 === 1;
    const endedOnHold = held && n % 12 === 1;
    return {
      tenantId,
      callId: `demo-${n + 1}-${startedAt.getTime().toString(36)}`,
      direction: outbound ? 'CALL_OUTBOUND' : 'CALL_INBOUND',
      fromNumber: from,
      toNumber: to,
      fromNational: normalizePhone(from),
      toNational: normalizePhone(to),
      hotline: DEMO_HOTLINE,
      customerId: caller.customerId,
      queueId: outbound ? null : queue.id,
      // An abandoned inbound call never reached anyone.
      agentId: result === 'abandoned' && !outbound ? null : agentId,
      deviceType: 0,
      status: result === 'failed' ? 'FAILED' : 'ENDED',
      startedAt,
      queuedAt: outbound ? null : startedAt,
      answeredAt,
      endedAt,
      talkSeconds: talk,
      holdSeconds: held ? Math.round(talk / 5) : 0,
      endedOnHold,
      waitSeconds: wait,
      result,
      cause: endedOnHold ? 'caller_hangup' : CAUSES[result],
      ticketId: ticket?.id ?? null,
      transfers,
    };
  });
  await tx.insert(calls).values(rows);
}
