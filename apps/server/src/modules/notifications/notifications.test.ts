import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import type { AddressInfo } from 'node:net';
import {
  REALTIME_EVENTS,
  SESSION_EXPIRED_ERROR,
} from '@omnicare/shared/notifications/notifications.schemas';
import { bearer, createTestApp, testRedis, type TestApp } from '../../test/helpers.js';

let t: TestApp;
let url: string;
let admin: string;
let agent: string;
let agentId: string;
const sockets: Socket[] = [];

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  admin = await t.login('admin@demo.vn');
  agent = await t.login('agent@demo.vn');
  agentId = (
    await t.app.inject({ method: 'GET', url: '/v2/my-account', headers: bearer(agent) })
  ).json().data._id;
  await t.app.inject({ method: 'PUT', url: '/v2/notifications/read-all', headers: bearer(agent) });
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await t.close();
});

function openSocket(token: string) {
  const socket = connect(url, { auth: { token }, transports: ['websocket'], reconnection: false });
  sockets.push(socket);
  return socket;
}
const next = <T>(socket: Socket, event: string) =>
  new Promise<T>((resolve) => socket.once(event, (payload: T) => resolve(payload)));

describe('notifications', () => {
  it('pushes a new notification and the unread count to the recipient in real time', async () => {
    const socket = openSocket(agent);
    await next(socket, 'connect');
    const arrived = next<{ title: string; link: string }>(socket, REALTIME_EVENTS.notification);
    const counted = next<{ count: number }>(socket, REALTIME_EVENTS.unreadCount);
    const sent = await t.app.inject({
      method: 'POST',
      url: '/v2/notifications',
      headers: bearer(admin),
      payload: {
        title: 'Ticket #12 được giao cho bạn',
        body: 'Khách hàng Nguyễn Văn B',
        link: '/tickets/12',
        user_ids: [agentId],
      },
    });
    expect(sent.statusCode).toBe(201);
    expect(sent.json().data).toEqual({ sent: 1 });
    expect(await arrived).toMatchObject({
      title: 'Ticket #12 được giao cho bạn',
      link: '/tickets/12',
    });
    expect((await counted).count).toBe(1);

    const listed = await t.app.inject({
      method: 'GET',
      url: '/v2/notifications?unread=true',
      headers: bearer(agent),
    });
    expect(listed.json().total).toBe(1);
    const unread = await t.app.inject({
      method: 'GET',
      url: '/v2/notifications/unread-count',
      headers: bearer(agent),
    });
    expect(unread.json().data.count).toBe(1);

    const id = listed.json().data[0]._id;
    const recount = next<{ count: number }>(socket, REALTIME_EVENTS.unreadCount);
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: `/v2/notifications/${id}/read`,
          headers: bearer(agent),
        })
      ).statusCode,
    ).toBe(200);
    expect((await recount).count).toBe(0);
  });

  it('refuses a socket without a valid session', async () => {
    const socket = openSocket('not-a-token');
    const error = await next<Error>(socket, 'connect_error');
    expect(error.message).toBe(SESSION_EXPIRED_ERROR);
  });

  it("tells a revoked session's open tabs, and closes their sockets", async () => {
    const token = await t.login('agent2@demo.vn');
    const socket = openSocket(token);
    await next(socket, 'connect');
    const revoked = next(socket, REALTIME_EVENTS.sessionRevoked);
    // What a password reset or disabling the user does to their sessions.
    const { signOutEverywhere } = await import('../auth/auth.service.js');
    const agent2Id = (
      await t.app.inject({ method: 'GET', url: '/v2/my-account', headers: bearer(token) })
    ).json().data._id;
    await signOutEverywhere(t.app.platform, agent2Id, 'test');
    await revoked;
    await next(socket, 'disconnect');
    expect(
      (await t.app.inject({ method: 'GET', url: '/v2/my-account', headers: bearer(token) }))
        .statusCode,
    ).toBe(403);
  });

  it('tells a socket whose session ended while it was connecting', async () => {
    const token = await t.login('supervisor@demo.vn');
    const { tokens } = t.app.platform;
    const verify = tokens.verify.bind(tokens);
    // The sign-out lands after the handshake found the session live, before the socket joined
    // the session's room: nothing is in the room for the sign-out to tell.
    const spy = vi.spyOn(tokens, 'verify').mockImplementationOnce(async (raw) => {
      const auth = await verify(raw);
      const { signOutEverywhere } = await import('../auth/auth.service.js');
      if (auth) await signOutEverywhere(t.app.platform, auth.userId, 'test');
      return auth;
    });
    try {
      const socket = openSocket(token);
      await next(socket, REALTIME_EVENTS.sessionRevoked);
      await next(socket, 'disconnect');
    } finally {
      spy.mockRestore();
    }
  });

  it('marks all read, and keeps users to their own notifications', async () => {
    await t.app.inject({
      method: 'POST',
      url: '/v2/notifications',
      headers: bearer(admin),
      payload: { title: 'Thông báo chung' },
    });
    const mine = await t.app.inject({
      method: 'GET',
      url: '/v2/notifications',
      headers: bearer(admin),
    });
    const adminNotificationId = mine.json().data[0]._id;
    const foreign = await t.app.inject({
      method: 'PUT',
      url: `/v2/notifications/${adminNotificationId}/read`,
      headers: bearer(agent),
    });
    expect(foreign.statusCode).toBe(404);

    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: '/v2/notifications/read-all',
          headers: bearer(agent),
        })
      ).statusCode,
    ).toBe(200);
    const unread = await t.app.inject({
      method: 'GET',
      url: '/v2/notifications/unread-count',
      headers: bearer(agent),
    });
    expect(unread.json().data.count).toBe(0);
  });

  it('validates announcements and keeps them inside the tenant', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/v2/notifications',
      headers: bearer(admin),
      payload: { title: '  ' },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual([{ param: 'title', message: 'Tiêu đề không được bỏ trống' }]);
    const other = await t.login('admin@other.vn');
    const crossTenant = await t.app.inject({
      method: 'POST',
      url: '/v2/notifications',
      headers: bearer(other),
      payload: { title: 'x', user_ids: [agentId] },
    });
    expect(crossTenant.statusCode).toBe(422);
    expect(crossTenant.json().errors[0].param).toBe('user_ids');
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/v2/notifications',
          headers: bearer(agent),
          payload: { title: 'x' },
        })
      ).statusCode,
    ).toBe(401);
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: '/v2/notifications/abc/read',
          headers: bearer(agent),
        })
      ).statusCode,
    ).toBe(422);
  });

  it('takes only links inside the app', async () => {
    for (const link of ['//attacker.example', '/\\attacker.example', '/\t/attacker.example']) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/v2/notifications',
        headers: bearer(admin),
        payload: { title: 'Liên kết', link, user_ids: [agentId] },
      });
      expect(response.statusCode, link).toBe(422);
      expect(response.json().errors).toEqual([
        { param: 'link', message: 'Liên kết phải là đường dẫn trong ứng dụng' },
      ]);
    }
  });
});

describe('several server instances', () => {
  it('deliver a notification created on one instance to a socket on another, through Redis', async (context) => {
    const redis = await testRedis();
    if (!redis) return context.skip('no Redis here and no redis-server binary to start one');
    const redisUrl = redis.url;
    const first = await createTestApp({ redisUrl });
    const second = await createTestApp({ redisUrl });
    try {
      await second.app.listen({ port: 0, host: '127.0.0.1' });
      const secondUrl = `http://127.0.0.1:${(second.app.server.address() as AddressInfo).port}`;
      const token = await second.login('agent@demo.vn');
      const socket = connect(secondUrl, {
        auth: { token },
        transports: ['websocket'],
        reconnection: false,
      });
      sockets.push(socket);
      await next(socket, 'connect');
      const arrived = next<{ title: string }>(socket, REALTIME_EVENTS.notification);
      const sent = await first.app.inject({
        method: 'POST',
        url: '/v2/notifications',
        headers: bearer(await first.login('admin@demo.vn')),
        payload: { title: 'Qua Redis', user_ids: [agentId] },
      });
      expect(sent.statusCode).toBe(201);
      expect((await arrived).title).toBe('Qua Redis');
    } finally {
      await first.close();
      await second.close();
      await redis.stop();
    }
  });
});
