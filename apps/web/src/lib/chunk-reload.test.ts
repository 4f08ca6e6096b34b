import { describe, expect, it, vi } from 'vitest';
import { isChunkLoadError, reloadOnceForChunkError, withChunkReload } from './chunk-reload';
import { errorReporter } from './error-reporter';

describe('chunk-load failures (spec section 8)', () => {
  const chunkError = (name: string) =>
    new TypeError(`Failed to fetch dynamically imported module: /assets/${name}.js`);

  it('recognises failed dynamic imports', () => {
    expect(isChunkLoadError(chunkError('a'))).toBe(true);
    expect(isChunkLoadError(new Error('boom'))).toBe(false);
  });

  it('reloads once per distinct message', () => {
    vi.spyOn(errorReporter, 'report').mockImplementation(() => undefined);
    const reload = vi.fn();
    expect(reloadOnceForChunkError(chunkError('a'), reload)).toBe(true);
    expect(reloadOnceForChunkError(chunkError('a'), reload)).toBe(false);
    expect(reloadOnceForChunkError(chunkError('b'), reload)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('offline, waits for the connection before its reload (not the browser error page)', () => {
    vi.spyOn(errorReporter, 'report').mockImplementation(() => undefined);
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const reload = vi.fn();
    expect(reloadOnceForChunkError(chunkError('offline'), reload)).toBe(true);
    expect(reload).not.toHaveBeenCalled();
    online.mockReturnValue(true);
    window.dispatchEvent(new Event('online'));
    expect(reload).toHaveBeenCalledTimes(1);
    online.mockRestore();
  });

  it('passes other errors of a lazy import through', async () => {
    const load = withChunkReload(() => Promise.reject(new Error('syntax')));
    await expect(load()).rejects.toThrow('syntax');
  });

  it('rethrows a chunk error that already had its reload', async () => {
    vi.spyOn(errorReporter, 'report').mockImplementation(() => undefined);
    reloadOnceForChunkError(chunkError('c'), () => undefined);
    const load = withChunkReload(() => Promise.reject(chunkError('c')));
    await expect(load()).rejects.toThrow('Failed to fetch');
  });
});
