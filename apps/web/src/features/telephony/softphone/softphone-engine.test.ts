import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EventEmitter } from 'node:events';
import { STORAGE_KEYS } from '@omnicare/shared/platform/constants';
import { SOFTPHONE_MESSAGES } from '@omnicare/shared/telephony/softphone';
import { softphoneAccountView } from '@omnicare/shared/users/users.schemas';
import { fixture } from '@/test/contract-fixtures';
import { useCallStore } from './call-store';
import { SoftphoneEngine, type SoftphoneDeps } from './softphone-engine';
import { CONNECT_WATCHDOG_MS } from './softphone-rules';

/* A stand-in for JsSIP: the UA and sessions emit what the real ones do, when the test says. */
class FakeSession extends EventEmitter {
  status: 'waiting' | 'established' | 'ended' = 'waiting';
  answered: unknown = null;
  terminated: unknown = null;
  muted = false;
  held = false;
  dtmf: string[] = [];
  connection = { getReceivers: () => [] };
  constructor(
    public direction: 'incoming' | 'outgoing',
    public remote_identity = { uri: { user: '0912345678' } },
    public id = 'sess-1',
  ) {
    super();
  }
  isInProgress = () => this.status === 'waiting';
  isEstablished = () => this.status === 'established';
  isEnded = () => this.status === 'ended';
  answer = (options: unknown) => {
    this.answered = options;
  };
  terminate = (options?: unknown) => {
    this.terminated = options ?? {};
  };
  mute = () => {
    this.muted = true;
    this.emit('muted', {});
  };
  unmute = () => {
    this.muted = false;
    this.emit('unmuted', {});
  };
  isMuted = () => ({ audio: this.muted });
  hold = () => {
    this.held = true;
    this.emit('hold', { originator: 'local' });
  };
  unhold = () => {
    this.held = false;
    this.emit('unhold', { originator: 'local' });
  };
  isOnHold = () => ({ local: this.held });
  isReadyToReOffer = () => true;
  sendDTMF = (tone: string) => this.dtmf.push(tone);
}

class FakeUa extends EventEmitter {
  static built: FakeUa[] = [];
  started = 0;
  stopped = 0;
  registered = false;
  calls: string[] = [];
  lastSession: FakeSession | null = null;
  constructor(public configuration: { sockets: { socket: { url: string }; weight: number }[] }) {
    super();
    FakeUa.built.push(this);
  }
  start = () => {
    this.started += 1;
  };
  stop = () => {
    this.stopped += 1;
  };
  isRegistered = () => this.registered;
  call = (target: string, options?: { eventHandlers?: Record<string, (e: unknown) => void> }) => {
    this.calls.push(target);
    const session = new FakeSession('outgoing', { uri: { user: target } }, 'out-1');
    for (const [event, handler] of Object.entries(options?.eventHandlers ?? {}))
      session.on(event, handler);
    this.lastSession = session;
    this.emit('newRTCSession', { originator: 'local', session, request: { call_id: 'out-call' } });
    return session;
  };
  get firstUrl() {
    return this.configuration.sockets.find((s) => s.weight === 1)?.socket.url;
  }
  register(url = this.firstUrl) {
    this.emit('connected', { socket: { url } });
    this.registered = true;
    this.emit('registered', {});
  }
}

const fakeJsSip = {
  UA: FakeUa,
  WebSocketInterface: class {
    constructor(public url: string) {}
  },
};

const account = fixture('GET /v2/my-softphone', softphoneAccountView, {
  username: 'mai',
  sipGatewayUrl: 'ws://primary:18080, ws://backup:18081',
  sipPass: 'secret',
  agentId: 'A1',
  hotline: '19001234',
});

function setup(overrides: Partial<SoftphoneDeps> = {}) {
  const deps: SoftphoneDeps = {
    loadJsSip: vi.fn(async () => fakeJsSip as never),
    fetchAccount: vi.fn(async () => account),
    checkMedia: vi.fn(async () => 'ok' as const),
    traceCallError: vi.fn(async () => undefined),
    traceDisconnected: vi.fn(async () => undefined),
    lookupCaller: vi.fn(async () => null),
    findTicketId: vi.fn(async () => null),
    notify: vi.fn(),
    stunServers: [],
    ...overrides,
  };
  return { deps, engine: new SoftphoneEngine(deps) };
}

const state = () => useCallStore.getState();
const latestUa = () => FakeUa.built.at(-1)!;

function ring(ua: FakeUa, callId = 'call-1', headers: Record<string, string> = {}) {
  const session = new FakeSession('incoming');
  ua.emit('newRTCSession', {
    originator: 'remote',
    session,
    request: { call_id: callId, getHeader: (name: string) => headers[name] },
  });
  return session;
}

beforeEach(() => {
  vi.useFakeTimers();
  FakeUa.built = [];
  state().resetAll();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('starting', () => {
  it('stays quiet and hidden for a user without a SIP account', async () => {
    const { engine, deps } = setup({
      fetchAccount: vi.fn(async () =>
        fixture('GET /v2/my-softphone', softphoneAccountView, { ...account, username: null }),
      ),
    });
    await engine.start();
    expect(deps.loadJsSip).not.toHaveBeenCalled();
    expect(state()).toMatchObject({ connection: 'idle', hasSipAccount: false });
    expect(deps.notify).not.toHaveBeenCalled();
  });

  it("shows the spec's message when JsSIP cannot load after 3 tries", async () => {
    const loadJsSip = vi.fn(() => Promise.reject(new Error('chunk')));
    const { engine, deps } = setup({ loadJsSip });
    const started = engine.start();
    await vi.advanceTimersByTimeAsync(1_000);
    await started;
    expect(loadJsSip).toHaveBeenCalledTimes(3);
    expect(deps.notify).toHaveBeenCalledWith(SOFTPHONE_MESSAGES.libraryLoadFailed);
    expect(state().connection).toBe('load_failed');
  });

  it('refuses without WebRTC or without the microphone, saying so when voice is used, not on load', async () => {
    const first = setup({ checkMedia: vi.fn(async () => 'unsupported' as const) });
    await first.engine.start();
    expect(state().connection).toBe('unsupported');
    expect(first.deps.notify).not.toHaveBeenCalled();
    expect(first.engine.explainUnavailable()).toBe(true);
    expect(first.deps.notify).toHaveBeenCalledWith(SOFTPHONE_MESSAGES.webRtcUnsupported);
    const second = setup({ checkMedia: vi.fn(async () => 'microphone_denied' as const) });
    await second.engine.start();
    expect(state().connection).toBe('microphone_denied');
    expect(second.deps.notify).not.toHaveBeenCalled();
    // Calling is using voice: the spec's message, and no call.
    expect(second.engine.call('0912345678')).toBe(false);
    expect(second.deps.notify).toHaveBeenCalledWith(SOFTPHONE_MESSAGES.microphoneDenied);
    expect(FakeUa.built).toHaveLength(0);
  });

  it('has nothing to explain when voice works', async () => {
    const { engine, deps } = setup();
    await engine.start();
    expect(engine.explainUnavailable()).toBe(false);
    expect(deps.notify).not.toHaveBeenCalled();
  });

  it('registers with the primary first, the backup at weight 0', async () => {
    const { engine } = setup();
    await engine.start();
    const ua = latestUa();
    expect(ua.configuration).toMatchObject({
      uri: 'sip:mai@primary',
      register_expires: 120,
      session_timers: false,
    });
    expect(ua.configuration.sockets.map((s) => [s.socket.url, s.weight])).toEqual([
      ['ws://primary:18080', 1],
      ['ws://backup:18081', 0],
    ]);
    expect(state()).toMatchObject({ connection: 'connecting', isActivatingVoice: true });
    ua.register();
    expect(state()).toMatchObject({
      connection: 'registered',
      isSipConnected: true,
      isSocketConnected: true,
      isActivatingVoice: false,
      activeGateway: 'ws://primary:18080',
    });
  });
});

describe('gateway watchdog and failover', () => {
  it('gives up a primary that never connects and registers on the backup', async () => {
    const { engine } = setup();
    await engine.start();
    await vi.advanceTimersByTimeAsync(CONNECT_WATCHDOG_MS);
    expect(FakeUa.built).toHaveLength(2);
    expect(FakeUa.built[0]!.stopped).toBe(1);
    expect(latestUa().firstUrl).toBe('ws://backup:18081');
    latestUa().register();
    expect(state()).toMatchObject({ connection: 'registered', activeGateway: 'ws://backup:18081' });
  });

  it('moves to the backup at once when the registered primary drops, and reports it', async () => {
    const { engine, deps } = setup();
    await engine.start();
    latestUa().register();
    latestUa().emit('disconnected', {
      socket: { url: 'ws://primary:18080' },
      error: true,
      code: 1006,
    });
    expect(deps.traceDisconnected).toHaveBeenCalledTimes(1);
    expect(latestUa().firstUrl).toBe('ws://backup:18081');
  });

  it('a call on a gateway that drops ends, and the agent is told once', async () => {
    const { engine, deps } = setup();
    await engine.start();
    latestUa().register();
    ring(latestUa(), 'call-x');
    latestUa().emit('disconnected', {
      socket: { url: 'ws://primary:18080' },
      error: true,
      code: 1006,
    });
    expect(deps.notify).toHaveBeenCalledTimes(1);
    expect(state()).toMatchObject({ isInCall: false, callInfo: null, audioTrack: null });
    expect(latestUa().firstUrl).toBe('ws://backup:18081');
  });

  it('shows unreachable without a toast when both fail, then tries again later', async () => {
    const { engine, deps } = setup();
    await engine.start();
    await vi.advanceTimersByTimeAsync(CONNECT_WATCHDOG_MS * 2);
    expect(state().connection).toBe('unreachable');
    expect(deps.notify).not.toHaveBeenCalled();
    expect(FakeUa.built).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(FakeUa.built).toHaveLength(3);
    expect(latestUa().firstUrl).toBe('ws://primary:18080');
  });

  it('restarts after a registration failure: stop, 500 ms, start, counted', async () => {
    const { engine } = setup();
    await engine.start();
    const ua = latestUa();
    ua.emit('connected', { socket: { url: 'ws://primary:18080' } });
    ua.emit('registrationFailed', { cause: 'Authentication Error' });
    expect(ua.stopped).toBe(1);
    expect(state().connection).toBe('registration_failed');
    await vi.advanceTimersByTimeAsync(500);
    expect(ua.started).toBe(2);
    expect(state().restartCount).toBe(1);
  });

  it('a wrong password stays a registration failure (no failover), after at most 3 restarts', async () => {
    const { engine } = setup();
    await engine.start();
    const ua = latestUa();
    for (let i = 0; i < 5; i += 1) {
      ua.emit('connected', { socket: { url: 'ws://primary:18080' } });
      ua.emit('registrationFailed', { cause: 'Authentication Error' });
      await vi.advanceTimersByTimeAsync(500);
    }
    await vi.advanceTimersByTimeAsync(CONNECT_WATCHDOG_MS * 3);
    expect(FakeUa.built).toHaveLength(1);
    expect(state()).toMatchObject({ connection: 'registration_failed', restartCount: 3 });
  });
});

describe('calls', () => {
  async function registered(overrides: Partial<SoftphoneDeps> = {}) {
    const setupResult = setup(overrides);
    await setupResult.engine.start();
    latestUa().register();
    return setupResult;
  }

  it('an inbound call rings with its queue and hotline, answers with session timers 18000', async () => {
    const lookupCaller = vi.fn(async () => ({
      name: 'Nguyễn Văn An',
      avatar: null,
      gender: 'male',
      dob: '1990-05-01',
      numberPhone: '0912345678',
      group: 'VIP',
      customerNumber: 7,
    }));
    const { engine } = await registered({ lookupCaller });
    const session = ring(latestUa(), 'call-1', {
      'X-OmniCare-Queue': 'queue-9',
      'X-OmniCare-Hotline': '19001234',
    });
    expect(state()).toMatchObject({
      callStatus: 'RINGING',
      isInCall: true,
      currentNumberCall: '0912345678',
      queueId: 'queue-9',
      hotline: '19001234',
      callInfo: { callId: 'call-1', callType: 'CALL_INBOUND', callStatus: 'RINGING' },
    });
    expect(localStorage.getItem(STORAGE_KEYS.queueId)).toBe('queue-9');
    await vi.advanceTimersByTimeAsync(0);
    expect(state().caller?.name).toBe('Nguyễn Văn An');
    await expect(engine.answer()).resolves.toBe(true);
    expect(session.answered).toMatchObject({ sessionTimersExpires: 18000 });
    session.status = 'established';
    session.emit('accepted', {});
    expect(state()).toMatchObject({ callStatus: 'ANSWERING' });
    expect(state().startTime).not.toBeNull();
    session.emit('ended', { originator: 'remote', cause: 'Terminated' });
    expect(state()).toMatchObject({
      callStatus: 'ENDED',
      isInCall: false,
      caller: null,
      callInfo: null,
      audioTrack: null,
    });
    expect(state().lastCallEndedAt).not.toBeNull();
    expect(engine.recentSessions[0]).toMatchObject({ callId: 'call-1', outcome: 'ended' });
  });

  it('answering without the waiting session says the connection broke and resets', async () => {
    const { engine, deps } = await registered();
    const session = ring(latestUa(), 'call-2');
    session.status = 'ended';
    const answered = engine.answer();
    await vi.advanceTimersByTimeAsync(500);
    await expect(answered).resolves.toBe(false);
    expect(deps.notify).toHaveBeenCalledWith(SOFTPHONE_MESSAGES.answerInterrupted);
    expect(state()).toMatchObject({ callStatus: 'ENDED', callInfo: null, caller: null });
  });

  it('an exception while answering gives the error message', async () => {
    const { engine, deps } = await registered();
    const session = ring(latestUa(), 'call-3');
    session.answer = () => {
      throw new Error('getUserMedia failed');
    };
    await expect(engine.answer()).resolves.toBe(false);
    expect(deps.notify).toHaveBeenCalledWith(SOFTPHONE_MESSAGES.answerFailed);
  });

  it("links the call to its ticket once the server's call row has one", async () => {
    const findTicketId = vi
      .fn<(callId: string, number: string) => Promise<string | null>>()
      .mockResolvedValueOnce(null)
      .mockResolvedValue('ticket-1');
    await registered({ findTicketId });
    ring(latestUa(), 'call-14');
    await vi.advanceTimersByTimeAsync(0);
    expect(state().callInfo?.ticketId).toBeNull();
    await vi.advanceTimersByTimeAsync(1_500);
    expect(findTicketId).toHaveBeenLastCalledWith('call-14', '0912345678');
    expect(state().callInfo?.ticketId).toBe('ticket-1');
  });

  it('a second answer click while the first is under way changes nothing', async () => {
    const { engine, deps } = await registered();
    const session = ring(latestUa(), 'call-11');
    await expect(engine.answer()).resolves.toBe(true);
    session.status = 'established';
    await expect(engine.answer()).resolves.toBe(true);
    expect(deps.notify).not.toHaveBeenCalled();
    expect(state().callInfo?.callId).toBe('call-11');
  });

  it('auto-answer answers the ringing call by itself', async () => {
    await registered();
    state().setAutoAnswer(true);
    const session = ring(latestUa(), 'call-4');
    await vi.advanceTimersByTimeAsync(0);
    expect(session.answered).not.toBeNull();
  });

  it('a second inbound call during a call is refused busy', async () => {
    await registered();
    ring(latestUa(), 'call-5');
    const second = ring(latestUa(), 'call-6');
    expect(second.terminated).toMatchObject({ status_code: 486 });
    expect(state().callInfo?.callId).toBe('call-5');
  });

  it('a failed call posts the spec trace; a caller cancel or a recent hang-up click does not', async () => {
    const { engine, deps } = await registered();
    let session = ring(latestUa(), 'call-7');
    session.emit('failed', { originator: 'remote', cause: 'Canceled' });
    expect(deps.traceCallError).not.toHaveBeenCalled();

    session = ring(latestUa(), 'call-8');
    engine.hangup();
    expect(session.terminated).toMatchObject({ status_code: 486 });
    session.emit('failed', { originator: 'local', cause: 'Rejected' });
    expect(deps.traceCallError).not.toHaveBeenCalled();

    await vi.advanceTimersByTimeAsync(1_500);
    engine.call('0987654321');
    const outgoing = [...engine.sessions.values()][0]!;
    outgoing.emit('failed', { originator: 'remote', cause: 'Busy', message: { status_code: 486 } });
    expect(deps.traceCallError).toHaveBeenCalledTimes(1);
    const log = vi.mocked(deps.traceCallError).mock.calls[0]![0];
    expect(log).toMatchObject({
      cause: 'Busy',
      call_type: 'CALL_OUTBOUND',
      call_ids: ['out-call'],
      device: 'web',
      version: '10',
    });
    expect(Object.keys(log)).toEqual(
      expect.arrayContaining([
        'created_at',
        'tenant_id',
        'user_id',
        'agent_id',
        'events',
        'sip_events',
        'ws_events',
      ]),
    );
    expect((log.events as { type: string }[]).map((e) => e.type)).toEqual(['created', 'failed']);
  });

  it('click-to-call dials the normalised number at the gateway domain', async () => {
    const { engine } = await registered();
    expect(engine.call('+84 987 654 321', { isClickToCall: true })).toBe(true);
    expect(latestUa().calls).toEqual(['sip:0987654321@primary']);
    expect(state()).toMatchObject({
      callStatus: 'DIALING',
      isClickToCall: true,
      currentNumberCall: '0987654321',
      callInfo: { callType: 'CALL_OUTBOUND' },
    });
  });

  it('sends its offer a second after the first ICE candidate, not after an unreachable STUN server', async () => {
    const { engine } = await registered();
    engine.call('0987654321');
    const session = latestUa().lastSession!;
    const ready = vi.fn();
    session.emit('icecandidate', { candidate: {}, ready });
    session.emit('icecandidate', { candidate: {}, ready });
    await vi.advanceTimersByTimeAsync(999);
    expect(ready).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(ready).toHaveBeenCalledTimes(1);
  });

  it('mute and hold show MUTING and HOLDING, DTMF reaches the session', async () => {
    const { engine } = await registered();
    const session = ring(latestUa(), 'call-9');
    await engine.answer();
    session.status = 'established';
    session.emit('accepted', {});
    engine.toggleMute();
    expect(state()).toMatchObject({ callStatus: 'MUTING', isMuted: true });
    await engine.toggleHold();
    expect(state().callStatus).toBe('HOLDING');
    await engine.toggleHold();
    expect(state().callStatus).toBe('MUTING');
    engine.toggleMute();
    expect(state().callStatus).toBe('ANSWERING');
    engine.sendDtmf('5');
    engine.sendDtmf('x');
    expect(session.dtmf).toEqual(['5']);
  });

  it('inviting an agent calls them as a second leg, not a new call; its end leaves the call', async () => {
    const { engine } = await registered();
    const session = ring(latestUa(), 'call-12');
    await engine.answer();
    session.status = 'established';
    session.emit('accepted', {});
    const invited = engine.invite('ha');
    expect(latestUa().calls).toEqual(['sip:ha@primary']);
    expect(state()).toMatchObject({ conferenceWith: 'ha', callInfo: { callId: 'call-12' } });
    const leg = latestUa().lastSession!;
    leg.emit('failed', { originator: 'remote', cause: 'Busy' });
    await expect(invited).resolves.toBe(false);
    expect(state()).toMatchObject({
      conferenceWith: null,
      isInCall: true,
      callStatus: 'ANSWERING',
    });
  });

  it('the end of the call ends the invited leg too', async () => {
    const { engine } = await registered();
    const session = ring(latestUa(), 'call-13');
    await engine.answer();
    session.status = 'established';
    session.emit('accepted', {});
    void engine.invite('ha');
    const leg = latestUa().lastSession!;
    session.emit('ended', { originator: 'remote', cause: 'Terminated' });
    expect(leg.terminated).not.toBeNull();
    expect(state()).toMatchObject({ conferenceWith: null, isInCall: false });
  });

  it('stop (logout) ends calls and goes idle', async () => {
    const { engine } = await registered();
    const session = ring(latestUa(), 'call-10');
    engine.stop();
    expect(session.terminated).not.toBeNull();
    expect(state()).toMatchObject({ connection: 'idle', hasSipAccount: false });
  });
});
