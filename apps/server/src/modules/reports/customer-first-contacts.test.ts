import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, seedTenant, type TestApp } from '../../test/helpers.js';

/*
 * customer_first_contacts (migration 0056): each customer's earliest ticket or inbound call,
 * kept by triggers, which the reports' new and returning customers read. After every kind of
 * change it must equal what the customers' history says.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const query = async <Row extends Record<string, unknown>>(text: string, values: unknown[] = []) =>
  (await t.database.pool.query<Row>(text, values)).rows;

describe("customers' first contacts", () => {
  it('follow new, backdated, moved, re-timed and deleted tickets and inbound calls', async () => {
    const tenant = await seedTenant(t, 'Liên hệ đầu tiên');
    const tenantId = tenant.tenantId;
    const customer = async (name: string) =>
      (
        await query<{ id: string }>(
          'insert into customers (tenant_id, name) values ($1, $2) returning id',
          [tenantId, name],
        )
      )[0]!.id;
    const ticket = async (requester: string | null, at: string) =>
      (
        await query<{ id: string }>(
          `insert into tickets (tenant_id, subject, status, source, requester_id, created_at, updated_at)
           values ($1, 'liên hệ', 'open', 'web', $2, $3::timestamptz, $3::timestamptz) returning id`,
          [tenantId, requester, at],
        )
      )[0]!.id;
    const call = async (customerId: string | null, at: string, direction = 'CALL_INBOUND') =>
      (
        await query<{ id: string }>(
          `insert into calls (tenant_id, call_id, direction, from_number, status, started_at, customer_id)
           values ($1, $2, $3, '0912000111', 'ENDED', $4::timestamptz, $5) returning id`,
          [tenantId, `first-${Math.random().toString(36).slice(2)}`, direction, at, customerId],
        )
      )[0]!.id;
    const [a, b, c] = [await customer('An'), await customer('Bình'), await customer('Chi')];

    /** The table's rows for the tenant's customers, and what their history says they should be. */
    const expectTrue = async () => {
      const kept = await query<{ customer_id: string; first_at: Date }>(
        `select fc.customer_id, fc.first_at from customer_first_contacts fc
         where fc.tenant_id = $1 order by 1`,
        [tenantId],
      );
      const history = await query<{ customer_id: string; first_at: Date }>(
        `select cu.id as customer_id, least(
           (select min(tk.created_at) from tickets tk where tk.requester_id = cu.id),
           (select min(cl.started_at) from calls cl where cl.customer_id = cu.id
              and cl.direction = 'CALL_INBOUND')) as first_at
         from customers cu where cu.tenant_id = $1 order by 1`,
        [tenantId],
      );
      expect(kept).toEqual(history.filter((row) => row.first_at !== null));
      return new Map(kept.map((row) => [row.customer_id, row.first_at.toISOString()]));
    };

    const t1 = await ticket(a, '2026-05-10T03:00:00Z');
    await ticket(a, '2026-05-12T03:00:00Z');
    // A backdated contact moves the first earlier; an outbound call is no contact.
    const c1 = await call(a, '2026-05-01T03:00:00Z');
    await call(b, '2026-04-01T03:00:00Z', 'CALL_OUTBOUND');
    await ticket(null, '2026-04-01T03:00:00Z');
    let firsts = await expectTrue();
    expect(firsts.get(a)).toBe('2026-05-01T03:00:00.000Z');
    expect(firsts.has(b)).toBe(false);

    // The call linked to another customer: both looked up again.
    await query('update calls set customer_id = $1 where id = $2', [b, c1]);
    firsts = await expectTrue();
    expect(firsts.get(a)).toBe('2026-05-10T03:00:00.000Z');
    expect(firsts.get(b)).toBe('2026-05-01T03:00:00.000Z');

    // A ticket re-timed, then moved to a customer with no contact yet, then deleted.
    await query(`update tickets set created_at = '2026-06-01T00:00:00Z' where id = $1`, [t1]);
    expect((await expectTrue()).get(a)).toBe('2026-05-12T03:00:00.000Z');
    await query('update tickets set requester_id = $1 where id = $2', [c, t1]);
    expect((await expectTrue()).get(c)).toBe('2026-06-01T00:00:00.000Z');
    await query('delete from tickets where id = $1', [t1]);
    expect((await expectTrue()).has(c)).toBe(false);

    // The call turned outbound is no contact any more; a customer deleted takes their row along.
    await query(`update calls set direction = 'CALL_OUTBOUND' where id = $1`, [c1]);
    expect((await expectTrue()).has(b)).toBe(false);
    await ticket(c, '2026-07-01T00:00:00Z');
    await query('delete from tickets where requester_id = $1', [c]);
    await query('delete from customers where id = $1', [c]);
    await expectTrue();
  });
});
