import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import type { DemoRole } from './fixtures';
import { SPEC_ROUTE_TABLE, samplePath } from '../src/test/spec-route-table';
import {
  ACCOUNTS,
  FORBIDDEN_TITLE,
  ROLES,
  apiLogin,
  expectForbidden,
  storeSession,
} from './fixtures';

const NOT_FOUND_TITLE = '404 - Not Found';

/** Every signed-in route of the spec's table (the unit tests check it lists every declared one). */
const SIGNED_IN = Object.entries(SPEC_ROUTE_TABLE).flatMap(([path, spec]) =>
  'roles' in spec ? [{ path, spec }] : [],
);

/** The demo administrator carries the admin flag and the demo tenant runs workflows. */
const opensFor = (role: DemoRole, spec: (typeof SIGNED_IN)[number]['spec']) =>
  spec.roles.includes(role) && (!spec.adminFlag || role === 'administrator');

/**
 * Screens the spec sends back to their list when their record cannot be loaded: the walk's
 * sample ids name no record, so these land on the list.
 */
const BACK_TO_LIST: Readonly<Record<string, string>> = {
  '/automation/history/:id': '/automation',
  '/automation/editor/:id': '/automation',
};

/** Follows an address inside the running app, as a link would (no full page load). */
async function openInApp(page: Page, address: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, address);
}

// The longest walk of the suite: one role per test, spread over the workers.
test.describe.configure({ mode: 'parallel' });

for (const role of ROLES) {
  test(`route table for ${role}`, async ({ page, request }) => {
    test.setTimeout(SIGNED_IN.length * 4_000);
    await storeSession(page, await apiLogin(request, ACCOUNTS[role].email));
    await page.goto('/tickets');
    // The one full load of the walk; on a busy machine the first one after the server starts is slow.
    await expect(page.locator('main h1').first()).toBeVisible({ timeout: 30_000 });
    for (const { path, spec } of SIGNED_IN) {
      const address = samplePath(path);
      const opens = opensFor(role, spec);
      await test.step(`${address} ${opens ? 'opens' : 'is refused'}`, async () => {
        // From the 404 page (outside the frame), so the next heading seen is the route's own.
        await openInApp(page, '/page-404');
        await expect(page.getByRole('heading', { name: NOT_FOUND_TITLE })).toBeVisible();
        await openInApp(page, address);
        if (!opens) {
          await expectForbidden(page);
          return;
        }
        await expect(
          page.locator('main h1').filter({ hasNotText: NOT_FOUND_TITLE }).first(),
        ).toBeVisible();
        await expect(page.getByRole('heading', { name: FORBIDDEN_TITLE })).toHaveCount(0);
        // An area's own path (/report, /monitors) lands on its first screen below it.
        await expect(page).toHaveURL(
          (url) =>
            url.pathname === address ||
            url.pathname.startsWith(`${address}/`) ||
            url.pathname === BACK_TO_LIST[path],
        );
      });
    }
  });
}

test('/automation opens when the tenant workflow is enabled', async ({ page, request }) => {
  await storeSession(page, await apiLogin(request, ACCOUNTS.agent.email));
  await page.goto('/automation');
  await expect(page).toHaveURL(/\/automation$/);
  await expect(page.getByRole('heading', { name: 'Danh sách tự động hóa' })).toBeVisible();
});

test('/automation goes to / when the tenant workflow is disabled', async ({ page, request }) => {
  await storeSession(page, await apiLogin(request, 'admin@other.vn'));
  await page.goto('/automation');
  await expect(page).toHaveURL(/\/report\/summary$/);
  await expect(
    page.getByRole('navigation', { name: 'Điều hướng chính' }).getByText('Tự động hóa'),
  ).toHaveCount(0);
});

test('the sidebar lists only what the role may open', async ({ page, request }) => {
  await storeSession(page, await apiLogin(request, ACCOUNTS.agent.email));
  await page.goto('/tickets');
  const nav = page.getByRole('navigation', { name: 'Điều hướng chính' });
  await expect(nav.getByRole('link')).toHaveText([
    'Báo cáo',
    'Ticket',
    'Chat',
    'Khách hàng',
    'Tự động hóa',
    'Tổng đài',
  ]);
});
