import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS, VIEW_AS_STORAGE_KEY } from '@omnicare/shared/platform/constants';
import { onAppEvent } from '@/lib/events';
import type { NavigateEvent } from '@/lib/events';
import { toast } from '@/lib/toast';
import { useSessionStore } from '@/stores/session-store';
import {
  installLogoutHandlers,
  performLogout,
  registerClientReset,
  registerLogoutStop,
  resetLogoutState,
} from './logout';

const storedUser = {
  token: 'tok',
  role: 'agent' as const,
  tenant_id: 't',
  user_id: 'u',
  _id: 'u',
  agent_id: 'a',
  is_admin: false,
  name: 'An',
  email: 'agent@demo.vn',
};

describe('logout (spec section 4)', () => {
  let navigations: NavigateEvent[];
  let offNavigate: () => void;
  let post: ReturnType<typeof vi.spyOn>;
  let toastError: ReturnType<typeof vi.spyOn>;

  beforeEach(() => {
    vi.useFakeTimers();
    resetLogoutState();
    navigations = [];
    offNavigate = onAppEvent('navigate', (event) => navigations.push(event));
    post = vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('{}'));
    toastError = vi.spyOn(toast, 'error').mockReturnValue(true);
    useSessionStore.getState().signIn(storedUser);
    localStorage.setItem(STORAGE_KEYS.smartView, '"v1"');
    localStorage.setItem(STORAGE_KEYS.queueId, '"q1"');
    localStorage.setItem(STORAGE_KEYS.lastHangupClickAt, '123');
  });
  afterEach(() => {
    offNavigate();
    vi.restoreAllMocks();
    vi.useRealTimers();
  });

  it('clears user, smartView and queueId, stops the softphone and goes to /login', () => {
    const stop = vi.fn();
    const off = registerLogoutStop(stop);
    performLogout({ expired: false, currentPath: '/tickets' });
    off();
    expect(localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.smartView)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.queueId)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.lastHangupClickAt)).toBe('123');
    expect(useSessionStore.getState().user).toBeNull();
    expect(stop).toHaveBeenCalledTimes(1);
    expect(navigations).toEqual([{ to: '/login', replace: true }]);
    expect(toastError).not.toHaveBeenCalled();
    // A deliberate logout revokes the server session with the token it had.
    expect(post).toHaveBeenCalledWith(
      '/v2/logout',
      expect.objectContaining({
        method: 'POST',
        headers: expect.objectContaining({ Authorization: 'tok', 'x-app-version': '2.0' }),
      }),
    );
  });

  it('shows the expired message and keeps the address to come back to', () => {
    performLogout({ expired: true, currentPath: '/customers/groups' });
    expect(toastError).toHaveBeenCalledWith('Phiên đăng nhập đã hết hạn, vui lòng đăng nhập lại!');
    expect(navigations[0]?.to).toBe('/login?redirect=%2Fcustomers%2Fgroups');
    expect(post).not.toHaveBeenCalled();
  });

  it('also leaves view-as mode', () => {
    sessionStorage.setItem(VIEW_AS_STORAGE_KEY, JSON.stringify({ ...storedUser, token: 'v' }));
    performLogout({ expired: false });
    expect(sessionStorage.getItem(VIEW_AS_STORAGE_KEY)).toBeNull();
  });

  it('resets client state 500 ms later, once, whatever the number of triggers', () => {
    const reset = vi.fn();
    const off = registerClientReset(reset);
    performLogout({ expired: true });
    performLogout({ expired: true });
    vi.advanceTimersByTime(499);
    expect(reset).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(reset).toHaveBeenCalledTimes(1);
    expect(toastError).toHaveBeenCalledTimes(1);
    off();
  });

  it('logs out when the user key is removed in another tab', () => {
    const uninstall = installLogoutHandlers();
    localStorage.removeItem(STORAGE_KEYS.user);
    window.dispatchEvent(new StorageEvent('storage', { key: STORAGE_KEYS.user, newValue: null }));
    expect(useSessionStore.getState().user).toBeNull();
    expect(navigations).toEqual([{ to: '/login', replace: true }]);
    expect(post).not.toHaveBeenCalled();
    expect(toastError).not.toHaveBeenCalled();
    uninstall();
  });

  it('ignores other keys and runs on the logout event', () => {
    const uninstall = installLogoutHandlers();
    window.dispatchEvent(
      new StorageEvent('storage', { key: STORAGE_KEYS.smartView, newValue: null }),
    );
    expect(navigations).toEqual([]);
    window.dispatchEvent(new StorageEvent('storage', { key: STORAGE_KEYS.user, newValue: '{}' }));
    expect(useSessionStore.getState().user).not.toBeNull();
    uninstall();
  });
});
