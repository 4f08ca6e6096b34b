import { create } from 'zustand';
import type { StoredUser } from '@omnicare/shared/auth/auth.schemas';
import {
  clearSessionKeys,
  clearViewAsUser,
  readStoredUser,
  readViewAsUser,
  writeStoredUser,
  writeViewAsUser,
} from '@/lib/storage';

interface SessionState {
  /** The signed-in user (local storage `user`). */
  user: StoredUser | null;
  /** The impersonated user of view-as mode (session storage `viewAsUserData`). */
  viewAsUser: StoredUser | null;
  /** Where a logout sends the user; the auth guard follows it instead of adding a redirect. */
  signedOutTo: string | null;
  signIn: (user: StoredUser) => void;
  startViewAs: (user: StoredUser) => void;
  exitViewAs: () => void;
  /** Forgets the session in memory and in storage. */
  clear: (signedOutTo?: string) => void;
  /** Re-reads storage, e.g. after another tab changed it. */
  syncFromStorage: () => void;
  /** The signed-in user renamed themselves (profile page): the header shows the new name. */
  renameUser: (name: string) => void;
}

export const useSessionStore = create<SessionState>()((set) => ({
  user: readStoredUser(),
  viewAsUser: readViewAsUser(),
  signedOutTo: null,
  signIn: (user) => {
    writeStoredUser(user);
    clearViewAsUser();
    set({ user, viewAsUser: null, signedOutTo: null });
  },
  startViewAs: (viewAsUser) => {
    writeViewAsUser(viewAsUser);
    set({ viewAsUser });
  },
  exitViewAs: () => {
    clearViewAsUser();
    set({ viewAsUser: null });
  },
  clear: (signedOutTo) => {
    clearSessionKeys();
    set({ user: null, viewAsUser: null, signedOutTo: signedOutTo ?? null });
  },
  syncFromStorage: () =>
    set({ user: readStoredUser(), viewAsUser: readViewAsUser(), signedOutTo: null }),
  renameUser: (name) =>
    set((state) => {
      if (!state.user || state.viewAsUser) return {};
      const user = { ...state.user, name };
      writeStoredUser(user);
      return { user };
    }),
}));

/** The user whose role applies: the impersonated one if present (spec section 6). */
export const selectCurrentUser = (state: Pick<SessionState, 'user' | 'viewAsUser'>) =>
  state.viewAsUser ?? state.user;

export const useCurrentUser = (): StoredUser | null => useSessionStore(selectCurrentUser);
