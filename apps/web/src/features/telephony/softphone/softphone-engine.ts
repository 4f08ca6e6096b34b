/**
 * The softphone engine: JsSIP's UA wired to the call store and the rules of
 * `softphone-rules.ts`. One engine per page (`softphone` below); its collaborators are injected
 * so tests can drive it with a fake UA.
 */
import type * as JsSipNamespace from 'jssip';
import type { ReferEvent, RTCSession } from 'jssip/lib/RTCSession';
import type { RTCSessionEvent, UA, UAConfiguration } from 'jssip/lib/UA';
import { SIP, TRACE_MAX_EVENTS } from '@omnicare/shared/platform/constants';
import { SIP_HEADERS, SOFTPHONE_MESSAGES } from '@omnicare/shared/telephony/softphone';
import type { SoftphoneAccount } from '@omnicare/shared/users/users.schemas';
import type { CallStatus } from '@omnicare/shared/telephony/call-enums';
import { readCurrentUser } from '@/lib/storage';
import { toast } from '@/lib/toast';
import { useCallStore, statusAfterToggle, type Caller } from './call-store';
import {
  CappedLog,
  CONNECT_WATCHDOG_MS,
  ICE_GATHERING_MAX_MS,
  MAX_CONSECUTIVE_RESTARTS,
  checkMedia,
  decideFailover,
  hostOf,
  iceServers,
  initialFailover,
  isDialable,
  isUsableAccount,
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
  type FailoverAction,
  type FailoverState,
  type MediaCheck,
} from './softphone-rules';
import {
  fetchMySoftphone,
  findCallRecord,
  lookupCaller,
  postTraceCallError,
  postTraceDisconnected,
} from './softphone.api';
import { SOFTPHONE_TEXT } from './softphone-text';

type JsSipModule = typeof JsSipNamespace;

export interface SoftphoneDeps {
  loadJsSip: () => Promise<JsSipModule>;
  fetchAccount: () => Promise<SoftphoneAccount>;
  checkMedia: () => Promise<MediaCheck>;
  traceCallError: (log: Record<string, unknown>) => Promise<unknown>;
  traceDisconnected: (logs: unknown[]) => Promise<unknown>;
  lookupCaller: (number: string) => Promise<Caller | null>;
  findTicketId: (callId: string, number: string) => Promise<string | null>;
  notify: (message: string) => void;
  /** STUN servers; null = the three public ones (spec section 9). */
  stunServers: readonly string[] | null;
}

export interface LoggedEvent {
  at: string;
  type: string;
  [key: string]: unknown;
}

export interface RecentSession {
  id: string;
  callId: string;
  direction: 'incoming' | 'outgoing';
  number: string;
  startedAt: string;
  endedAt: string | null;
  outcome: 'ended' | 'failed' | null;
  cause: string | null;
}

/** VITE_SIP_STUN_SERVERS: a comma list, '' for none (loopback); unset = the public three. */
function configuredStun(): readonly string[] | null {
  const raw = import.meta.env.VITE_SIP_STUN_SERVERS;
  if (raw === undefined) return null;
  return raw
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}

export const defaultDeps = (): SoftphoneDeps => ({
  loadJsSip: () => import('jssip'),
  fetchAccount: () => fetchMySoftphone(),
  checkMedia: () => checkMedia(),
  traceCallError: postTraceCallError,
  traceDisconnected: postTraceDisconnected,
  lookupCaller: (number) => lookupCaller(number),
  findTicketId: async (callId, number) =>
    (await findCallRecord(callId, number))?.ticket?._id ?? null,
  notify: (message) => toast.error(message),
  stunServers: configuredStun(),
});

const nowIso = () => new Date().toISOString();
const store = () => useCallStore.getState();

/** The SIP Call-ID of a session (the server's call_id). */
function callIdOf(session: RTCSession): string {
  const request = (session as unknown as { _request?: { call_id?: string } })._request;
  return request?.call_id ?? session.id;
}

export class SoftphoneEngine {
  private jssip: JsSipModule | null = null;
  private ua: UA | null = null;
  private account: SoftphoneAccount | null = null;
  private failover: FailoverState = initialFailover([]);
  private watchdog: ReturnType<typeof setTimeout> | null = null;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private running = false;
  private restarting = false;
  private consecutiveFailures = 0;
  private everConnected = false;
  /** Sessions by SIP Call-ID (incoming waiting ones included). */
  readonly sessions = new Map<string, RTCSession>();
  private current: RTCSession | null = null;
  recentSessions: RecentSession[] = [];
  readonly sipEvents = new CappedLog<LoggedEvent>(TRACE_MAX_EVENTS);
  readonly wsEvents = new CappedLog<LoggedEvent>(TRACE_MAX_EVENTS);
  private sessionEvents = new Map<string, LoggedEvent[]>();
  private pendingOutgoing: { number: string; isClickToCall: boolean } | null = null;
  private generation = 0;
  /** The invited agent's leg of a 3-way call, and how to undo the mix. */
  private conference: { session: RTCSession; target: string; undo: (() => void) | null } | null =
    null;
  private pendingInvite: string | null = null;
  /** Call ids whose answer was sent (answering twice must not reset the call). */
  private readonly answering = new Set<string>();

  constructor(private readonly deps: SoftphoneDeps = defaultDeps()) {}

  /* ------------------------------------------------------------------------- lifecycle */

  /** Reads the account and connects; quiet when the user has no SIP account. */
  async start(): Promise<void> {
    if (this.running) return;
    this.running = true;
    const generation = ++this.generation;
    store().patch({ isActivatingVoice: true });
    try {
      const account = await this.deps.fetchAccount();
      if (generation !== this.generation) return;
      if (!isUsableAccount(account)) {
        this.running = false;
        store().setConnection('idle', {
          isActivatingVoice: false,
          hotline: account.hotline,
          hasSipAccount: false,
        });
        return;
      }
      await this.startWith(account, generation);
    } catch {
      if (generation !== this.generation) return;
      this.running = false;
      store().setConnection('idle', { isActivatingVoice: false });
    }
  }

  /** Connects with a given account (the library and the browser checks first). */
  async startWith(account: SoftphoneAccount, generation = this.generation): Promise<void> {
    this.running = true;
    this.account = account;
    store().patch({ isActivatingVoice: true, hotline: account.hotline, hasSipAccount: true });
    store().setConnection('connecting', { isActivatingVoice: true });
    try {
      this.jssip = await loadWithRetries(this.deps.loadJsSip);
    } catch {
      if (generation !== this.generation) return;
      this.deps.notify(SOFTPHONE_MESSAGES.libraryLoadFailed);
      store().setConnection('load_failed', { isActivatingVoice: false });
      this.running = false;
      return;
    }
    const media = await this.deps.checkMedia();
    if (generation !== this.generation) return;
    if (media !== 'ok') {
      // Said when the person uses voice (`explainUnavailable`), not on every page load: the
      // header's pill says it meanwhile.
      store().setConnection(media === 'unsupported' ? 'unsupported' : 'microphone_denied', {
        isActivatingVoice: false,
      });
      this.running = false;
      return;
    }
    this.failover = initialFailover(parseGatewayUrls(account.sipGatewayUrl));
    this.buildUa(this.failover.current);
  }

  /** Logout: ends calls, unregisters, forgets the account. */
  stop(): void {
    this.generation += 1;
    this.running = false;
    this.clearTimers();
    this.endConference(true);
    for (const session of this.sessions.values()) {
      try {
        if (!session.isEnded()) session.terminate();
      } catch {
        // Already gone.
      }
    }
    this.sessions.clear();
    this.current = null;
    this.teardownUa();
    this.account = null;
    store().setConnection('idle', {
      isActivatingVoice: false,
      isSocketConnected: false,
      activeGateway: null,
      hasSipAccount: false,
    });
  }

  get isRunning(): boolean {
    return this.running;
  }

  get domain(): string {
    return hostOf(parseGatewayUrls(this.account?.sipGatewayUrl)[0] ?? '');
  }

  private clearTimers(): void {
    if (this.watchdog) clearTimeout(this.watchdog);
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.watchdog = null;
    this.retryTimer = null;
  }

  private teardownUa(): void {
    const ua = this.ua;
    this.ua = null;
    if (!ua) return;
    ua.removeAllListeners();
    try {
      ua.stop();
    } catch {
      // A UA that never connected may throw on stop.
    }
  }

  /** A new UA with `first` as the primary socket (weight 1), the other as backup (weight 0). */
  private buildUa(first: string): void {
    const JsSIP = this.jssip;
    const account = this.account;
    if (!JsSIP || !account) return;
    this.teardownUa();
    const sockets = weightedSockets(this.failover.urls, first).map(({ url, weight }) => ({
      socket: new JsSIP.WebSocketInterface(url),
      weight,
    }));
    const settings = uaSettings(account);
    const configuration: UAConfiguration = { ...settings, sockets };
    let ua: UA;
    try {
      ua = new JsSIP.UA(configuration);
    } catch (error) {
      this.logSip('configuration_error', { message: String(error) });
      store().setConnection('unreachable', { isActivatingVoice: false });
      return;
    }
    this.ua = ua;
    this.wire(ua);
    store().setConnection(store().connection === 'unreachable' ? 'unreachable' : 'connecting');
    this.armWatchdog(first);
    ua.start();
  }

  private armWatchdog(url: string): void {
    if (this.watchdog) clearTimeout(this.watchdog);
    this.watchdog = setTimeout(() => {
      this.watchdog = null;
      if (this.ua?.isRegistered()) return;
      this.logWs('watchdog', { url, afterMs: CONNECT_WATCHDOG_MS });
      this.onFailover({ type: 'socket_failed', url });
    }, CONNECT_WATCHDOG_MS);
  }

  private onFailover(event: Parameters<typeof decideFailover>[1]): void {
    const { state, action } = decideFailover(this.failover, event);
    this.failover = state;
    this.apply(action);
  }

  private apply(action: FailoverAction): void {
    if (!this.running) return;
    // The gateway of the call is gone, and its dialog with it: the call ends, and the agent is told.
    if (action.type !== 'none' && (this.current || store().isInCall)) {
      this.deps.notify(SOFTPHONE_TEXT.callLostWithGateway);
      const session = this.current;
      try {
        if (session && !session.isEnded()) session.terminate();
      } catch {
        // Already ending.
      }
      if (this.current === session) {
        // terminate() did not report the end: reset the call ourselves.
        this.current = null;
        if (session) this.sessions.delete(callIdOf(session));
        store().endCall('FAILED');
      }
    }
    if (action.type === 'switch') {
      this.logWs('failover', { to: action.first });
      this.buildUa(action.first);
    } else if (action.type === 'unreachable') {
      // Every gateway failed: say so (no toast), stop JsSIP's own loop, retry later.
      this.teardownUa();
      store().setConnection('unreachable', {
        isActivatingVoice: false,
        isSocketConnected: false,
        activeGateway: null,
      });
      if (this.retryTimer) clearTimeout(this.retryTimer);
      this.retryTimer = setTimeout(() => {
        this.retryTimer = null;
        this.onFailover({ type: 'retry' });
      }, action.retryInMs);
    }
  }

  /* ------------------------------------------------------------------------- UA events */

  private logSip(type: string, extra: Record<string, unknown> = {}): void {
    this.sipEvents.push({ at: nowIso(), type, ...extra });
  }

  private logWs(type: string, extra: Record<string, unknown> = {}): void {
    this.wsEvents.push({ at: nowIso(), type, ...extra });
  }

  private wire(ua: UA): void {
    ua.on('connecting', ({ socket, attempts }) => {
      this.logWs('connecting', { url: socket.url, attempts });
      if (store().connection !== 'unreachable' && store().connection !== 'registration_failed')
        store().setConnection('connecting');
    });
    ua.on('connected', ({ socket }) => {
      this.logWs('connected', { url: socket.url });
      this.everConnected = true;
      store().setConnection('connected', { isSocketConnected: true, activeGateway: socket.url });
    });
    ua.on('disconnected', ({ socket, error, code, reason }) => {
      this.logWs('disconnected', { url: socket.url, error, code, reason });
      store().patch({ isSocketConnected: false });
      // error false: our own stop (logout, the restart after a failed registration).
      if (!error || this.restarting) return;
      if (this.everConnected) {
        this.everConnected = false;
        void this.deps.traceDisconnected([...this.wsEvents.last(), ...this.sipEvents.last()]);
      }
      if (store().connection !== 'unreachable') store().setConnection('disconnected');
      // The socket in use dropped: move to the other one now instead of JsSIP's 2 s.
      this.onFailover({ type: 'socket_failed', url: socket.url });
    });
    ua.on('registered', () => {
      this.logSip('registered');
      if (this.watchdog) clearTimeout(this.watchdog);
      this.watchdog = null;
      this.consecutiveFailures = 0;
      const url = store().activeGateway ?? this.failover.current;
      this.onFailover({ type: 'registered', url });
      store().setConnection('registered', { isActivatingVoice: false, isSocketConnected: true });
    });
    ua.on('unregistered', () => {
      this.logSip('unregistered');
      if (this.running && store().connection === 'registered')
        store().setConnection('unregistered');
    });
    ua.on('registrationFailed', ({ cause, response }) => {
      this.logSip('registrationFailed', { cause, status: response?.status_code });
      void this.onRegistrationFailed(String(cause ?? ''));
    });
    ua.on('newRTCSession', (event: RTCSessionEvent) =>
      this.onNewSession(event.session, event.originator, event.request),
    );
  }

  /** Registration failure: stop, wait 500 ms, start, count it; a few in a row leave it failed. */
  private async onRegistrationFailed(cause: string): Promise<void> {
    const ua = this.ua;
    if (!ua || this.restarting) return;
    this.consecutiveFailures += 1;
    const authFailed = /auth/i.test(cause);
    if (!authFailed) {
      // A gateway that does not answer the REGISTER is as good as unreachable.
      this.onFailover({ type: 'socket_failed', url: this.failover.current });
      if (this.ua !== ua) return;
    }
    if (authFailed && this.watchdog) {
      // The gateway answered: it is reachable, the account is wrong. No failover for that.
      clearTimeout(this.watchdog);
      this.watchdog = null;
    }
    store().setConnection(authFailed ? 'registration_failed' : store().connection, {
      isActivatingVoice: false,
    });
    if (this.consecutiveFailures > MAX_CONSECUTIVE_RESTARTS) return;
    this.restarting = true;
    try {
      const restarts = await restartAfterRegistrationFailure(ua, store().restartCount);
      store().patch({ restartCount: restarts });
    } finally {
      this.restarting = false;
    }
  }

  /* -------------------------------------------------------------------------- sessions */

  private logSession(callId: string, type: string, extra: Record<string, unknown> = {}): void {
    const list = this.sessionEvents.get(callId) ?? [];
    list.push({ at: nowIso(), type, ...extra });
    this.sessionEvents.set(callId, list.slice(-TRACE_MAX_EVENTS));
  }

  private onNewSession(session: RTCSession, originator: string, request: unknown): void {
    const incoming = session.direction === 'incoming';
    const callId = (request as { call_id?: string })?.call_id ?? callIdOf(session);
    this.logSip('newRTCSession', { originator, callId, direction: session.direction });
    if (!incoming && this.pendingInvite !== null) {
      // The invited agent's leg: not a call of its own in the store.
      this.conference = { session, target: this.pendingInvite, undo: null };
      this.pendingInvite = null;
      store().patch({ conferenceWith: this.conference.target });
      return;
    }
    this.logSession(callId, 'created', { direction: session.direction });

    if (incoming && (this.current || store().isInCall)) {
      // One call at a time: the gateway offers the call to someone else.
      session.terminate({ status_code: 486, reason_phrase: 'Busy Here' });
      return;
    }
    this.sessions.set(callId, session);
    this.current = session;
    const number = incoming
      ? (session.remote_identity?.uri?.user ?? '')
      : (this.pendingOutgoing?.number ?? session.remote_identity?.uri?.user ?? '');
    this.recentSessions = keepRecent(this.recentSessions, {
      id: session.id,
      callId,
      direction: incoming ? 'incoming' : 'outgoing',
      number,
      startedAt: nowIso(),
      endedAt: null,
      outcome: null,
      cause: null,
    });

    if (incoming) {
      const header = (name: string) =>
        (request as { getHeader?: (n: string) => string | undefined })?.getHeader?.(name) ?? null;
      const queueId = header(SIP_HEADERS.queue);
      const hotline = header(SIP_HEADERS.hotline);
      store().beginCall({ direction: 'incoming', number, callId, callStatus: 'RINGING' });
      if (queueId) store().setQueueId(queueId);
      if (hotline) store().patch({ hotline });
    } else {
      store().beginCall({
        direction: 'outgoing',
        number,
        callId,
        callStatus: 'DIALING',
        isClickToCall: this.pendingOutgoing?.isClickToCall ?? false,
      });
    }
    this.pendingOutgoing = null;
    this.wireSession(session, callId, incoming);
    void this.describeCall(callId, number);
    if (incoming && store().isAutoAnswer) void this.answer();
  }

  /** The caller's card and the call's ticket, looked up while it rings. */
  private async describeCall(callId: string, number: string): Promise<void> {
    try {
      const caller = await this.deps.lookupCaller(number);
      if (store().callInfo?.callId === callId)
        store().setCaller(
          caller ?? {
            name: SOFTPHONE_TEXT.newCustomer,
            avatar: null,
            gender: null,
            dob: null,
            numberPhone: number,
            group: null,
            customerNumber: null,
          },
        );
    } catch {
      // The card stays on the number alone.
    }
    // The gateway's events make the call's ticket; give them a moment when it is not there yet.
    for (const delay of [0, 1_500, 4_000]) {
      if (delay) await new Promise((resolve) => setTimeout(resolve, delay));
      if (store().callInfo?.callId !== callId) return;
      try {
        const ticketId = await this.deps.findTicketId(callId, number);
        if (ticketId) {
          if (store().callInfo?.callId === callId) store().setCallInfo({ ticketId });
          return;
        }
      } catch {
        return;
      }
    }
  }

  private remoteStream(session: RTCSession): MediaStream | null {
    const connection = session.connection as RTCPeerConnection | undefined;
    if (!connection || typeof MediaStream === 'undefined') return null;
    const tracks = connection
      .getReceivers()
      .map((receiver) => receiver.track)
      .filter((track): track is MediaStreamTrack => !!track);
    return tracks.length ? new MediaStream(tracks) : null;
  }

  private wireSession(session: RTCSession, callId: string, incoming: boolean): void {
    const isCurrent = () => this.current === session;
    let gathering: ReturnType<typeof setTimeout> | undefined;
    session.on('icecandidate', ({ ready }) => {
      gathering ??= setTimeout(ready, ICE_GATHERING_MAX_MS);
    });
    session.on('progress', () => {
      this.logSession(callId, 'progress');
      if (isCurrent() && !incoming) store().setCallStatus('DIALING');
    });
    session.on('accepted', () => {
      this.logSession(callId, 'accepted');
      if (isCurrent()) store().acceptCall(this.remoteStream(session));
    });
    session.on('confirmed', () => {
      this.logSession(callId, 'confirmed');
      if (isCurrent() && !store().audioTrack)
        store().patch({ audioTrack: this.remoteStream(session) });
    });
    const setFlags = (flags: { isMuted?: boolean; isOnHold?: boolean }) => {
      if (!isCurrent()) return;
      store().patch(flags);
      store().setCallStatus(statusAfterToggle(store()));
    };
    session.on('muted', () => setFlags({ isMuted: true }));
    session.on('unmuted', () => setFlags({ isMuted: false }));
    session.on('hold', ({ originator }) => {
      if (originator === 'local') setFlags({ isOnHold: true });
    });
    session.on('unhold', ({ originator }) => {
      if (originator === 'local') setFlags({ isOnHold: false });
    });
    session.on('refer', (event: ReferEvent) => {
      // A blind transfer to us from another agent's softphone: follow it.
      this.logSession(callId, 'refer');
      event.accept(undefined, this.callOptions());
    });
    session.on('ended', ({ originator, cause }) => {
      this.logSession(callId, 'ended', { originator, cause });
      this.finish(session, callId, 'ended', String(cause ?? ''));
    });
    session.on('failed', ({ originator, cause, message }) => {
      this.logSession(callId, 'failed', { originator, cause });
      const facts = {
        direction: incoming ? ('incoming' as const) : ('outgoing' as const),
        originator: String(originator),
        cause: String(cause ?? ''),
        lastHangupClickAt: readLastHangupClickAt(),
        now: Date.now(),
      };
      // The log is taken before the session's events are let go.
      const log = shouldTraceCallError(facts)
        ? this.callErrorLog(callId, facts.cause, incoming, message)
        : null;
      this.finish(session, callId, 'failed', facts.cause);
      if (log) void this.deps.traceCallError(log);
    });
  }

  private finish(session: RTCSession, callId: string, outcome: 'ended' | 'failed', cause: string) {
    this.sessions.delete(callId);
    this.sessionEvents.delete(callId);
    this.answering.delete(callId);
    this.recentSessions = this.recentSessions.map((entry) =>
      entry.callId === callId ? { ...entry, endedAt: nowIso(), outcome, cause } : entry,
    );
    if (this.current !== session) return;
    this.current = null;
    this.endConference(true);
    store().endCall(outcome === 'failed' ? 'FAILED' : 'ENDED');
  }

  /** The spec's call-error log (section 7). */
  buildCallErrorLog(callId: string, cause: string, incoming: boolean): Record<string, unknown> {
    const user = readCurrentUser();
    return {
      created_at: nowIso(),
      cause,
      tenant_id: user?.tenant_id,
      user_id: user?.user_id ?? user?._id,
      agent_id: user?.agent_id ?? this.account?.agentId,
      call_type: incoming ? 'CALL_INBOUND' : 'CALL_OUTBOUND',
      call_ids: [callId],
      events: this.sessionEvents.get(callId) ?? [],
      sip_events: this.sipEvents.last(TRACE_MAX_EVENTS),
      ws_events: this.wsEvents.last(TRACE_MAX_EVENTS),
      device: 'web',
      version: '10',
    };
  }

  private callErrorLog(callId: string, cause: string, incoming: boolean, message: unknown) {
    const log = this.buildCallErrorLog(callId, cause, incoming);
    const status = (message as { status_code?: number } | undefined)?.status_code;
    if (status) log.sip_status = status;
    return log;
  }

  /* ------------------------------------------------------------------------- actions */

  private callOptions() {
    return {
      mediaConstraints: { audio: true, video: false },
      pcConfig: { iceServers: iceServers(this.deps.stunServers) },
      rtcOfferConstraints: { offerToReceiveAudio: true, offerToReceiveVideo: false },
    };
  }

  /**
   * When the browser keeps voice from working (no microphone permission, no WebRTC), tells the
   * person so (the spec's message) and answers true: called as they turn to voice (opening the
   * dialpad, calling).
   */
  explainUnavailable(): boolean {
    const { connection } = store();
    if (connection === 'microphone_denied') this.deps.notify(SOFTPHONE_MESSAGES.microphoneDenied);
    else if (connection === 'unsupported') this.deps.notify(SOFTPHONE_MESSAGES.webRtcUnsupported);
    else return false;
    return true;
  }

  /** Dials a number; false (with a message) when the softphone cannot. */
  call(raw: string, { isClickToCall = false } = {}): boolean {
    if (this.explainUnavailable()) return false;
    const number = normalizeDialNumber(raw);
    if (!isDialable(number)) {
      toast.error(SOFTPHONE_TEXT.invalidNumber);
      return false;
    }
    if (!this.ua || store().connection !== 'registered') {
      toast.error(SOFTPHONE_TEXT.notReady);
      return false;
    }
    if (this.current || store().isInCall) {
      toast.error(SOFTPHONE_TEXT.alreadyInCall);
      return false;
    }
    this.pendingOutgoing = { number, isClickToCall };
    try {
      this.ua.call(`sip:${number}@${this.domain}`, this.callOptions());
      return true;
    } catch {
      this.pendingOutgoing = null;
      this.deps.notify(SOFTPHONE_MESSAGES.answerFailed);
      store().resetCall();
      return false;
    }
  }

  /**
   * Answer (spec section 8): waits up to 500 ms for the waiting session with the current call
   * id, polling every 200 ms; none gives 'Kết nối bị gián đoạn…' and the call is reset; an
   * exception gives 'Có lỗi xảy ra khi kết nối cuộc gọi'.
   */
  async answer(): Promise<boolean> {
    const callId = store().callInfo?.callId;
    // A second click (or auto-answer and a click) while the first answer is under way.
    if (callId && this.answering.has(callId)) return true;
    if (callId) this.answering.add(callId);
    try {
      const session = await pollFor(() => {
        const candidate = callId ? this.sessions.get(callId) : undefined;
        return candidate && candidate.direction === 'incoming' && candidate.isInProgress()
          ? candidate
          : null;
      });
      if (!session) {
        if (callId) this.answering.delete(callId);
        this.deps.notify(SOFTPHONE_MESSAGES.answerInterrupted);
        store().resetCall();
        return false;
      }
      session.answer({
        ...this.callOptions(),
        sessionTimersExpires: SIP.sessionTimersExpiresOnAnswer,
      } as Parameters<RTCSession['answer']>[0]);
      return true;
    } catch {
      if (callId) this.answering.delete(callId);
      this.deps.notify(SOFTPHONE_MESSAGES.answerFailed);
      return false;
    }
  }

  /** Declines the ringing call (busy) or ends the current one; remembers the click. */
  hangup(): void {
    recordHangupClick();
    const session = this.current;
    if (!session) {
      store().resetCall();
      return;
    }
    try {
      if (session.direction === 'incoming' && session.isInProgress())
        session.terminate({ status_code: 486, reason_phrase: 'Busy Here' });
      else session.terminate();
    } catch {
      this.current = null;
      store().resetCall();
    }
  }

  toggleMute(): void {
    const session = this.current;
    if (!session?.isEstablished()) return;
    if (session.isMuted().audio) session.unmute({ audio: true });
    else session.mute({ audio: true });
  }

  /** Hold or resume; waits (up to 3 s) for a re-INVITE still in flight, as JsSIP refuses one meanwhile. */
  async toggleHold(): Promise<void> {
    const session = this.current;
    if (!session?.isEstablished()) return;
    const ready = await pollFor(() => (session.isReadyToReOffer() ? true : null), 3_000, 100);
    if (!ready || this.current !== session) return;
    if (session.isOnHold().local) session.unhold();
    else session.hold();
  }

  sendDtmf(tone: string): void {
    const session = this.current;
    if (!session?.isEstablished() || !/^[\d*#]$/.test(tone)) return;
    session.sendDTMF(tone);
  }

  /** Blind transfer (REFER) to a SIP user of this gateway: an agent or a queue's hotline. */
  transfer(target: string): Promise<boolean> {
    const session = this.current;
    if (!session?.isEstablished()) return Promise.resolve(false);
    return new Promise((resolve) => {
      try {
        session.refer(`sip:${target}@${this.domain}`, {
          eventHandlers: {
            requestSucceeded: () => resolve(true),
            requestFailed: () => resolve(false),
            accepted: () => {
              if (!session.isEnded()) session.terminate();
            },
            failed: () => undefined,
          },
        });
      } catch {
        resolve(false);
      }
    });
  }

  /**
   * Invites an agent into the call (3-way): calls them, and once they answer mixes the audio in
   * this browser with WebAudio: the caller hears the agent's microphone and the invited agent,
   * the invited agent hears the microphone and the caller, the agent hears both.
   */
  invite(target: string): Promise<boolean> {
    const main = this.current;
    const ua = this.ua;
    if (!main?.isEstablished() || !ua || this.conference) return Promise.resolve(false);
    return new Promise((resolve) => {
      this.pendingInvite = target;
      try {
        ua.call(`sip:${target}@${this.domain}`, {
          ...this.callOptions(),
          eventHandlers: {
            accepted: () => {
              const leg = this.conference?.session;
              if (!leg || this.current !== main) return resolve(false);
              void this.mix(main, leg).then(
                () => resolve(true),
                () => {
                  this.endConference(true);
                  resolve(false);
                },
              );
            },
            failed: () => {
              this.endConference(false);
              resolve(false);
            },
            ended: () => this.endConference(false),
          },
        });
      } catch {
        this.pendingInvite = null;
        resolve(false);
      }
    });
  }

  /** Ends the 3-way part (the invited agent leaves); the call with the caller goes on. */
  endConference(terminateLeg = true): void {
    const conference = this.conference;
    this.pendingInvite = null;
    if (!conference) return;
    this.conference = null;
    conference.undo?.();
    if (terminateLeg) {
      try {
        if (!conference.session.isEnded()) conference.session.terminate();
      } catch {
        // Already ending.
      }
    }
    store().patch({ conferenceWith: null, conferenceAudio: null });
  }

  private async mix(main: RTCSession, leg: RTCSession): Promise<void> {
    const pcMain = main.connection as RTCPeerConnection;
    const pcLeg = leg.connection as RTCPeerConnection;
    const remoteOf = (pc: RTCPeerConnection) =>
      pc.getReceivers().find((receiver) => receiver.track?.kind === 'audio')?.track ?? null;
    const senderOf = (pc: RTCPeerConnection) =>
      pc.getSenders().find((sender) => sender.track?.kind === 'audio') ?? null;
    const senderMain = senderOf(pcMain);
    const senderLeg = senderOf(pcLeg);
    const mic = senderMain?.track ?? null;
    const legMic = senderLeg?.track ?? null;
    const remoteMain = remoteOf(pcMain);
    const remoteLeg = remoteOf(pcLeg);
    if (!senderMain || !senderLeg || !mic || !remoteMain || !remoteLeg)
      throw new Error('no audio to mix');
    const context = new AudioContext();
    const source = (track: MediaStreamTrack) =>
      context.createMediaStreamSource(new MediaStream([track]));
    const micSource = source(mic);
    const toCaller = context.createMediaStreamDestination();
    const toInvited = context.createMediaStreamDestination();
    micSource.connect(toCaller);
    micSource.connect(toInvited);
    source(remoteLeg).connect(toCaller);
    source(remoteMain).connect(toInvited);
    await senderMain.replaceTrack(toCaller.stream.getAudioTracks()[0] ?? null);
    await senderLeg.replaceTrack(toInvited.stream.getAudioTracks()[0] ?? null);
    if (this.conference) {
      this.conference.undo = () => {
        void senderMain.replaceTrack(mic).catch(() => undefined);
        void senderLeg.replaceTrack(legMic).catch(() => undefined);
        void context.close().catch(() => undefined);
      };
    }
    store().patch({ conferenceAudio: new MediaStream([remoteLeg]) });
  }

  /** RTP packets received and sent on the current call's audio (audio flows: e2e checks). */
  async audioPackets(
    leg: 'call' | 'conference' = 'call',
  ): Promise<{ received: number; sent: number }> {
    const session = leg === 'call' ? this.current : this.conference?.session;
    const connection = session?.connection as RTCPeerConnection | undefined;
    const totals = { received: 0, sent: 0 };
    if (!connection) return totals;
    const report = await connection.getStats();
    report.forEach(
      (entry: { type: string; kind?: string; packetsReceived?: number; packetsSent?: number }) => {
        if (entry.kind !== 'audio') return;
        if (entry.type === 'inbound-rtp') totals.received += entry.packetsReceived ?? 0;
        if (entry.type === 'outbound-rtp') totals.sent += entry.packetsSent ?? 0;
      },
    );
    return totals;
  }

  /** The status the panel shows (for tests and the e2e). */
  get status(): CallStatus {
    return store().callStatus;
  }
}

/** The page's one softphone. */
export const softphone = new SoftphoneEngine();
