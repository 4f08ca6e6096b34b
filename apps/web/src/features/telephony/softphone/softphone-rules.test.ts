import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SIP, STORAGE_KEYS } from '@omnicare/shared/platform/constants';
import {
  CONNECT_WATCHDOG_MS,
  CappedLog,
  UNREACHABLE_RETRY_MS,
  checkMedia,
  decideFailover,
  iceServers,
  initialFailover,
  isDialable,
  keepRecent,
  loadWithRetries,
  normalizeDialNumber,
  parseGatewayUrls,
  pollFor,
  readLastHangupClickAt,
  recordHangupClick,
  restartAfterRegistrationFailure,
  shouldTraceCallError,
  uaSettings,
  weightedSockets,
} from './softphone-rules';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('loading JsSIP', () => {
  it('tries 3 times 200 ms apart and gives the module once a try succeeds', async () => {
    const load = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new Error('chunk'))
      .mockRejectedValueOnce(new Error('chunk'))
      .mockResolvedValue('JsSIP');
    const result = loadWithRetries(load);
    await vi.advanceTimersByTimeAsync(0);
    expect(load).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(199);
    expect(load).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(load).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(200);
    await expect(result).resolves.toBe('JsSIP');
    expect(load).toHaveBeenCalledTimes(3);
  });

  it('rejects after the third failure, without a fourth try', async () => {
    const load = vi.fn<() => Promise<string>>().mockRejectedValue(new Error('offline'));
    const result = loadWithRetries(load);
    const caught = result.catch((error: Error) => error.message);
    await vi.advanceTimersByTimeAsync(1_000);
    await expect(caught).resolves.toBe('offline');
    expect(load).toHaveBeenCalledTimes(SIP.libraryLoadTries);
  });
});

describe('browser checks', () => {
  const navigatorWith = (getUserMedia?: () => Promise<unknown>) =>
    ({ mediaDevices: getUserMedia ? { getUserMedia } : undefined }) as unknown as Navigator;

  it('needs WebRTC', async () => {
    await expect(checkMedia({ navigator: navigatorWith(async () => ({})) })).resolves.toBe(
      'unsupported',
    );
  });

  it('asks for the microphone and releases it', async () => {
    const stop = vi.fn();
    const getUserMedia = vi.fn(async () => ({ getTracks: () => [{ stop }] }));
    const win = { RTCPeerConnection: class {}, navigator: navigatorWith(getUserMedia) };
    await expect(checkMedia(win)).resolves.toBe('ok');
    expect(getUserMedia).toHaveBeenCalledWith({ audio: true });
    expect(stop).toHaveBeenCalled();
  });

  it('reports a refused microphone', async () => {
    const win = {
      RTCPeerConnection: class {},
      navigator: navigatorWith(() => Promise.reject(new DOMException('denied', 'NotAllowedError'))),
    };
    await expect(checkMedia(win)).resolves.toBe('microphone_denied');
  });
});

describe('configuration from /v2/my-softphone', () => {
  const account = {
    username: 'mai',
    sipGatewayUrl: 'wss://sip1.example.vn:7443/ws, wss://sip2.example.vn:7443',
    sipPass: 'secret',
    agentId: 'A1',
    hotline: '19001234',
  };

  it('reads one or two ws(s) URLs, primary first', () => {
    expect(parseGatewayUrls(account.sipGatewayUrl)).toEqual([
      'wss://sip1.example.vn:7443/ws',
      'wss://sip2.example.vn:7443',
    ]);
    expect(parseGatewayUrls('ws://127.0.0.1:18080')).toEqual(['ws://127.0.0.1:18080']);
    expect(parseGatewayUrls('http://x, , ')).toEqual([]);
    expect(parseGatewayUrls(null)).toEqual([]);
  });

  it('gives the primary weight 1 and the backup weight 0, in either order', () => {
    const urls = parseGatewayUrls(account.sipGatewayUrl);
    expect(weightedSockets(urls)).toEqual([
      { url: urls[0], weight: 1 },
      { url: urls[1], weight: 0 },
    ]);
    expect(weightedSockets(urls, urls[1])).toEqual([
      { url: urls[1], weight: 1 },
      { url: urls[0], weight: 0 },
    ]);
  });

  it('registers as the user at the primary host with the spec constants', () => {
    expect(uaSettings(account)).toEqual({
      uri: 'sip:mai@sip1.example.vn',
      authorization_user: 'mai',
      password: 'secret',
      register_expires: 120,
      connection_recovery_min_interval: 2,
      connection_recovery_max_interval: 10,
      session_timers: false,
      register: true,
    });
  });

  it('uses three public STUN servers unless told otherwise', () => {
    expect(iceServers()[0]?.urls).toHaveLength(3);
    expect(iceServers([])).toEqual([]);
    expect(iceServers(['stun:127.0.0.1:3478'])).toEqual([{ urls: ['stun:127.0.0.1:3478'] }]);
  });
});

describe('dialled numbers', () => {
  it('accepts the +84 and 0 forms and pasted punctuation', () => {
    expect(normalizeDialNumber('+84 912 345 678')).toBe('0912345678');
    expect(normalizeDialNumber('84912345678')).toBe('0912345678');
    expect(normalizeDialNumber(' 0912.345.678 ')).toBe('0912345678');
    expect(normalizeDialNumber('(024) 3826-1234')).toBe('02438261234');
    expect(normalizeDialNumber('+65 9123 4567')).toBe('006591234567');
    expect(normalizeDialNumber('1900 1234')).toBe('19001234');
    expect(normalizeDialNumber('abc')).toBe('');
  });

  it('calls 2 to 16 digits, * and #', () => {
    expect(isDialable('101')).toBe(true);
    expect(isDialable('0912345678')).toBe(true);
    expect(isDialable('1')).toBe(false);
    expect(isDialable('')).toBe(false);
  });
});

describe('logs and recent sessions', () => {
  it('keeps the first 50 events only', () => {
    const log = new CappedLog<number>();
    for (let i = 0; i < 60; i += 1) log.push(i);
    expect(log.size).toBe(50);
    expect(log.list()[0]).toBe(0);
    expect(log.list().at(-1)).toBe(49);
    expect(log.push(99)).toBe(false);
  });

  it('keeps the 3 most recent sessions', () => {
    let list: string[] = [];
    for (const id of ['a', 'b', 'c', 'd']) list = keepRecent(list, id);
    expect(list).toEqual(['b', 'c', 'd']);
  });
});

describe('answer polling', () => {
  it('finds a session that arrives within 500 ms, checking every 200 ms', async () => {
    let session: string | null = null;
    const find = vi.fn(() => session);
    const result = pollFor(find);
    await vi.advanceTimersByTimeAsync(200);
    session = 'S1';
    await vi.advanceTimersByTimeAsync(200);
    await expect(result).resolves.toBe('S1');
    expect(find).toHaveBeenCalledTimes(3);
  });

  it('gives up after 500 ms', async () => {
    const find = vi.fn(() => null);
    const result = pollFor(find);
    await vi.advanceTimersByTimeAsync(499);
    let settled = false;
    void result.then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await expect(result).resolves.toBeNull();
    // 0, 200, 400 and the last look at 500 ms.
    expect(find).toHaveBeenCalledTimes(4);
  });
});

describe('failed-call traces', () => {
  const base = {
    direction: 'outgoing' as const,
    originator: 'remote',
    cause: 'Busy',
    lastHangupClickAt: null,
    now: 10_000,
  };

  it('are sent for a failed call', () => {
    expect(shouldTraceCallError(base)).toBe(true);
  });

  it('are not sent for an incoming call the caller cancelled', () => {
    expect(shouldTraceCallError({ ...base, direction: 'incoming', cause: 'Canceled' })).toBe(false);
    // An outgoing cancel is ours and still reported; so is an incoming failure of another cause.
    expect(shouldTraceCallError({ ...base, cause: 'Canceled' })).toBe(true);
    expect(
      shouldTraceCallError({ ...base, direction: 'incoming', cause: 'SIP Failure Code' }),
    ).toBe(true);
  });

  it('are not sent within 1 s of a hang-up click (local storage lastHangupClickAt)', () => {
    recordHangupClick(9_200);
    expect(localStorage.getItem(STORAGE_KEYS.lastHangupClickAt)).toBe('9200');
    const at = readLastHangupClickAt();
    expect(shouldTraceCallError({ ...base, lastHangupClickAt: at, now: 10_000 })).toBe(false);
    expect(shouldTraceCallError({ ...base, lastHangupClickAt: at, now: 10_200 })).toBe(false);
    expect(shouldTraceCallError({ ...base, lastHangupClickAt: at, now: 10_201 })).toBe(true);
  });
});

describe('gateway failover', () => {
  const urls = ['ws://primary', 'ws://backup'];

  it('moves to the backup when the primary fails, and back after the backup fails', () => {
    let state = initialFailover(urls);
    let step = decideFailover(state, { type: 'socket_failed', url: 'ws://primary' });
    expect(step.action).toEqual({ type: 'switch', first: 'ws://backup' });
    state = decideFailover(step.state, { type: 'registered', url: 'ws://backup' }).state;
    expect(state.unreachable).toEqual([]);
    step = decideFailover(state, { type: 'socket_failed', url: 'ws://backup' });
    expect(step.action).toEqual({ type: 'switch', first: 'ws://primary' });
  });

  it('says unreachable when both failed, and retries the primary later', () => {
    let step = decideFailover(initialFailover(urls), {
      type: 'socket_failed',
      url: 'ws://primary',
    });
    step = decideFailover(step.state, { type: 'socket_failed', url: 'ws://backup' });
    expect(step.action).toEqual({ type: 'unreachable', retryInMs: UNREACHABLE_RETRY_MS });
    step = decideFailover(step.state, { type: 'retry' });
    expect(step.action).toEqual({ type: 'switch', first: 'ws://primary' });
    expect(step.state.unreachable).toEqual([]);
  });

  it('ignores a late report about a socket already left', () => {
    const moved = decideFailover(initialFailover(urls), {
      type: 'socket_failed',
      url: 'ws://primary',
    });
    const late = decideFailover(moved.state, { type: 'socket_failed', url: 'ws://primary' });
    expect(late.action).toEqual({ type: 'none' });
  });

  it('with one gateway, a failure is unreachable at once', () => {
    const step = decideFailover(initialFailover(['ws://only']), {
      type: 'socket_failed',
      url: 'ws://only',
    });
    expect(step.action.type).toBe('unreachable');
  });

  it('gives a socket a short watchdog (registered on the backup within 3 s)', () => {
    expect(CONNECT_WATCHDOG_MS).toBeLessThanOrEqual(2_000);
  });
});

describe('restart after a registration failure', () => {
  it('stops, waits 500 ms, starts and counts', async () => {
    const calls: string[] = [];
    const ua = { stop: () => calls.push('stop'), start: () => calls.push('start') };
    const done = restartAfterRegistrationFailure(ua, 2);
    expect(calls).toEqual(['stop']);
    await vi.advanceTimersByTimeAsync(499);
    expect(calls).toEqual(['stop']);
    await vi.advanceTimersByTimeAsync(1);
    await expect(done).resolves.toBe(3);
    expect(calls).toEqual(['stop', 'start']);
  });
});
