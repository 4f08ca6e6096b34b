import { create } from 'zustand';

/** App status of spec section 3: isVisible and isInternetConnected. */
interface AppStatusState {
  isVisible: boolean;
  isInternetConnected: boolean;
  setVisible: (isVisible: boolean) => void;
  setInternetConnected: (isInternetConnected: boolean) => void;
}

/** Not visible when the tab is hidden or the window has zero size (spec section 4). */
export function computeIsVisible(
  doc: Pick<Document, 'visibilityState'>,
  win: Pick<Window, 'innerWidth' | 'innerHeight'>,
): boolean {
  return doc.visibilityState !== 'hidden' && win.innerWidth > 0 && win.innerHeight > 0;
}

export const useAppStatusStore = create<AppStatusState>()((set) => ({
  isVisible: typeof document === 'undefined' ? true : computeIsVisible(document, window),
  isInternetConnected: typeof navigator === 'undefined' ? true : navigator.onLine !== false,
  setVisible: (isVisible) => set({ isVisible }),
  setInternetConnected: (isInternetConnected) => set({ isInternetConnected }),
}));

/** Keeps the store in step with the browser; returns the cleanup. */
export function installAppStatusListeners(
  doc: Document = document,
  win: Window = window,
): () => void {
  const { setVisible, setInternetConnected } = useAppStatusStore.getState();
  const updateVisible = () => setVisible(computeIsVisible(doc, win));
  const online = () => setInternetConnected(true);
  const offline = () => setInternetConnected(false);
  updateVisible();
  setInternetConnected(win.navigator.onLine !== false);
  doc.addEventListener('visibilitychange', updateVisible);
  win.addEventListener('resize', updateVisible);
  win.addEventListener('online', online);
  win.addEventListener('offline', offline);
  return () => {
    doc.removeEventListener('visibilitychange', updateVisible);
    win.removeEventListener('resize', updateVisible);
    win.removeEventListener('online', online);
    win.removeEventListener('offline', offline);
  };
}
