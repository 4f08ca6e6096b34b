import type { toast as sonnerToast } from 'sonner';
import { MESSAGES } from '@omnicare/shared/platform/errors';
import { TOAST_DEDUPE_MS, TOAST_DURATION_MS } from '@omnicare/shared/platform/constants';

type ToastKind = 'error' | 'success' | 'info';
const lastShownAt = new Map<string, number>();

/** True when the same kind and message was shown less than 2 s ago (spec section 8). */
function isDuplicate(kind: ToastKind, message: string): boolean {
  const key = `${kind}:${message}`;
  const now = Date.now();
  const last = lastShownAt.get(key);
  if (last !== undefined && now - last < TOAST_DEDUPE_MS) return true;
  lastShownAt.set(key, now);
  return false;
}

/** What the toast host (sonner, its own chunk) lends to raise toasts. */
export type ToastHostApi = Pick<typeof sonnerToast, 'error' | 'success' | 'info'>;

/*
 * Sonner and its host (`app/toast-host.tsx`) are loaded with the first toast, and its <Toaster>
 * only hears toasts raised after it subscribed: a toast raised before (the first one, or the
 * session-expired message of a 403 answered before React's first commit) waits here until the
 * host says it is listening.
 */
let host: ToastHostApi | null = null;
const waiting: ((api: ToastHostApi) => void)[] = [];
let wanted: (() => void) | null = null;
function show(raise: (api: ToastHostApi) => void): void {
  if (host) return raise(host);
  waiting.push(raise);
  wanted?.();
}

/**
 * The app's toast host hears here when a toast first waits for it (at once if one already
 * does), to load and mount itself. Answers how to stop listening.
 */
export function onToastWanted(listener: () => void): () => void {
  wanted = listener;
  if (waiting.length > 0) listener();
  return () => {
    if (wanted === listener) wanted = null;
  };
}

/** Called once the toast host is mounted, with sonner's toast: shows what was raised before. */
export function markToastHostListening(api: ToastHostApi): void {
  host = api;
  for (const raise of waiting.splice(0)) raise(api);
}

/** Toasts with the spec's de-duplication; each call returns whether a toast was shown. */
export const toast = {
  error(message: string, title: string = MESSAGES.errorToastTitle): boolean {
    if (isDuplicate('error', message)) return false;
    show((api) => api.error(title, { description: message, duration: TOAST_DURATION_MS }));
    return true;
  },
  success(message: string): boolean {
    if (isDuplicate('success', message)) return false;
    show((api) => api.success(message, { duration: TOAST_DURATION_MS }));
    return true;
  },
  info(message: string): boolean {
    if (isDuplicate('info', message)) return false;
    show((api) => api.info(message, { duration: TOAST_DURATION_MS }));
    return true;
  },
};

/** For tests: forget what was shown. */
export function resetToastMemory(): void {
  lastShownAt.clear();
}
