import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import {
  RECORD_PRESENCE_EVENTS,
  type RecordChanged,
  type RecordViewers,
} from '@omnicare/shared/realtime/record-presence';
import { REALTIME_EVENTS } from '@omnicare/shared/notifications/notifications.schemas';
import { eq } from 'drizzle-orm';
import { bearer, createTestApp, seedTenant, type TestApp } from '../../test/helpers.js';
import { tickets } from '../../db/schema/tickets.js';
import { runSlaBreaches } from './ticket-sla.js';
import { updateTicketAsSystem } from './ticket-changes.js';

let t: TestApp;
let url: string;
const sockets: Socket[] = [];

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await t.close();
});

async function openSocket(token: string) {
  const socket = connect(url, { auth: { token }, transports: ['websocket'], reconnection: false });
  sockets.push(socket);
  await new Promise((resolve) => socket.once('connect', () => resolve(undefined)));
  return socket;
}
const join = (socket: Socket, id: string) =>
  socket.emitWithAck(RECORD_PRESENCE_EVENTS.join, { kind: 'ticket', id }) as Promise<{
    ok: boolean;
  }>;

describe('tickets in real time', () => {
  it('lets only those who may see a ticket watch it, and tells them who changed what', async () => {
    const tenant = await seedTenant(t);
    const admin = await t.login(tenant.email('admin'));
    const agent = await t.login(tenant.email('agent'));
    const created = await t.app.inject({
      method: 'POST',
      url: '/v2/tickets',
      headers: bearer(admin),
      payload: { subject: 'Không giao cho ai' },
    });
    const ticketId = created.json().data._id as string;

    // The agent's scope is their own tickets: not this one.
    const agentSocket = await openSocket(agent);
    agentSocket.emit(RECORD_PRESENCE_EVENTS.listWatch, { kind: 'ticket' });
    expect(await join(agentSocket, ticketId)).toEqual({ ok: false });
    const watcher = await openSocket(admin);
    expect(await join(watcher, ticketId)).toEqual({ ok: true });

    // Delivery is asynchronous: the creation's own event may arrive first.
    const changed = new Promise<RecordChanged>((resolve) => {
      const listener = (change: RecordChanged) => {
        if (!change.fields.includes('status')) return;
        watcher.off(RECORD_PRESENCE_EVENTS.changed, listener);
        resolve(change);
      };
      watcher.on(RECORD_PRESENCE_EVENTS.changed, listener);
    });
    const listed = new Promise<unknown>((resolve) =>
      agentSocket.once(RECORD_PRESENCE_EVENTS.listChanged, resolve),
    );
    await t.app.inject({
      method: 'PUT',
      url: `/v2/tickets/${ticketId}`,
      headers: bearer(admin),
      payload: { status: 'pending' },
    });
    expect(await changed).toMatchObject({
      kind: 'ticket',
      id: ticketId,
      by: { user_id: tenant.id('admin') },
      fields: ['status'],
    });
    expect((await changed).by.name).not.toBe('');
    // The lists hear the id only, nothing of what changed.
    expect(await listed).toEqual({ kind: 'ticket', id: ticketId });

    const assigned = await t.app.inject({
      method: 'PUT',
      url: `/v2/tickets/${ticketId}`,
      headers: bearer(admin),
      payload: { assignee_id: tenant.id('agent') },
    });
    expect(assigned.statusCode).toBe(200);
    expect(await join(agentSocket, ticketId)).toEqual({ ok: true });
  });

  it('stops telling a viewer of a ticket once it leaves their scope', async () => {
    const tenant = await seedTenant(t);
    const admin = await t.login(tenant.email('admin'));
    const agent = await t.login(tenant.email('agent'));
    const created = await t.app.inject({
      method: 'POST',
      url: '/v2/tickets',
      headers: bearer(admin),
      payload: { subject: 'Của chuyên viên một', assignee_id: tenant.id('agent') },
    });
    const ticketId = created.json().data._id as string;
    const agentSocket = await openSocket(agent);
    const watcher = await openSocket(admin);
    expect(await join(watcher, ticketId)).toEqual({ ok: true });
    const both = new Promise<void>((resolve) => {
      const listener = (payload: RecordViewers) => {
        if (payload.viewers.length !== 2) return;
        watcher.off(RECORD_PRESENCE_EVENTS.viewers, listener);
        resolve();
      };
      watcher.on(RECORD_PRESENCE_EVENTS.viewers, listener);
    });
    expect(await join(agentSocket, ticketId)).toEqual({ ok: true });
    await both;

    // Given to the second agent: the first (scope 'me') may no longer see it. What the agent
    // hears counts from the moment the change is saved: the outbox may deliver the ticket's
    // creation late (after the join), which the agent was then still allowed to hear.
    const heardByAgent: RecordChanged[] = [];
    let listening = false;
    agentSocket.on(RECORD_PRESENCE_EVENTS.changed, (change: RecordChanged) => {
      if (listening) heardByAgent.push(change);
    });
    const adminAlone = new Promise<RecordViewers>((resolve) => {
      const listener = (payload: RecordViewers) => {
        if (payload.viewers.length !== 1) return;
        watcher.off(RECORD_PRESENCE_EVENTS.viewers, listener);
        resolve(payload);
      };
      watcher.on(RECORD_PRESENCE_EVENTS.viewers, listener);
    });
    const statusHeard = new Promise<RecordChanged>((resolve) => {
      const listener = (change: RecordChanged) => {
        if (!change.fields.includes('status')) return;
        watcher.off(RECORD_PRESENCE_EVENTS.changed, listener);
        resolve(change);
      };
      watcher.on(RECORD_PRESENCE_EVENTS.changed, listener);
    });
    const reassigned = await t.app.inject({
      method: 'PUT',
      url: `/v2/tickets/${ticketId}`,
      headers: bearer(admin),
      payload: { assignee_id: tenant.id('agent2') },
    });
    expect(reassigned.statusCode).toBe(200);
    listening = true;
    // The agent left the room: the others see the admin alone.
    expect((await adminAlone).viewers.map((viewer) => viewer.user_id)).toEqual([
      tenant.id('admin'),
    ]);
    await t.app.inject({
      method: 'PUT',
      url: `/v2/tickets/${ticketId}`,
      headers: bearer(admin),
      payload: { status: 'pending' },
    });
    await statusHeard;
    // A round trip on the agent's socket after the admin heard the change: anything sent to the
    // agent for it would have arrived first.
    expect(await join(agentSocket, randomUUID())).toEqual({ ok: false });
    expect(heardByAgent).toEqual([]);
  });

  it("tells the tenant's screens when a ticket setting changes, and no other tenant's", async () => {
    const tenant = await seedTenant(t);
    const other = await seedTenant(t);
    const admin = await t.login(tenant.email('admin'));
    const agentSocket = await openSocket(await t.login(tenant.email('agent')));
    const outsider = await openSocket(await t.login(other.email('admin')));
    const heard: string[] = [];
    outsider.on(REALTIME_EVENTS.ticketSettings, () => heard.push('other tenant'));
    const told = new Promise<{ entity: string }>((resolve) =>
      agentSocket.once(REALTIME_EVENTS.ticketSettings, resolve),
    );
    const saved = await t.app.inject({
      method: 'POST',
      url: '/v2/smart-view',
      headers: bearer(admin),
      payload: {
        name: 'Đang mở',
        filters: { status: ['open'] },
        columns: ['code', 'subject'],
        sort: { field: 'updated_at', direction: 'desc' },
        shared: true,
      },
    });
    expect(saved.statusCode, saved.body).toBe(201);
    expect(await told).toEqual({ entity: 'smart_view' });
    // A round trip on the outsider's socket after the save: a notice sent to it would be ahead.
    expect(await join(outsider, randomUUID())).toEqual({ ok: false });
    expect(heard).toEqual([]);
  });

  it('names the workflow or the job that changed a ticket when no person did', async () => {
    const tenant = await seedTenant(t);
    const admin = await t.login(tenant.email('admin'));
    const created = await t.app.inject({
      method: 'POST',
      url: '/v2/tickets',
      headers: bearer(admin),
      payload: { subject: 'Đổi bởi hệ thống' },
    });
    const ticketId = created.json().data._id as string;
    const watcher = await openSocket(admin);
    expect(await join(watcher, ticketId)).toEqual({ ok: true });
    const heard = (field: string) =>
      new Promise<RecordChanged>((resolve) => {
        const listener = (change: RecordChanged) => {
          if (change.id !== ticketId || !change.fields.includes(field)) return;
          watcher.off(RECORD_PRESENCE_EVENTS.changed, listener);
          resolve(change);
        };
        watcher.on(RECORD_PRESENCE_EVENTS.changed, listener);
      });

    const byWorkflow = heard('status');
    await updateTicketAsSystem(
      t.app.platform,
      tenant.tenantId,
      ticketId,
      { status: 'pending' },
      { via: { kind: 'workflow', name: 'Gán VIP' } },
    );
    expect((await byWorkflow).by).toEqual({ user_id: '', name: 'Tự động hóa: Gán VIP' });

    const byJob = heard('sla_breached_at');
    await t.database.db
      .update(tickets)
      .set({ slaDueAt: new Date(Date.now() - 60_000) })
      .where(eq(tickets.id, ticketId));
    await runSlaBreaches(t.app.platform);
    expect((await byJob).by).toEqual({ user_id: '', name: 'Hệ thống: Kiểm tra SLA' });
  });
});
