import { create } from 'zustand';
import type { CallStatus } from '@omnicare/shared/telephony/call-enums';
import { isCallActive } from '@omnicare/shared/telephony/call-enums';
import type { CallInfo } from '@omnicare/shared/telephony/calls.schemas';
import type { SipConnectionState } from '@omnicare/shared/telephony/softphone';
import { STORAGE_KEYS } from '@omnicare/shared/platform/constants';

export interface Position {
  x: number;
  y: number;
}

/** The call state of spec section 3, field for field. */
export interface CallState {
  /** Moves when a call ends, so lists of calls know to reload. */
  endCallRefreshTime: number | null;
  /** The softphone is starting (library, microphone, first registration). */
  isActivatingVoice: boolean;
  isSocketConnected: boolean;
  isSipConnected: boolean;
  /** The other party's number of the current call. */
  currentNumberCall: string;
  callStatus: CallStatus;
  queueId: string | null;
  /** When the current call was answered (ms since epoch); the panel's timer counts from it. */
  startTime: number | null;
  isAutoAnswer: boolean;
  isClickToCall: boolean;
  isInCall: boolean;
  /** The remote audio of the accepted session; cleared when it ends or fails. */
  audioTrack: MediaStream | null;
  lastCallEndedAt: number | null;
  /** Where the in-call panel was dragged to (px from the right and from the top). */
  positionInCall: Position;
}

/** The caller of spec section 3. */
export interface Caller {
  name: string;
  avatar: string | null;
  gender: string | null;
  dob: string | null;
  numberPhone: string;
  group: string | null;
  /** The customer's short number (their address), when known. */
  customerNumber: number | null;
}

export type CallDirection = 'incoming' | 'outgoing';

/** What the softphone adds around the spec's call state. */
export interface SoftphoneExtras {
  caller: Caller | null;
  callInfo: CallInfo | null;
  direction: CallDirection | null;
  connection: SipConnectionState;
  /** The gateway URL in use (primary or backup). */
  activeGateway: string | null;
  restartCount: number;
  isMuted: boolean;
  isOnHold: boolean;
  hotline: string | null;
  /** The signed-in user has a usable SIP account (the softphone's UI shows only then). */
  hasSipAccount: boolean;
  /** The agent invited into a 3-way call (mixed in this browser), while they are in it. */
  conferenceWith: string | null;
  /** The invited agent's audio, played beside the caller's. */
  conferenceAudio: MediaStream | null;
}

export interface CallStoreActions {
  patch: (partial: Partial<CallState & SoftphoneExtras>) => void;
  setConnection: (
    connection: SipConnectionState,
    extra?: Partial<CallState & SoftphoneExtras>,
  ) => void;
  setCallStatus: (callStatus: CallStatus) => void;
  setQueueId: (queueId: string | null) => void;
  setAutoAnswer: (isAutoAnswer: boolean) => void;
  setPositionInCall: (position: Position) => void;
  /** A call begins (incoming ringing or outgoing dialling). */
  beginCall: (call: {
    direction: CallDirection;
    number: string;
    callId: string;
    callStatus: CallStatus;
    isClickToCall?: boolean;
    callType?: string;
  }) => void;
  /** The session was accepted: the remote stream is stored and the timer starts. */
  acceptCall: (audioTrack: MediaStream | null, now?: number) => void;
  setCaller: (caller: Caller | null) => void;
  setCallInfo: (info: Partial<CallInfo>) => void;
  /** The session ended or failed: the stream is cleared and the call reset. */
  endCall: (outcome: 'ENDED' | 'FAILED', now?: number) => void;
  /**
   * The full reset (spec section 4): clears caller, call info, audio track and click-to-call,
   * and sets ENDED.
   */
  resetCall: () => void;
  /** Everything back to the start (logout). */
  resetAll: () => void;
}

export type CallStore = CallState & SoftphoneExtras & CallStoreActions;

export const DEFAULT_POSITION_IN_CALL: Position = { x: 50, y: 0 };

const initialCallState = (): CallState => ({
  endCallRefreshTime: null,
  isActivatingVoice: false,
  isSocketConnected: false,
  isSipConnected: false,
  currentNumberCall: '',
  callStatus: 'ENDED',
  queueId: readQueueId(),
  startTime: null,
  isAutoAnswer: false,
  isClickToCall: false,
  isInCall: false,
  audioTrack: null,
  lastCallEndedAt: null,
  positionInCall: { ...DEFAULT_POSITION_IN_CALL },
});

const initialExtras = (): SoftphoneExtras => ({
  caller: null,
  callInfo: null,
  direction: null,
  connection: 'idle',
  activeGateway: null,
  restartCount: 0,
  isMuted: false,
  isOnHold: false,
  hotline: null,
  hasSipAccount: false,
  conferenceWith: null,
  conferenceAudio: null,
});

function readQueueId(): string | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage.getItem(STORAGE_KEYS.queueId);
  } catch {
    return null;
  }
}

function writeQueueId(queueId: string | null): void {
  try {
    if (queueId) localStorage.setItem(STORAGE_KEYS.queueId, queueId);
    else localStorage.removeItem(STORAGE_KEYS.queueId);
  } catch {
    // Storage disabled: the store still holds it.
  }
}

/** The fields the full reset puts back. */
const callReset = (): Partial<CallState & SoftphoneExtras> => ({
  caller: null,
  callInfo: null,
  audioTrack: null,
  isClickToCall: false,
  callStatus: 'ENDED',
  isInCall: false,
  currentNumberCall: '',
  startTime: null,
  direction: null,
  isMuted: false,
  isOnHold: false,
  conferenceWith: null,
  conferenceAudio: null,
});

export const useCallStore = create<CallStore>()((set, get) => ({
  ...initialCallState(),
  ...initialExtras(),
  patch: (partial) => set(partial),
  setConnection: (connection, extra) =>
    set({
      connection,
      isSipConnected: connection === 'registered',
      ...extra,
    }),
  setCallStatus: (callStatus) =>
    set((state) => ({
      callStatus,
      isInCall: isCallActive(callStatus),
      callInfo: state.callInfo ? { ...state.callInfo, callStatus } : null,
    })),
  setQueueId: (queueId) => {
    writeQueueId(queueId);
    set({ queueId });
  },
  setAutoAnswer: (isAutoAnswer) => set({ isAutoAnswer }),
  setPositionInCall: (positionInCall) => set({ positionInCall }),
  beginCall: ({ direction, number, callId, callStatus, isClickToCall = false, callType }) =>
    set({
      ...callReset(),
      direction,
      currentNumberCall: number,
      callStatus,
      isInCall: true,
      isClickToCall,
      callInfo: {
        callId,
        ticketId: null,
        callStatus,
        callType: callType ?? (direction === 'incoming' ? 'CALL_INBOUND' : 'CALL_OUTBOUND'),
        campaignId: null,
      },
    }),
  acceptCall: (audioTrack, now = Date.now()) =>
    set((state) => ({
      audioTrack,
      startTime: now,
      callStatus: 'ANSWERING',
      isInCall: true,
      callInfo: state.callInfo ? { ...state.callInfo, callStatus: 'ANSWERING' } : null,
    })),
  setCaller: (caller) => set({ caller }),
  setCallInfo: (info) =>
    set((state) => (state.callInfo ? { callInfo: { ...state.callInfo, ...info } } : {})),
  endCall: (outcome, now = Date.now()) => {
    const wasInCall = get().isInCall;
    set({
      ...callReset(),
      callStatus: outcome === 'FAILED' ? 'FAILED' : 'ENDED',
      lastCallEndedAt: wasInCall ? now : get().lastCallEndedAt,
      endCallRefreshTime: now,
    });
  },
  resetCall: () => set(callReset()),
  resetAll: () => set({ ...initialCallState(), ...initialExtras(), queueId: null }),
}));

/** The status shown for the call: hold wins over mute. */
export function statusAfterToggle(state: { isMuted: boolean; isOnHold: boolean }): CallStatus {
  if (state.isOnHold) return 'HOLDING';
  if (state.isMuted) return 'MUTING';
  return 'ANSWERING';
}
