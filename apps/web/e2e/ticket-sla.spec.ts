import { expect, test } from '@playwright/test';
import type { APIRequestContext } from '@playwright/test';
import { ACCOUNTS, apiLogin, storeSession, ticketViews, unique } from './fixtures';

async function send<T>(
  request: APIRequestContext,
  token: string,
  method: 'post' | 'put',
  url: string,
  data: object,
) {
  const response = await request[method](url, { headers: { Authorization: token }, data });
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { data: T }).data;
}

interface Ticket {
  _id: string;
  number: number;
  code: string;
  sla_due_at: string | null;
  sla_breached_at: string | null;
}

// A real breach: a policy of one minute to the first response, the minute let pass.
test('an SLA breach: the ticket turns overdue, the assignee is told, the breached view lists it', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const user = await apiLogin(request, ACCOUNTS.administrator.email);
  await storeSession(page, user);
  const tag = unique();
  const priority = await send<{ _id: string }>(request, user.token, 'post', '/v2/priorities', {
    name: `Gấp ${tag}`,
    color: '#dc2626',
  });
  await send(request, user.token, 'post', '/v2/sla-policies', {
    name: `Một phút ${tag}`,
    targets: [{ priority_id: priority._id, first_response_minutes: 1, resolution_minutes: 2 }],
  });
  const subject = `SLA ${tag}`;
  const ticket = await send<Ticket>(request, user.token, 'post', '/v2/tickets', {
    subject,
    priority_id: priority._id,
    assignee_id: user.user_id,
  });
  expect(ticket.sla_due_at).not.toBeNull();
  expect(ticket.sla_breached_at).toBeNull();

  await page.goto(`/tickets/${ticket.number}`);
  await expect(page.getByText(subject)).toBeVisible();
  const overdue = page.getByText(/^Quá hạn (dưới )?\d+ phút$/);
  await expect(overdue).toHaveCount(0);
  // The page turns it overdue on its own once the due passes.
  await expect(overdue).toBeVisible({ timeout: 90_000 });

  // The next change records the breach (the minute job would too) and tells the assignee.
  const changed = await send<Ticket>(request, user.token, 'put', `/v2/tickets/${ticket._id}`, {
    status: 'open',
  });
  expect(changed.sla_breached_at).toBe(ticket.sla_due_at);
  await page.getByRole('button', { name: /^Thông báo/ }).click();
  await expect(
    page.getByRole('button', { name: new RegExp(`Ticket ${ticket.code} đã quá hạn SLA`) }),
  ).toBeVisible({ timeout: 30_000 }); // sent by the outbox subscriber, after the commit
  await page.keyboard.press('Escape');

  await page.goto('/tickets');
  await (await ticketViews(page)).getByRole('button', { name: 'Quá hạn SLA' }).click();
  await page.getByRole('searchbox').fill(subject);
  const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: subject }) });
  await expect(row).toContainText('Quá hạn');
});
