import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RouteObject } from 'react-router';
import { useSessionStore } from '@/stores/session-store';
import { storedUser } from '@/test/signed-in';
import type { LazyPage } from '@/lib/route-declaration';
import { createAppRouter, preloadScreen, routes } from './router';

/** Every lazy route of the tree, by path ('' for a route without one, the frame). */
function lazyRoutes(tree: RouteObject[] = routes): { path: string; lazy: LazyPage }[] {
  return tree.flatMap((route) => [
    ...(route.lazy ? [{ path: route.path ?? '', lazy: route.lazy as LazyPage }] : []),
    ...lazyRoutes(route.children ?? []),
  ]);
}

const here = () => `${window.location.pathname}${window.location.search}`;

describe('the app router', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    useSessionStore.getState().clear();
    window.history.replaceState(null, '', '/');
  });

  it('opened signed out at a signed-in address, starts at the sign-in form: that screen is never matched, so never loaded', () => {
    window.history.replaceState(null, '', '/tickets?view=mine');
    const router = createAppRouter();
    expect(here()).toBe(`/login?redirect=${encodeURIComponent('/tickets?view=mine')}`);
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.matches.map((match) => match.route.path)).toContain('/login');
    router.dispose();
  });

  it('leaves a signed-in user, and public addresses, where they are', () => {
    useSessionStore.getState().signIn(storedUser('agent'));
    window.history.replaceState(null, '', '/tickets');
    createAppRouter().dispose();
    expect(here()).toBe('/tickets');
    useSessionStore.getState().clear();
    window.history.replaceState(null, '', '/forgot-password');
    createAppRouter().dispose();
    expect(here()).toBe('/forgot-password');
  });

  it('preloads the frame and the page of a screen, and / as the home screen', () => {
    const pages = lazyRoutes();
    const preloaded = () =>
      pages.filter(({ lazy }) => vi.mocked(lazy.preload).mock.calls.length > 0).map((p) => p.path);
    for (const { lazy } of pages) vi.spyOn(lazy, 'preload').mockImplementation(() => undefined);
    preloadScreen('/tickets');
    expect(preloaded()).toEqual(['', '/tickets']);
    vi.clearAllMocks();
    preloadScreen('/');
    expect(preloaded()).toEqual(['', '/report/summary']);
  });
});
