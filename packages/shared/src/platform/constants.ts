/** Business constants and limits of spec section 9, in one place for both sides. */
export const PRODUCT_NAME = 'OmniCare';
export const API_PREFIX = '/v2';
export const API_VERSION = '2.0';
export const API_VERSION_HEADER = 'x-app-version';

export const TIME_ZONE = 'Asia/Bangkok';
export const DATE_FORMAT = 'dd/MM/yyyy';
export const DATE_TIME_FORMAT = 'dd/MM/yyyy HH:mm';

export const DEFAULT_PAGE = 1;
export const DEFAULT_PAGE_SIZE = 10;
export const PAGE_SIZE_OPTIONS = [10, 20, 30, 40, 50, 100] as const;
export const MAX_PAGE_SIZE = 100;
export const SEARCH_DEBOUNCE_MS = 500;
export const MIN_USER_SEARCH_LENGTH = 2;
export const MAX_RECORD_TABS = 5;

export const STORE_RESET_AFTER_LOGOUT_MS = 500;
export const NETWORK_ERROR_BATCH_MS = 10_000;
export const TOAST_DEDUPE_MS = 2_000;
export const TOAST_DURATION_MS = 4_000;
export const TOAST_VISIBLE_MAX = 3;
export const UNREAD_TITLE_CAP = 9;

export const FORGOT_PASSWORD_CODE_LENGTH = 4;
export const FORGOT_PASSWORD_CARD_WIDTH_PX = 480;
export const RESET_CODE_TTL_MINUTES = 10;
export const RESET_CODE_MAX_ATTEMPTS = 5;

/** Softphone (SIP over WebSocket). */
export const SIP = {
  registerExpiresSeconds: 120,
  connectionRecoveryMinSeconds: 2,
  connectionRecoveryMaxSeconds: 10,
  sessionTimers: false,
  sessionTimersExpiresOnAnswer: 18_000,
  primarySocketWeight: 1,
  backupSocketWeight: 0,
  recentSessionsKept: 3,
  answerWaitMs: 500,
  answerPollMs: 200,
  restartWaitMs: 500,
  libraryLoadTries: 3,
  libraryLoadIntervalMs: 200,
  hangupClickGraceMs: 1_000,
  stunServers: [
    'stun:stun.l.google.com:19302',
    'stun:stun1.l.google.com:19302',
    'stun:stun2.l.google.com:19302',
  ],
} as const;
/** At most this many SIP and WebSocket events go into a call-error trace. */
export const TRACE_MAX_EVENTS = 50;

/** Local storage keys (spec section 3). */
export const STORAGE_KEYS = {
  user: 'user',
  smartView: 'smartView',
  queueId: 'queueId',
  lastHangupClickAt: 'lastHangupClickAt',
} as const;
/** Session storage key of the impersonated user in view-as mode. */
export const VIEW_AS_STORAGE_KEY = 'viewAsUserData';

/** Largest avatar picture (customers and staff), in bytes. */
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;

/**
 * Automation's budget per starting event (a person's change, a channel message, a call): every
 * workflow run and every ticket-creating or -updating action it sets off, across workflows and
 * depths, draws on this one budget; past it the run fails with a note naming it.
 */
export const AUTOMATION_BUDGET = { runs: 50, ticketActions: 20 } as const;
/**
 * Workflow runs a tenant may start per minute (a burst of this many at once, then evenly); the
 * runs over it wait their turn, none is dropped. The tenant setting
 * `automation_runs_per_minute` overrides it.
 */
export const AUTOMATION_RUNS_PER_MINUTE = 600;
