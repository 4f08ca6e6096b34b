import { CHUNK_RELOAD_STORAGE_KEY } from './web-constants';
import { errorReporter } from './error-reporter';

const CHUNK_ERROR_PATTERNS = [
  /Failed to fetch dynamically imported module/i,
  /error loading dynamically imported module/i,
  /Importing a module script failed/i,
  /Loading chunk [\w-]+ failed/i,
  /Unable to preload CSS/i,
];

export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error ?? '');
  return CHUNK_ERROR_PATTERNS.some((pattern) => pattern.test(message));
}

function reloadedMessages(): string[] {
  try {
    const raw = sessionStorage.getItem(CHUNK_RELOAD_STORAGE_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    return Array.isArray(parsed)
      ? parsed.filter((item): item is string => typeof item === 'string')
      : [];
  } catch {
    return [];
  }
}

/**
 * A failed page load reloads the page once per distinct error message (spec section 8).
 * Returns true when a reload was started (or waits for the connection), false when this
 * message already had its reload.
 */
export function reloadOnceForChunkError(
  error: unknown,
  reload: () => void = () => window.location.reload(),
): boolean {
  const message = error instanceof Error ? error.message : String(error ?? '');
  const seen = reloadedMessages();
  if (seen.includes(message)) return false;
  // Offline, the chunk failed because the connection did, and a reload now would replace the
  // app (and the offline notice) with the browser's own error page: it waits for the connection.
  if (navigator.onLine === false) {
    window.addEventListener('online', () => void reloadOnceForChunkError(error, reload), {
      once: true,
    });
    return true;
  }
  sessionStorage.setItem(CHUNK_RELOAD_STORAGE_KEY, JSON.stringify([...seen, message].slice(-20)));
  errorReporter.report(
    { kind: 'chunk', message, stack: error instanceof Error ? error.stack : undefined },
    { immediate: true },
  );
  reload();
  return true;
}

/**
 * Wraps a lazy import: a chunk failure reloads once; a second failure of the same message is
 * thrown on to the error screen.
 */
export function withChunkReload<T>(load: () => Promise<T>): () => Promise<T> {
  return async () => {
    try {
      return await load();
    } catch (error) {
      if (isChunkLoadError(error) && reloadOnceForChunkError(error)) {
        // The page is going away; never settle so nothing renders half-loaded meanwhile.
        return new Promise<T>(() => undefined);
      }
      throw error;
    }
  };
}
