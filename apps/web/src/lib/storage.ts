import type { StoredUser } from '@omnicare/shared/auth/auth.schemas';
import { STORAGE_KEYS, VIEW_AS_STORAGE_KEY } from '@omnicare/shared/platform/constants';

/** Parses JSON from storage; a broken value counts as absent instead of crashing the app. */
function readJson<T>(storage: Storage, key: string): T | null {
  try {
    const raw = storage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}

function isStoredUser(value: unknown): value is StoredUser {
  if (!value || typeof value !== 'object') return false;
  const user = value as Partial<StoredUser>;
  return typeof user.token === 'string' && user.token.length > 0 && typeof user.role === 'string';
}

/** The signed-in user (local storage key `user`). */
export function readStoredUser(): StoredUser | null {
  const user = readJson<unknown>(localStorage, STORAGE_KEYS.user);
  return isStoredUser(user) ? user : null;
}

export function writeStoredUser(user: StoredUser): void {
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
}

/** The impersonated user of view-as mode (session storage `viewAsUserData`). */
export function readViewAsUser(): StoredUser | null {
  const user = readJson<unknown>(sessionStorage, VIEW_AS_STORAGE_KEY);
  return isStoredUser(user) ? user : null;
}

export function writeViewAsUser(user: StoredUser): void {
  sessionStorage.setItem(VIEW_AS_STORAGE_KEY, JSON.stringify(user));
}

export function clearViewAsUser(): void {
  sessionStorage.removeItem(VIEW_AS_STORAGE_KEY);
}

/** The user whose role and token apply: the impersonated one takes priority. */
export function readCurrentUser(): StoredUser | null {
  return readViewAsUser() ?? readStoredUser();
}

export function isViewAsMode(): boolean {
  return readViewAsUser() !== null;
}

/** What logout removes (spec section 4): the stored user, smartView and queueId. */
export function clearSessionKeys(): void {
  localStorage.removeItem(STORAGE_KEYS.user);
  localStorage.removeItem(STORAGE_KEYS.smartView);
  localStorage.removeItem(STORAGE_KEYS.queueId);
  clearViewAsUser();
}

export function readJsonItem<T>(key: string): T | null {
  return readJson<T>(localStorage, key);
}

export function writeJsonItem(key: string, value: unknown): void {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Quota exceeded or storage disabled: drafts are a convenience, never a reason to fail.
  }
}

export function removeItem(key: string): void {
  localStorage.removeItem(key);
}
