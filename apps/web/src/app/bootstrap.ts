import { errorReporter } from '@/lib/error-reporter';
import { isChunkLoadError, reloadOnceForChunkError } from '@/lib/chunk-reload';
import { onAppEvent } from '@/lib/events';
import { installLogoutHandlers, registerClientReset } from '@/features/auth/logout';
import { installAppStatusListeners } from '@/stores/app-status-store';
import { useNotificationsStore } from '@/stores/notifications-store';
import { useRecordTabsStore } from '@/stores/record-tabs-store';
import { queryClient } from './query-client';

interface Navigator {
  navigate: (to: string, options?: { replace?: boolean }) => Promise<void> | void;
}

/** App-wide wiring that lives outside React: events, logout, app status, error reports. */
export function bootstrap(router: Navigator): void {
  onAppEvent('navigate', ({ to, replace }) => void router.navigate(to, { replace }));
  installLogoutHandlers();
  installAppStatusListeners();

  registerClientReset(() => queryClient.clear());
  registerClientReset(() => useNotificationsStore.getState().reset());
  registerClientReset(() => useRecordTabsStore.getState().reset());

  window.addEventListener('vite:preloadError', (event) => {
    const payload = (event as Event & { payload?: unknown }).payload;
    if (reloadOnceForChunkError(payload ?? new Error('preload error'))) event.preventDefault();
  });
  window.addEventListener('error', (event) => {
    if (!event.error && !event.message) return;
    errorReporter.report({
      kind: isChunkLoadError(event.error) ? 'chunk' : 'unhandled',
      message: event.error instanceof Error ? event.error.message : String(event.message),
      stack: event.error instanceof Error ? event.error.stack : undefined,
    });
  });
  window.addEventListener('unhandledrejection', (event) => {
    const reason: unknown = event.reason;
    // Rejected API calls are already reported (network) or shown (toasts); skip them here.
    if (reason && typeof reason === 'object' && (reason as { name?: string }).name === 'ApiError')
      return;
    errorReporter.report({
      kind: 'unhandled',
      message: reason instanceof Error ? reason.message : String(reason),
      stack: reason instanceof Error ? reason.stack : undefined,
    });
  });
  window.addEventListener('pagehide', () => void errorReporter.flush());
}
