/**
 * The softphone's rules as plain functions (no JsSIP, no React): each is unit-tested with fake
 * timers. `softphone-engine.ts` wires them to JsSIP.
 */
import { SIP, STORAGE_KEYS, TRACE_MAX_EVENTS } from '@omnicare/shared/platform/constants';
import type { SoftphoneAccount } from '@omnicare/shared/users/users.schemas';

export const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/* ------------------------------------------------------------------------ library loading */

/**
 * Loads a module with the spec's rule: 3 tries, 200 ms apart. Resolves with the module or
 * rejects with the last error once the tries are used up.
 */
export async function loadWithRetries<T>(
  load: () => Promise<T>,
  tries: number = SIP.libraryLoadTries,
  intervalMs: number = SIP.libraryLoadIntervalMs,
): Promise<T> {
  let lastError: unknown;
  for (let attempt = 1; attempt <= tries; attempt += 1) {
    try {
      return await load();
    } catch (error) {
      lastError = error;
      if (attempt < tries) await wait(intervalMs);
    }
  }
  throw lastError instanceof Error ? lastError : new Error(String(lastError));
}

/* ------------------------------------------------------------------------- browser checks */

export type MediaCheck = 'ok' | 'unsupported' | 'microphone_denied';

/** WebRTC present and microphone granted (getUserMedia({audio:true})); the tracks are released. */
export async function checkMedia(
  win: { RTCPeerConnection?: unknown; navigator: Navigator } = window,
): Promise<MediaCheck> {
  const media = win.navigator.mediaDevices;
  if (typeof win.RTCPeerConnection !== 'function' || !media?.getUserMedia) return 'unsupported';
  try {
    const stream = await media.getUserMedia({ audio: true });
    for (const track of stream.getTracks()) track.stop();
    return 'ok';
  } catch {
    return 'microphone_denied';
  }
}

/* ------------------------------------------------------------------------ configuration */

export interface GatewaySocket {
  url: string;
  /** 1 for the primary, 0 for the backup (spec section 9). */
  weight: number;
}

/** The one or two ws(s) URLs of sipGatewayUrl, primary first; anything else is dropped. */
export function parseGatewayUrls(sipGatewayUrl: string | null | undefined): string[] {
  return (sipGatewayUrl ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter((part) => /^wss?:\/\/[^\s/]+/i.test(part))
    .slice(0, 2);
}

/** The sockets in the order to try: `first` gets the primary weight, the other the backup's. */
export function weightedSockets(urls: readonly string[], first = urls[0]): GatewaySocket[] {
  const ordered =
    first && urls.includes(first) ? [first, ...urls.filter((u) => u !== first)] : [...urls];
  return ordered.map((url, index) => ({
    url,
    weight: index === 0 ? SIP.primarySocketWeight : SIP.backupSocketWeight,
  }));
}

/** The host of a ws(s) URL, without port: the SIP domain of the agent's address. */
export function hostOf(url: string): string {
  try {
    return new URL(url.replace(/^ws/i, 'http')).hostname;
  } catch {
    return '';
  }
}

export interface UaSettings {
  uri: string;
  authorization_user: string;
  password: string;
  register_expires: number;
  connection_recovery_min_interval: number;
  connection_recovery_max_interval: number;
  session_timers: boolean;
  register: boolean;
}

/** A usable account: a SIP username, a password and at least one gateway URL. */
export function isUsableAccount(account: SoftphoneAccount | null | undefined): boolean {
  return (
    !!account?.username && !!account.sipPass && parseGatewayUrls(account.sipGatewayUrl).length > 0
  );
}

/** The UA settings of spec section 9 for an account (the address uses the primary's host). */
export function uaSettings(account: SoftphoneAccount): UaSettings {
  const [primary = ''] = parseGatewayUrls(account.sipGatewayUrl);
  return {
    uri: `sip:${account.username ?? ''}@${hostOf(primary)}`,
    authorization_user: account.username ?? '',
    password: account.sipPass ?? '',
    register_expires: SIP.registerExpiresSeconds,
    connection_recovery_min_interval: SIP.connectionRecoveryMinSeconds,
    connection_recovery_max_interval: SIP.connectionRecoveryMaxSeconds,
    session_timers: SIP.sessionTimers,
    register: true,
  };
}

/** ICE servers: the three public STUN servers unless overridden (an empty list on loopback). */
export function iceServers(override?: readonly string[] | null): RTCIceServer[] {
  const urls = override ?? SIP.stunServers;
  return urls.length ? [{ urls: [...urls] }] : [];
}

/* ------------------------------------------------------------------------ phone numbers */

/**
 * What the dialpad sends: digits, '*' and '#' only. '+84 912 345 678' and '84912345678' become
 * '0912345678'; other '+' numbers keep their country code as '00…'; short numbers (extensions,
 * hotlines) pass as typed.
 */
export function normalizeDialNumber(raw: string): string {
  const text = raw.trim();
  const kept = text.replace(/[^\d*#+]/g, '');
  const digits = kept.replace(/\+/g, '');
  if (!digits) return '';
  if (kept.startsWith('+84')) return `0${digits.slice(2)}`;
  if (kept.startsWith('+')) return `00${digits}`;
  if (/^84\d{9,10}$/.test(digits)) return `0${digits.slice(2)}`;
  return digits;
}

/** A number the dialpad may call: 2 to 15 digits (extensions to international). */
export const isDialable = (number: string) => /^[\d*#]{2,16}$/.test(number);

/* --------------------------------------------------------------------------- event logs */

/** Keeps the first `max` entries (spec: the first 50 SIP and 50 WebSocket events). */
export class CappedLog<T> {
  private readonly entries: T[] = [];
  constructor(private readonly max: number = TRACE_MAX_EVENTS) {}
  push(entry: T): boolean {
    if (this.entries.length >= this.max) return false;
    this.entries.push(entry);
    return true;
  }
  list(): T[] {
    return [...this.entries];
  }
  /** The last `n` of what was kept. */
  last(n: number = this.max): T[] {
    return this.entries.slice(-n);
  }
  clear(): void {
    this.entries.length = 0;
  }
  get size(): number {
    return this.entries.length;
  }
}

/** The 3 most recent sessions (spec section 9), newest last. */
export function keepRecent<T>(list: readonly T[], next: T, max: number = SIP.recentSessionsKept) {
  return [...list, next].slice(-max);
}

/* ---------------------------------------------------------------------------- answering */

/**
 * Waits for a value the SIP side may not have delivered yet: checks at once, then every 200 ms,
 * for at most 500 ms (spec section 9). Resolves with null when it never came.
 */
export async function pollFor<T>(
  find: () => T | null | undefined,
  timeoutMs: number = SIP.answerWaitMs,
  pollMs: number = SIP.answerPollMs,
): Promise<T | null> {
  const startedAt = Date.now();
  for (;;) {
    const found = find();
    if (found) return found;
    const elapsed = Date.now() - startedAt;
    if (elapsed >= timeoutMs) return null;
    await wait(Math.min(pollMs, timeoutMs - elapsed));
  }
}

/* ------------------------------------------------------------------- failed-call traces */

export interface FailedSessionFacts {
  direction: 'incoming' | 'outgoing';
  /** JsSIP's originator of the failure: 'remote', 'local' or 'system'. */
  originator: string;
  cause: string;
  /** When the agent last clicked hang up (local storage lastHangupClickAt), ms since epoch. */
  lastHangupClickAt: number | null;
  now: number;
}

/**
 * A failed session is reported, except an incoming call the remote side cancelled (the caller
 * gave up) and a failure within 1 s of the agent's own hang-up click (spec section 8).
 */
export function shouldTraceCallError(facts: FailedSessionFacts): boolean {
  const cancelledByCaller =
    facts.direction === 'incoming' && facts.originator === 'remote' && facts.cause === 'Canceled';
  if (cancelledByCaller) return false;
  const hungUpJustNow =
    facts.lastHangupClickAt !== null &&
    facts.now - facts.lastHangupClickAt >= 0 &&
    facts.now - facts.lastHangupClickAt <= SIP.hangupClickGraceMs;
  return !hungUpJustNow;
}

export function readLastHangupClickAt(storage: Storage = localStorage): number | null {
  const value = Number(storage.getItem(STORAGE_KEYS.lastHangupClickAt));
  return Number.isFinite(value) && value > 0 ? value : null;
}

export function recordHangupClick(now = Date.now(), storage: Storage = localStorage): void {
  try {
    storage.setItem(STORAGE_KEYS.lastHangupClickAt, String(now));
  } catch {
    // Storage disabled: the trace may then be sent, which is the safe side.
  }
}

/* ------------------------------------------------------------- gateway failover decisions */

/** How long a socket may take from its first connecting to registered before it is given up. */
export const CONNECT_WATCHDOG_MS = 2_000;
/**
 * JsSIP sends an offer or answer only once ICE gathering completes, and a STUN server out of
 * reach (a network without internet, a blocked port) holds that for many seconds: what is
 * gathered this long after the first candidate goes.
 */
export const ICE_GATHERING_MAX_MS = 1_000;
/** With every gateway unreachable, how long before trying the primary again. */
export const UNREACHABLE_RETRY_MS = SIP.connectionRecoveryMaxSeconds * 1_000;

export interface FailoverState {
  urls: readonly string[];
  /** The socket the UA tries first now. */
  current: string;
  /** Sockets given up on since the last registration. */
  unreachable: readonly string[];
}

export type FailoverEvent =
  /** The socket never connected/registered in time, or dropped with an error. */
  | { type: 'socket_failed'; url: string }
  | { type: 'registered'; url: string }
  /** The retry after everything was unreachable. */
  | { type: 'retry' };

export type FailoverAction =
  /** Rebuild the UA with this socket first (weight 1), the other as backup (weight 0). */
  | { type: 'switch'; first: string }
  /** Every socket failed: show 'unreachable', try the primary again after `retryInMs`. */
  | { type: 'unreachable'; retryInMs: number }
  | { type: 'none' };

export function initialFailover(urls: readonly string[]): FailoverState {
  return { urls, current: urls[0] ?? '', unreachable: [] };
}

/** The failover decision: a pure reducer over what the sockets did. */
export function decideFailover(
  state: FailoverState,
  event: FailoverEvent,
): { state: FailoverState; action: FailoverAction } {
  switch (event.type) {
    case 'registered':
      return { state: { ...state, current: event.url, unreachable: [] }, action: { type: 'none' } };
    case 'retry': {
      const first = state.urls[0] ?? '';
      return {
        state: { ...state, current: first, unreachable: [] },
        action: { type: 'switch', first },
      };
    }
    case 'socket_failed': {
      // A late report about a socket we already left changes nothing.
      if (event.url !== state.current || state.unreachable.includes(event.url))
        return { state, action: { type: 'none' } };
      const unreachable = [...state.unreachable, event.url];
      const next = state.urls.find((url) => !unreachable.includes(url));
      if (next)
        return {
          state: { ...state, current: next, unreachable },
          action: { type: 'switch', first: next },
        };
      return {
        state: { ...state, unreachable },
        action: { type: 'unreachable', retryInMs: UNREACHABLE_RETRY_MS },
      };
    }
  }
}

/* ------------------------------------------------------------------------- restarts */

/** Consecutive registration failures after which the softphone stops restarting itself. */
export const MAX_CONSECUTIVE_RESTARTS = 3;

/**
 * Registration failure's restart (spec section 4): stop, wait 500 ms, start; the counter grows.
 * Returns the new count.
 */
export async function restartAfterRegistrationFailure(
  ua: { stop(): void; start(): void },
  restarts: number,
  waitMs: number = SIP.restartWaitMs,
): Promise<number> {
  ua.stop();
  await wait(waitMs);
  ua.start();
  return restarts + 1;
}
