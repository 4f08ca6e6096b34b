import {
  API_VERSION,
  API_VERSION_HEADER,
  STORAGE_KEYS,
  STORE_RESET_AFTER_LOGOUT_MS,
} from '@omnicare/shared/platform/constants';
import { MESSAGES } from '@omnicare/shared/platform/errors';
import { navigateTo, onAppEvent } from '@/lib/events';
import { readStoredUser } from '@/lib/storage';
import { toast } from '@/lib/toast';
import { useSessionStore } from '@/stores/session-store';

type Hook = () => void;
const logoutStops = new Set<Hook>();
const clientResets = new Set<Hook>();

/**
 * A feature registers how to stop itself at logout, before the user leaves the frame (the
 * softphone hangs up and unregisters).
 */
export function registerLogoutStop(stop: Hook): () => void {
  logoutStops.add(stop);
  return () => logoutStops.delete(stop);
}

/** Client state (queries, stores) registers how to reset itself 500 ms after logout. */
export function registerClientReset(reset: Hook): () => void {
  clientResets.add(reset);
  return () => clientResets.delete(reset);
}

function runAll(hooks: Set<Hook>): void {
  for (const hook of hooks) {
    try {
      hook();
    } catch {
      // One failing hook must not keep the others from running.
    }
  }
}

/** Revokes the server session; a bare call so its own failure cannot trigger another logout. */
export function revokeSession(token: string): Promise<unknown> {
  return fetch('/v2/logout', {
    method: 'POST',
    headers: {
      Authorization: token,
      [API_VERSION_HEADER]: API_VERSION,
      'Content-Type': 'application/json',
    },
    body: '{}',
  }).catch(() => undefined);
}

let inProgress = false;

export interface LogoutOptions {
  expired: boolean;
  /** Whether to revoke the server session (not when it is already gone or another tab did it). */
  revoke?: boolean;
  currentPath?: string;
}

/**
 * Logout (spec section 4): clears user, smartView and queueId, stops the softphone (and what
 * else registered a logout stop), goes to
 * /login (carrying the current address when the session expired, to come back after signing
 * in), shows the expired message, and resets client state after 500 ms.
 */
export function performLogout({ expired, revoke = !expired, currentPath }: LogoutOptions): void {
  if (inProgress) return;
  inProgress = true;
  const token = readStoredUser()?.token;
  const here = currentPath ?? `${location.pathname}${location.search}`;
  const keepRedirect = expired && here !== '/' && !here.startsWith('/login');
  const target = keepRedirect ? `/login?redirect=${encodeURIComponent(here)}` : '/login';
  useSessionStore.getState().clear(target);
  runAll(logoutStops);
  if (revoke && token) void revokeSession(token);
  navigateTo(target, true);
  if (expired) toast.error(MESSAGES.sessionExpired);
  setTimeout(() => {
    runAll(clientResets);
    inProgress = false;
  }, STORE_RESET_AFTER_LOGOUT_MS);
}

/** Wires the logout event and the cross-tab rule: `user` removed in another tab logs out here. */
export function installLogoutHandlers(win: Window = window): () => void {
  const offEvent = onAppEvent('logout', ({ expired }) => performLogout({ expired }));
  const onStorage = (event: StorageEvent) => {
    if (event.key !== null && event.key !== STORAGE_KEYS.user) return;
    const session = useSessionStore.getState();
    const stored = readStoredUser();
    if (!stored && session.user) {
      performLogout({ expired: false, revoke: false });
    } else if (stored && stored.token !== session.user?.token) {
      // Another tab signed in: follow it.
      session.syncFromStorage();
      if (location.pathname.startsWith('/login')) navigateTo('/', true);
    }
  };
  win.addEventListener('storage', onStorage);
  return () => {
    offEvent();
    win.removeEventListener('storage', onStorage);
  };
}

/** For tests. */
export function resetLogoutState(): void {
  inProgress = false;
}
