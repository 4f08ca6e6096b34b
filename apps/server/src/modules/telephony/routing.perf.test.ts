// Statements per operation (the performance project): what routing a call costs the database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type pg from 'pg';
import { createTestApp, whileWatchingStatements, type TestApp } from '../../test/helpers.js';
import {
  GATEWAY_SECRET,
  createQueue,
  freshCallId,
  freshHotline,
  readyTelephonyTenant,
  route,
} from '../../test/telephony.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ telephonyGatewaySecret: GATEWAY_SECRET });
});
afterAll(() => t.close());

describe('routing decisions', () => {
  it('decides a ring in seven statements, a ring after a ring timeout too', async () => {
    const { tenant, tokens } = await readyTelephonyTenant(t);
    const hotline = freshHotline();
    await createQueue(t, tokens.admin as string, {
      name: 'Đếm câu lệnh',
      hotlines: [hotline],
      member_ids: [tenant.id('agent'), tenant.id('agent2')],
    });
    /**
     * The statements the server sends while `work` runs, less the background work that may run
     * meanwhile: pg-boss's polling, the outbox's relay (a transaction of its own, from its
     * `begin; set local synchronous_commit = off` to its end on that connection) and deliveries,
     * and the end of any transaction begun before the watch (its `begin` was not seen).
     */
    const statements = async (work: () => Promise<unknown>) => {
      const seen: string[] = [];
      const inRelay = new Set<pg.Client>();
      const begun = new Set<pg.Client>();
      const ends = (text: string) => text === 'commit' || text === 'rollback';
      await whileWatchingStatements(work, (text, client) => {
        if (text.includes('synchronous_commit = off')) inRelay.add(client);
        else if (inRelay.has(client)) {
          if (ends(text)) inRelay.delete(client);
        } else if (ends(text) && !begun.delete(client)) return;
        else if (!/pgboss|domain_events|outbox_(cursors|progress)/.test(text)) {
          if (text === 'begin') begun.add(client);
          seen.push(text);
        }
      });
      return seen;
    };
    const call = freshCallId();
    let first: Awaited<ReturnType<typeof route>> | undefined;
    // the queue; begin, the tenant's lock, the call row, the next agent, the ring, commit (and
    // no change notice waited for: routing writes no table a change topic covers)
    const asked = await statements(async () => {
      first = await route(t, { call_id: call, from: '0912345678', to: hotline });
    });
    expect(first?.action).toBe('ring');
    expect(asked, asked.join('\n---\n')).toHaveLength(7);
    // the previous agent is looked up inside the next agent's statement
    let again: Awaited<ReturnType<typeof route>> | undefined;
    const askedAgain = await statements(async () => {
      again = await route(t, {
        call_id: call,
        from: '0912345678',
        to: hotline,
        attempt: 2,
        previous_agent: first?.agent?.sip_username,
      });
    });
    expect(again?.agent?.user_id).not.toBe(first?.agent?.user_id);
    expect(askedAgain, askedAgain.join('\n---\n')).toHaveLength(7);
  });
});
