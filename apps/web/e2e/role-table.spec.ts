import { expect, test } from '@playwright/test';
import type { DemoRole } from './fixtures';
import { ACCOUNTS, ROLES, apiLogin, expectForbidden, storeSession } from './fixtures';

/** The role table of spec section 6, route by route. */
const TABLE: [string, DemoRole[]][] = [
  ['/settings', ['administrator']],
  ['/settings/multi-channels/email', ['administrator']],
  ['/settings/users/members', ['administrator']],
  ['/settings/organizations/org-1', ['administrator']],
  ['/settings/tickets/view', ['administrator', 'team_leader']],
  ['/monitors/agents', ['administrator', 'supervisor']],
  ['/monitors/call-center', ['administrator', 'supervisor']],
  ['/chat', ['administrator', 'supervisor', 'agent']],
  ['/campaign', ['administrator', 'supervisor']],
  ['/campaign/report', ['administrator', 'supervisor']],
  ['/campaign/c-1', ['administrator', 'supervisor']],
  ['/campaign/c-1/report', ['administrator', 'supervisor']],
  ['/campaign/c-1/report-zns', ['administrator', 'supervisor']],
  ['/report/ticket', ['administrator', 'supervisor', 'team_leader']],
  ['/report/group', ['administrator', 'supervisor', 'team_leader']],
  ['/report/customer', ['administrator', 'supervisor', 'team_leader']],
  ['/report/custom', ['administrator', 'supervisor', 'team_leader']],
  ['/report/agent', ['administrator', 'supervisor', 'team_leader']],
  ['/smart-qc', ['administrator']],
  ['/smart-qc/keyword', ['administrator']],
  ['/smart-qc/dashboard', ['administrator']],
  ['/smart-qc/criteria', ['administrator']],
  ['/smart-qc/criteria/call', ['administrator']],
  ['/smart-qc/autoQa/qc-1', ['administrator']],
  ['/smart-qc/manualQa/qc-1/calls/t-1', ['administrator']],
  ['/tickets', ROLES],
  ['/customers', ROLES],
  ['/customers/tags', ROLES],
  ['/report/summary', ROLES],
  ['/view-as-mode', ['administrator']],
];

for (const role of ROLES) {
  test(`route table for ${role}`, async ({ page, request }) => {
    // Thirty full page loads in one test.
    test.setTimeout(180_000);
    await storeSession(page, await apiLogin(request, ACCOUNTS[role].email));
    for (const [path, allowed] of TABLE) {
      await test.step(`${path} ${allowed.includes(role) ? 'opens' : 'is refused'}`, async () => {
        await page.goto(path);
        if (allowed.includes(role)) {
          await expect(page).toHaveURL(new RegExp(`${path.replace(/[/]/g, '\\/')}$`));
          await expect(page.locator('main h1').first()).toBeVisible();
        } else {
          await expectForbidden(page);
        }
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
