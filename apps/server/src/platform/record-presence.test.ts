import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import {
  RECORD_PRESENCE_EVENTS,
  type RecordChanged,
  type RecordViewers,
} from '@omnicare/shared/realtime/record-presence';
import { createTestApp, type TestApp } from '../test/helpers.js';

let t: TestApp;
let url: string;
let admin: string;
let agent: string;
let tenantId: string;
const sockets: Socket[] = [];
const visible = randomUUID();
const hidden = randomUUID();

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  admin = await t.login('admin@demo.vn');
  agent = await t.login('agent@demo.vn');
  const account = await t.app.inject({
    method: 'GET',
    url: '/v2/my-account',
    headers: { authorization: admin },
  });
  tenantId = account.json().data.tenant_id;
  // The owning module's policy decides (for tickets: the data scope); here a fixed one.
  t.app.platform.realtime.allowWatching('ticket', async (_auth, id) => id === visible);
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
/** The next viewers announcement that satisfies the condition. */
const viewersWhere = (socket: Socket, test: (viewers: RecordViewers) => boolean) =>
  new Promise<RecordViewers>((resolve) => {
    const listener = (payload: RecordViewers) => {
      if (!test(payload)) return;
      socket.off(RECORD_PRESENCE_EVENTS.viewers, listener);
      resolve(payload);
    };
    socket.on(RECORD_PRESENCE_EVENTS.viewers, listener);
  });
const names = (payload: RecordViewers) => payload.viewers.map((viewer) => viewer.name).sort();

describe('who else is on a record', () => {
  it('tells everyone on a record who is there and who is typing, and when someone leaves', async () => {
    const adminSocket = await openSocket(admin);
    const agentSocket = await openSocket(agent);
    expect(await join(adminSocket, visible)).toEqual({ ok: true });
    const both = viewersWhere(adminSocket, (payload) => payload.viewers.length === 2);
    expect(await join(agentSocket, visible)).toEqual({ ok: true });
    const seen = await both;
    expect(seen).toMatchObject({ kind: 'ticket', id: visible });
    expect(names(seen)).toHaveLength(2);
    const agentName = seen.viewers.find((viewer) => viewer.name !== names(seen)[0])?.name;
    expect(agentName).toBeTruthy();

    const typing = viewersWhere(adminSocket, (payload) =>
      payload.viewers.some((viewer) => viewer.typing),
    );
    agentSocket.emit(RECORD_PRESENCE_EVENTS.typing, { kind: 'ticket', id: visible, typing: true });
    const typers = (await typing).viewers.filter((viewer) => viewer.typing);
    expect(typers).toHaveLength(1);

    const alone = viewersWhere(adminSocket, (payload) => payload.viewers.length === 1);
    agentSocket.close();
    expect((await alone).viewers[0]?.typing).toBe(false);
  });

  it('refuses a record the policy does not allow, and malformed requests', async () => {
    const socket = await openSocket(agent);
    expect(await join(socket, hidden)).toEqual({ ok: false });
    expect(
      await (socket.emitWithAck(RECORD_PRESENCE_EVENTS.join, {
        kind: 'invoice',
        id: visible,
      }) as Promise<unknown>),
    ).toEqual({ ok: false });
    expect(
      await (socket.emitWithAck(
        RECORD_PRESENCE_EVENTS.join,
        'x'.repeat(10_000),
      ) as Promise<unknown>),
    ).toEqual({ ok: false });
    // Typing on a record one has not joined tells nobody.
    const watcher = await openSocket(admin);
    await join(watcher, visible);
    let heardTyping = false;
    watcher.on(RECORD_PRESENCE_EVENTS.viewers, (payload: RecordViewers) => {
      if (payload.viewers.some((viewer) => viewer.typing)) heardTyping = true;
    });
    socket.emit(RECORD_PRESENCE_EVENTS.typing, { kind: 'ticket', id: visible, typing: true });
    // A round trip after the typing event: the server has handled it by then.
    await join(socket, hidden);
    expect(heardTyping).toBe(false);
  });

  it('tells a record’s viewers who changed it, and the tenant’s open lists only its id', async () => {
    const viewer = await openSocket(admin);
    await join(viewer, visible);
    const bystander = await openSocket(agent);
    bystander.emit(RECORD_PRESENCE_EVENTS.listWatch, { kind: 'ticket' });
    // A tab showing no ticket list (the chat workspace) hears none of the list's changes.
    const elsewhere = await openSocket(agent);
    let heardElsewhere = 0;
    elsewhere.on(RECORD_PRESENCE_EVENTS.listChanged, () => (heardElsewhere += 1));
    await join(bystander, visible); // a round trip: the list is watched by now
    const changed = new Promise<RecordChanged>((resolve) =>
      viewer.once(RECORD_PRESENCE_EVENTS.changed, resolve),
    );
    const listed = new Promise<unknown>((resolve) =>
      bystander.once(RECORD_PRESENCE_EVENTS.listChanged, resolve),
    );
    const change: RecordChanged = {
      kind: 'ticket',
      id: visible,
      by: { user_id: randomUUID(), name: 'Agent' },
      fields: ['status'],
      at: new Date().toISOString(),
    };
    t.app.platform.realtime.recordChanged(tenantId, change);
    expect(await changed).toEqual(change);
    expect(await listed).toEqual({ kind: 'ticket', id: visible });
    await join(elsewhere, visible); // what was sent to it before this answer has arrived
    expect(heardElsewhere).toBe(0);

    // Unwatched, the list hears no more.
    bystander.emit(RECORD_PRESENCE_EVENTS.listUnwatch, { kind: 'ticket' });
    await join(bystander, visible);
    let heardAfter = 0;
    bystander.on(RECORD_PRESENCE_EVENTS.listChanged, () => (heardAfter += 1));
    const changedAgain = new Promise<RecordChanged>((resolve) =>
      viewer.once(RECORD_PRESENCE_EVENTS.changed, resolve),
    );
    t.app.platform.realtime.recordChanged(tenantId, change);
    await changedAgain;
    await join(bystander, visible);
    expect(heardAfter).toBe(0);
  });
});
