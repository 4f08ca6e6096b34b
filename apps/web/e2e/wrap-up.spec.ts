import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  ACCOUNTS,
  apiLogin,
  gatewayEvents,
  phone,
  realtimeConnected,
  screenshotsAtBothSizes,
  setWrapUpSeconds,
  signInAs,
  storeSession,
  unique,
} from './fixtures';

/**
 * After-call work: the gateway reports an agent's answered call ending (as Kamailio posts it);
 * the agent's softphone shows the wrap-up counting down, and 'Sẵn sàng' ends it early, the
 * seconds recorded on the call. (The voice spec does the same through the real gateway.)
 */
// The tenant's default, whatever a spec that shared this server before set.
test.beforeAll(async ({ playwright, baseURL }) => {
  const request = await playwright.request.newContext({ baseURL });
  await setWrapUpSeconds(request, 30);
  await request.dispose();
});

/** The demo agent's softphone open on /tickets, an answered call of theirs just ended. */
async function agentWrappingUp(page: Page, request: APIRequestContext) {
  const agent = await apiLogin(request, ACCOUNTS.agent.email);
  const account = await request.get('/v2/my-softphone', {
    headers: { Authorization: agent.token },
  });
  const sipUser = ((await account.json()) as { data: { username: string } }).data.username;
  expect(sipUser).toBeTruthy();
  await storeSession(page, agent);
  await page.goto('/tickets');
  await realtimeConnected(page);
  await expect(page.getByTestId('softphone-toggle')).toBeVisible();

  const callId = `e2e-acw-${unique()}`;
  const customer = phone();
  const now = Date.now();
  await gatewayEvents(
    request,
    { callId, direction: 'CALL_OUTBOUND', from: sipUser, to: customer },
    [
      { type: 'call.started', at: now - 45_000 },
      { type: 'call.answered', at: now - 40_000, extra: { agent: sipUser } },
      { type: 'call.ended', at: now - 1_000, extra: { cause: 'customer_hangup' } },
    ],
  );
  return { agent, callId, customer };
}

test("an answered call ends: the softphone counts the wrap-up down and 'Sẵn sàng' ends it", async ({
  page,
  request,
  browser,
}) => {
  const { agent, callId, customer } = await agentWrappingUp(page, request);
  const panel = page.getByTestId('wrap-up-panel');
  await expect(panel).toBeVisible();
  await expect(panel).toContainText('Xử lý sau cuộc gọi');
  await expect(panel.getByTestId('wrap-up-countdown')).toHaveText(/^00:(1\d|2\d|30)$/);
  await screenshotsAtBothSizes(page, 'softphone-wrap-up');

  // A supervisor's monitors show the agent wrapping up, not free.
  const supervisorContext = await browser.newContext();
  const monitor = await supervisorContext.newPage();
  await signInAs(monitor, request, ACCOUNTS.supervisor.email);
  await monitor.goto('/monitors/agents');
  const agentRow = monitor.getByRole('row').filter({ hasText: agent.name });
  await expect(agentRow.getByTestId('agent-wrap-up')).toContainText(/Xử lý sau cuộc gọi 0:\d\d/);
  await screenshotsAtBothSizes(monitor, 'monitors-agent-wrap-up');
  await monitor.goto('/monitors/call-monitor');
  const wrapUps = monitor.getByRole('table', { name: 'Chuyên viên đang xử lý sau cuộc gọi' });
  await expect(wrapUps.getByRole('row').filter({ hasText: customer })).toContainText(agent.name);
  await screenshotsAtBothSizes(monitor, 'monitors-call-wrap-up');

  await panel.getByTestId('wrap-up-ready').click();
  await expect(panel).toHaveCount(0);
  // The monitor hears the end at once.
  await expect(wrapUps).toHaveCount(0);
  await supervisorContext.close();
  const calls = await request.get(`/v2/calls?number=${customer}`, {
    headers: { Authorization: agent.token },
  });
  const [call] = ((await calls.json()) as { data: { call_id: string; acw_seconds: number }[] })
    .data;
  expect(call?.call_id).toBe(callId);
  expect(call?.acw_seconds).toBeGreaterThanOrEqual(1);
  expect(call?.acw_seconds).toBeLessThan(30);
  // Reloaded, the softphone asks the server: no wrap-up any more.
  await page.reload();
  await realtimeConnected(page);
  await expect(page.getByTestId('softphone-toggle')).toBeVisible();
  await expect(page.getByTestId('wrap-up-panel')).toHaveCount(0);
});

test("a supervisor ends an agent's wrap-up from the agents monitor: the agent's card goes", async ({
  page,
  request,
  browser,
}) => {
  const { agent } = await agentWrappingUp(page, request);
  const panel = page.getByTestId('wrap-up-panel');
  await expect(panel).toBeVisible();

  const supervisorContext = await browser.newContext();
  const monitor = await supervisorContext.newPage();
  await signInAs(monitor, request, ACCOUNTS.supervisor.email);
  await monitor.goto('/monitors/agents');
  const agentRow = monitor.getByRole('row').filter({ hasText: agent.name });
  await expect(agentRow.getByTestId('agent-wrap-up')).toBeVisible();
  await agentRow
    .getByRole('button', { name: `Kết thúc xử lý sau cuộc gọi của ${agent.name}` })
    .click();
  await expect(monitor.getByText('Đã kết thúc xử lý sau cuộc gọi của nhân viên')).toBeVisible();
  await expect(agentRow.getByTestId('agent-wrap-up')).toHaveCount(0);
  await expect(panel).toHaveCount(0);
  await supervisorContext.close();
});
