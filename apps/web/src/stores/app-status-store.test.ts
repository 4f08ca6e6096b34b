import { describe, expect, it } from 'vitest';
import { computeIsVisible, installAppStatusListeners, useAppStatusStore } from './app-status-store';

describe('app status', () => {
  it('is not visible when hidden or when the window has zero size', () => {
    expect(
      computeIsVisible({ visibilityState: 'visible' }, { innerWidth: 800, innerHeight: 600 }),
    ).toBe(true);
    expect(
      computeIsVisible({ visibilityState: 'hidden' }, { innerWidth: 800, innerHeight: 600 }),
    ).toBe(false);
    expect(
      computeIsVisible({ visibilityState: 'visible' }, { innerWidth: 0, innerHeight: 600 }),
    ).toBe(false);
    expect(
      computeIsVisible({ visibilityState: 'visible' }, { innerWidth: 800, innerHeight: 0 }),
    ).toBe(false);
  });

  it('follows online/offline and visibility events', () => {
    const cleanup = installAppStatusListeners();
    window.dispatchEvent(new Event('offline'));
    expect(useAppStatusStore.getState().isInternetConnected).toBe(false);
    window.dispatchEvent(new Event('online'));
    expect(useAppStatusStore.getState().isInternetConnected).toBe(true);

    Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'hidden' });
    document.dispatchEvent(new Event('visibilitychange'));
    expect(useAppStatusStore.getState().isVisible).toBe(false);
    Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'visible' });
    document.dispatchEvent(new Event('visibilitychange'));
    expect(useAppStatusStore.getState().isVisible).toBe(true);
    cleanup();
    window.dispatchEvent(new Event('offline'));
    expect(useAppStatusStore.getState().isInternetConnected).toBe(true);
  });
});
