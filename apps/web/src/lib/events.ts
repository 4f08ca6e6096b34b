/** App-wide events (spec section 2, "Navigation events"): global navigation and logout. */
export interface NavigateEvent {
  to: string;
  replace?: boolean;
}
export interface LogoutEvent {
  /** True when the session ended on the server side (403, revoked, expired). */
  expired: boolean;
}
interface EventMap {
  navigate: NavigateEvent;
  logout: LogoutEvent;
}
type Listener<K extends keyof EventMap> = (payload: EventMap[K]) => void;

const listeners: { [K in keyof EventMap]: Set<Listener<K>> } = {
  navigate: new Set(),
  logout: new Set(),
};

export function onAppEvent<K extends keyof EventMap>(type: K, listener: Listener<K>): () => void {
  listeners[type].add(listener);
  return () => {
    listeners[type].delete(listener);
  };
}

export function emitAppEvent<K extends keyof EventMap>(type: K, payload: EventMap[K]): void {
  for (const listener of [...listeners[type]]) listener(payload);
}

export const navigateTo = (to: string, replace = false): void =>
  emitAppEvent('navigate', { to, replace });

export const requestLogout = (expired: boolean): void => emitAppEvent('logout', { expired });
