import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ClientErrorReport } from '@omnicare/shared/diagnostics/diagnostics.schemas';
import { clientErrorsBody } from '@omnicare/shared/diagnostics/diagnostics.schemas';
import { createErrorReporter } from './error-reporter';

describe('error reporter', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('batches reports for 10 s and sends at most 50 per request, each valid for the server', async () => {
    const batches: ClientErrorReport[][] = [];
    const reporter = createErrorReporter(async (errors) => {
      batches.push(errors);
    });
    for (let index = 0; index < 120; index += 1)
      reporter.report({ kind: 'network', message: `e${index}` });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(batches.map((batch) => batch.length)).toEqual([50, 50, 20]);
    for (const errors of batches) expect(clientErrorsBody.safeParse({ errors }).success).toBe(true);
  });

  it('sends render errors at once, with anything queued', async () => {
    const send = vi.fn(async () => undefined);
    const reporter = createErrorReporter(send);
    reporter.report({ kind: 'network', message: 'a' });
    reporter.report({ kind: 'render', message: 'b' }, { immediate: true });
    await vi.advanceTimersByTimeAsync(0);
    expect(send).toHaveBeenCalledTimes(1);
    expect(reporter.pending()).toBe(0);
  });

  it('drops a batch it cannot send instead of throwing', async () => {
    const reporter = createErrorReporter(() => Promise.reject(new Error('offline')));
    reporter.report({ kind: 'network', message: 'a' });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(reporter.pending()).toBe(0);
  });
});
