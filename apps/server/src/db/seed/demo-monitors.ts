import { and, eq, inArray } from 'drizzle-orm';
import { normalizePhone } from '@omnicare/shared/customers/normalize';
import { TIME_ZONE } from '@omnicare/shared/platform/constants';
import { startOfDayIn } from '@omnicare/shared/platform/time';
import type { Transaction } from '../../platform/db.js';
import { calls, queues } from '../schema/telephony.js';
import { users } from '../schema/users.js';
import { DEMO_HOTLINE } from './demo-calls.js';
import { pick, seededRandom } from './sample-people.js';

/** The call ids of the monitors' sample calls start so (tests tell them apart by it). */
export const DAY_CALL_PREFIX = 'demo-day-';
const HOUR = 3_600_000;

/**
 * What the monitors show on a fresh demo: inbound calls through the demo queue hour by hour
 * today (up to now), yesterday and the same day last week (the daily statistics compare them;
 * the call-center's figures of today), and staff presences held for a while (the agents
 * monitor's time in state). Presences that receive no work (at lunch, in a meeting), so
 * automatic assignment behaves as before. Its own random stream: the other samples stay as they were.
 */
export async function seedDemoMonitors(
  tx: Transaction,
  tenantId: string,
  {
    staff,
    phones,
    now = Date.now(),
  }: {
    staff: Record<string, string>;
    phones: { customerId: string; phone: string }[];
    now?: number;
  },
) {
  const random = seededRandom(33);
  const agentIds = ['agent@demo.vn', 'agent2@demo.vn', 'leader@demo.vn']
    .map((email) => staff[email])
    .filter((id): id is string => !!id);
  const minutesAgo = (minutes: number) => new Date(now - minutes * 60_000);
  const held: [string, string | null, number][] = [
    ['agent2@demo.vn', 'ATLUNCH', 12],
    ['leader@demo.vn', 'MEETING', 41],
    ['agent@demo.vn', null, 27],
    ['supervisor@demo.vn', null, 95],
    ['admin@demo.vn', null, 180],
  ];
  for (const [email, presence, minutes] of held) {
    const id = staff[email];
    if (!id) continue;
    await tx
      .update(users)
      .set({ ...(presence ? { presence } : {}), presenceChangedAt: minutesAgo(minutes) })
      .where(eq(users.id, id));
  }
  const [queue] = await tx
    .select({ id: queues.id })
    .from(queues)
    .where(and(eq(queues.tenantId, tenantId), inArray(queues.name, ['Tổng đài CSKH'])));
  if (!queue || agentIds.length === 0 || phones.length === 0) return;
  const dayOf = (time: number) =>
    new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE, dateStyle: 'short' }).format(time);
  const rows: (typeof calls.$inferInsert)[] = [];
  for (const daysBack of [0, 1, 7]) {
    const start = startOfDayIn(dayOf(now - daysBack * 24 * HOUR), TIME_ZONE).getTime();
    for (let hour = 0; hour < 24; hour++) {
      const daytime = hour >= 8 && hour < 21;
      const count = daytime ? 1 + Math.floor(random() * 4) : random() < 0.25 ? 1 : 0;
      for (let n = 0; n < count; n++) {
        const startedAt = new Date(start + hour * HOUR + random() * HOUR);
        const answered = random() < 0.78;
        const wait = Math.round(2 + random() * (answered ? 35 : 70));
        const talk = answered ? Math.round(40 + random() * 400) : 0;
        const endedAt = new Date(startedAt.getTime() + (wait + talk) * 1000);
        // Only what has already ended by now.
        if (endedAt.getTime() >= now) continue;
        const caller = pick(random, phones);
        const agentId = pick(random, agentIds);
        rows.push({
          tenantId,
          callId: `${DAY_CALL_PREFIX}${daysBack}-${hour}-${n}-${startedAt.getTime().toString(36)}`,
          direction: 'CALL_INBOUND',
          fromNumber: caller.phone,
          toNumber: DEMO_HOTLINE,
          fromNational: normalizePhone(caller.phone),
          toNational: normalizePhone(DEMO_HOTLINE),
          hotline: DEMO_HOTLINE,
          customerId: caller.customerId,
          queueId: queue.id,
          agentId: answered ? agentId : null,
          deviceType: 0,
          status: 'ENDED',
          startedAt,
          queuedAt: startedAt,
          offeredAt: answered ? startedAt : null,
          answeredAt: answered ? new Date(startedAt.getTime() + wait * 1000) : null,
          endedAt,
          talkSeconds: talk,
          waitSeconds: wait,
          result: answered ? 'answered' : 'abandoned',
          cause: answered ? 'agent_hangup' : 'caller_hangup',
        });
      }
    }
  }
  if (rows.length > 0) await tx.insert(calls).values(rows);
}
