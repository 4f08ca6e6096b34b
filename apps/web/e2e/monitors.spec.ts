import { expect, test, type Page } from '@playwright/test';
import {
  ACCOUNTS,
  GATEWAY_HEADERS,
  abandonedCall,
  apiCreate,
  apiLogin,
  phone,
  screenshotsAtBothSizes,
  signInAs,
  storeSession,
  unique,
} from './fixtures';
import { livechatChannel } from './livechat-fixtures';

/** The page's socket is up and the monitor has its first pushed snapshot. */
async function live(page: Page) {
  await expect(page.locator('html')).toHaveAttribute('data-realtime', 'connected');
  await expect(page.getByTestId('monitor-live')).toHaveText('Trực tiếp');
}

test('the agents monitor follows an agent changing presence in another browser, and a supervisor changes it back', async ({
  browser,
  page,
  request,
}) => {
  await signInAs(page, request, ACCOUNTS.supervisor.email);
  const agent2 = await apiLogin(request, 'agent2@demo.vn');
  await page.goto('/monitors/agents');
  await live(page);
  const row = page.locator(`[data-agent="${agent2._id}"]`);
  const presence = row.getByTestId('agent-presence');
  await expect(presence).not.toHaveText('');
  const target = (await presence.textContent())?.includes('Đi họp')
    ? { value: 'ATLUNCH', label: 'Ăn trưa' }
    : { value: 'MEETING', label: 'Đi họp' };
  await screenshotsAtBothSizes(page, 'monitors-agents');

  // The agent, in a browser of their own, picks a presence in the header's menu.
  const context = await browser.newContext();
  try {
    const agentPage = await context.newPage();
    await storeSession(agentPage, agent2);
    await agentPage.goto('/');
    await agentPage.getByRole('button', { name: /^Trạng thái làm việc/ }).click();
    await agentPage.getByRole('menuitemradio', { name: target.label }).click();
    // On the supervisor's monitor at once, with the time in state started again.
    await expect(presence).toHaveText(target.label);
    await expect(row.getByTestId('agent-in-state')).toHaveText(/^0:0\d$/);

    // The supervisor sets them available again from the monitor; the agent's header follows.
    await row.getByLabel(`Đổi trạng thái của ${agent2.name}`).selectOption('NOACD');
    await expect(page.getByText('Đã đổi trạng thái làm việc')).toBeVisible();
    await expect(presence).toHaveText('Sẵn sàng NoACD');
    await expect(
      agentPage.getByRole('button', { name: 'Trạng thái làm việc: Sẵn sàng NoACD' }),
    ).toBeVisible();
  } finally {
    await context.close();
  }
  // The figure behind a tile: the agents AVAILABLE now.
  await page.getByRole('button', { name: /^Nhân viên sẵn sàng:/ }).click();
  await expect(page.getByRole('dialog')).toContainText('Nhân viên ở trạng thái AVAILABLE');
});

test('the call-center and call monitors show a call arriving in a queue, and its end', async ({
  page,
  request,
}) => {
  const admin = await apiLogin(request, ACCOUNTS.administrator.email);
  const run = unique();
  const hotline = `1900${String(Date.now()).slice(-6)}`;
  const queue = await apiCreate<{ _id: string; name: string }>(request, admin.token, '/v2/queues', {
    name: `Giám sát ${run}`,
    hotlines: [hotline],
  });
  await signInAs(page, request, ACCOUNTS.supervisor.email);
  await page.goto('/monitors/call-center');
  await live(page);
  const tiles = page.locator(`[data-queue="${queue._id}"]`);
  await expect(tiles.getByRole('button', { name: 'Đang chờ: 0' })).toBeVisible();

  // Nobody is a member: the caller waits in the queue.
  const caller = phone();
  const callId = `e2e-monitor-${run}`;
  const routed = await request.post('/v2/telephony/route', {
    headers: GATEWAY_HEADERS,
    data: { call_id: callId, from: caller, to: hotline },
  });
  expect((await routed.json()).data.action).toBe('queue');
  await expect(tiles.getByRole('button', { name: 'Đang chờ: 1' })).toBeVisible();
  await expect(tiles.locator('[data-metric="waiting_now"]')).toHaveAttribute('data-tone', 'normal');
  // The wait ticks in the browser.
  await expect(tiles.getByRole('button', { name: /^Chờ lâu nhất: 0:0[2-9]$/ })).toBeVisible();
  await screenshotsAtBothSizes(page, 'monitors-call-center');
  // Its rows: the call waiting.
  await tiles.getByRole('button', { name: 'Đang chờ: 1' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(caller);
  await page.keyboard.press('Escape');

  await page.goto('/monitors/call-monitor');
  await live(page);
  const waiting = page.getByRole('table', { name: 'Cuộc gọi đang chờ' });
  await expect(waiting.getByRole('row').filter({ hasText: caller })).toContainText(queue.name);
  await screenshotsAtBothSizes(page, 'monitors-call-monitor');
  // The caller hangs up: gone from the monitor, counted as abandoned today.
  await abandonedCall(request, { callId, from: caller, hotline, minutesAgo: 0.2, seconds: 8 });
  await expect(page.getByRole('row').filter({ hasText: caller })).toHaveCount(0);
  await page.goto('/monitors/call-center');
  await live(page);
  await expect(tiles.getByRole('button', { name: 'Cuộc gọi bỏ: 1' })).toBeVisible();
});

test('the call monitor shows a call put on hold, with the time on hold ticking', async ({
  page,
  request,
}) => {
  const run = unique();
  const hotline = `1800${String(Date.now()).slice(-6)}`;
  const admin = await apiLogin(request, ACCOUNTS.administrator.email);
  await apiCreate(request, admin.token, '/v2/queues', {
    name: `Giữ máy ${run}`,
    hotlines: [hotline],
  });
  const caller = phone();
  const callId = `e2e-held-${run}`;
  const event = async (type: string, secondsAgo: number) => {
    const sent = await request.post('/v2/telephony/events', {
      headers: GATEWAY_HEADERS,
      data: {
        call_id: callId,
        event_id: type,
        type,
        at: new Date(Date.now() - secondsAgo * 1000).toISOString(),
        direction: 'CALL_INBOUND',
        from: caller,
        to: hotline,
        hotline,
      },
    });
    expect(sent.status()).toBe(200);
  };
  await event('call.started', 30);
  await event('call.answered', 25);
  await event('call.held', 5);
  await signInAs(page, request, ACCOUNTS.supervisor.email);
  await page.goto('/monitors/call-monitor');
  await live(page);
  const row = page
    .getByRole('table', { name: 'Cuộc gọi đang diễn ra' })
    .getByRole('row')
    .filter({ hasText: caller });
  await expect(row).toContainText(/Đang giữ máy 0:0[5-9]/);
  await screenshotsAtBothSizes(page, 'monitors-call-on-hold');
  // Resumed: talking again, live.
  await event('call.resumed', 0);
  await expect(row).not.toContainText('Đang giữ máy');
  await event('call.ended', 0);
  await expect(row).toHaveCount(0);
});

test('the channels monitor follows a channel being added, and the daily statistics open the rows of an hour', async ({
  page,
  request,
}) => {
  const admin = await apiLogin(request, ACCOUNTS.administrator.email);
  const run = unique();
  await signInAs(page, request, ACCOUNTS.supervisor.email);
  await page.goto('/monitors/channels');
  await live(page);
  // An administrator connects a website chat meanwhile: it appears, connected, nothing waiting.
  const channelId = await livechatChannel(request, admin.token, run, [admin._id]);
  const row = page.locator(`[data-channel="${channelId}"]`);
  await expect(row).toContainText(`Website ${run}`);
  await expect(row).toContainText('Đang hoạt động');
  await expect(row.locator('[data-metric="conversations_waiting"]')).toHaveText('0');
  await screenshotsAtBothSizes(page, 'monitors-channels');

  // A caller who hung up this hour: counted today, hour by hour, with its row behind it.
  const hotline = `1900${String(Date.now()).slice(-6)}`;
  await apiCreate(request, admin.token, '/v2/queues', {
    name: `Thống kê ${run}`,
    hotlines: [hotline],
  });
  const caller = phone();
  const callId = `e2e-stats-${run}`;
  const routed = await request.post('/v2/telephony/route', {
    headers: GATEWAY_HEADERS,
    data: { call_id: callId, from: caller, to: hotline },
  });
  expect((await routed.json()).data.action).toBe('queue');
  await abandonedCall(request, { callId, from: caller, hotline, minutesAgo: 0.2, seconds: 6 });
  // Today's figure of the hour it was made in (the tenant's zone): other days may have figures in
  // later hours.
  const hour = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Asia/Bangkok',
    hour: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(Date.now() - 12_000));
  await page.goto('/monitors/daily-stats');
  await live(page);
  const calls = page.getByRole('table', { name: 'Cuộc gọi vào' });
  await expect(calls).toBeVisible();
  await page.getByRole('tab', { name: 'Tin nhắn nhận' }).click();
  await expect(page.getByRole('table', { name: 'Tin nhắn nhận' })).toBeVisible();
  await page.getByRole('tab', { name: 'Cuộc gọi bỏ' }).click();
  const abandoned = page.getByRole('table', { name: 'Cuộc gọi bỏ' });
  await screenshotsAtBothSizes(page, 'monitors-daily-stats');
  await abandoned
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: `${hour}:00`, exact: true }) })
    .locator('[data-metric]')
    .first()
    .click();
  await expect(
    page.getByRole('dialog').getByRole('listitem').filter({ hasText: caller }),
  ).toBeVisible();
});
