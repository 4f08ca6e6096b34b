/// <reference types="node" />
import { readFile, readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { expect } from '@playwright/test';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import type { StoredUser } from '@omnicare/shared/auth/auth.schemas';
import { workerServer } from './worker-server';

export const PASSWORD = 'Demo@123456';
/** A short token no other test run uses, to tell this test's records apart. */
export const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
/** A random Vietnamese mobile number in its 0 form. */
export const phone = () => `09${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
export const ACCOUNTS = {
  administrator: { email: 'admin@demo.vn', roleLabel: 'Quản trị viên' },
  supervisor: { email: 'supervisor@demo.vn', roleLabel: 'Giám sát viên' },
  team_leader: { email: 'leader@demo.vn', roleLabel: 'Trưởng bộ phận' },
  agent: { email: 'agent@demo.vn', roleLabel: 'Chuyên viên' },
} as const;
export type DemoRole = keyof typeof ACCOUNTS;
export const ROLES = Object.keys(ACCOUNTS) as DemoRole[];

export const FORBIDDEN_TITLE = 'Cảnh báo';
export const FORBIDDEN_MESSAGE = 'Bạn không có quyền sử dụng tính năng này!';
export const EXPIRED_MESSAGE = 'Phiên đăng nhập đã hết hạn, vui lòng đăng nhập lại!';

/** Signs in through the API and returns the stored user the app would keep. */
export async function apiLogin(
  request: APIRequestContext,
  email: string,
  password = PASSWORD,
): Promise<StoredUser> {
  const response = await request.post('/v2/login', { data: { email, password } });
  expect(response.status(), `login ${email}`).toBe(200);
  const body = (await response.json()) as { data: StoredUser };
  return body.data;
}

let sessionsStored = 0;

/**
 * Puts a signed-in user (and any other `stored` entries) into the page's storage as the login
 * screen would, before the page's next load runs a line of the app: no load of its own. Later
 * loads keep what the app made of it (a sign-out stays signed out); a later call wins.
 */
export async function storeSession(
  page: Page,
  user: StoredUser,
  stored: Record<string, unknown> = {},
): Promise<void> {
  sessionsStored += 1;
  await page.addInitScript(
    ({ entries, marker }) => {
      try {
        if (sessionStorage.getItem(marker)) return;
        sessionStorage.setItem(marker, '1');
        for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
      } catch {
        // a document without storage of its own (about:blank)
      }
    },
    {
      entries: Object.fromEntries(
        Object.entries({ user, ...stored }).map(([key, value]) => [key, JSON.stringify(value)]),
      ),
      marker: `e2e-session-${sessionsStored}-${Math.random()}`,
    },
  );
}

export async function signInAs(
  page: Page,
  request: APIRequestContext,
  email: string,
): Promise<StoredUser> {
  const user = await apiLogin(request, email);
  await storeSession(page, user);
  return user;
}

/** Signs in through the login form. */
export async function signInWithForm(
  page: Page,
  email: string,
  password = PASSWORD,
): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Mật khẩu', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Đăng nhập' }).click();
}

/** The page's live channel is connected: what the server pushes from now on reaches it. */
export async function realtimeConnected(page: Page): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('data-realtime', 'connected');
}

export async function expectForbidden(page: Page): Promise<void> {
  await expect(page).toHaveURL(/\/page-404\?/);
  await expect(page.getByRole('heading', { name: FORBIDDEN_TITLE })).toBeVisible();
  await expect(page.getByText(FORBIDDEN_MESSAGE)).toBeVisible();
}

function decodeQuotedPrintable(text: string): string {
  const joined = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let index = 0; index < joined.length; index += 1) {
    const hex = joined.slice(index + 1, index + 3);
    if (joined[index] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      index += 2;
    } else {
      bytes.push(...Buffer.from(joined[index] ?? '', 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/**
 * What `find` reads in the newest mail to `email` in the outbox newer than `since` (the body
 * decoded), waiting up to 10 s for it.
 */
export async function readMail(
  email: string,
  since: number,
  find: (body: string) => string | undefined,
): Promise<string> {
  const outbox = workerServer().outboxDir ?? path.resolve('.data', 'outbox');
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const names = await readdir(outbox).catch(() => [] as string[]);
    const candidates: { file: string; mtime: number }[] = [];
    for (const name of names.filter((entry) => entry.endsWith('.eml'))) {
      const file = path.join(outbox, name);
      const info = await stat(file);
      if (info.mtimeMs >= since - 1_000) candidates.push({ file, mtime: info.mtimeMs });
    }
    candidates.sort((a, b) => b.mtime - a.mtime);
    for (const { file } of candidates) {
      const raw = await readFile(file, 'utf8');
      if (!new RegExp(`^To:.*${email.replace(/[.]/g, '\\.')}`, 'im').test(raw)) continue;
      const body = decodeQuotedPrintable(
        raw
          .split(/\r?\n\r?\n/)
          .slice(1)
          .join('\n\n'),
      );
      const found = find(body);
      if (found) return found;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no mail for ${email} in ${outbox}`);
}

/** The 4-digit code of the newest reset mail for `email` in the outbox, newer than `since`. */
export const readResetCode = (email: string, since: number, except?: string) =>
  readMail(email, since, (body) => {
    const code =
      /(?:là|code)[^\d]{0,10}(\d{4})\b/i.exec(body)?.[1] ?? /\b(\d{4})\b/.exec(body)?.[1];
    // A mail of an earlier request less than a second older than `since` is not the one awaited.
    return code === except ? undefined : code;
  });

/** The path and query of the invitation link mailed to `email` (newer than `since`). */
export const readInviteLink = (email: string, since: number) =>
  readMail(email, since, (body) => {
    const link = /(https?:\/\/\S+\/accept-invite\?\S+)/.exec(body)?.[1];
    if (!link) return undefined;
    const url = new URL(link);
    return `${url.pathname}${url.search}`;
  });

/** Opens a search picker, types into its search box and picks the option named `name`. */
export async function pick(page: Page, picker: Locator, search: string, name: string | RegExp) {
  await picker.click();
  await page.getByRole('combobox', { name: /^Tìm/ }).fill(search);
  await page.getByRole('option', { name }).click();
}

/** `POST url` with a session; expects 201 and answers the created record's `data`. */
export async function apiCreate<T = unknown>(
  request: APIRequestContext,
  token: string,
  url: string,
  data: object,
): Promise<T> {
  const response = await request.post(url, { headers: { Authorization: token }, data });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { data: T }).data;
}

export interface CreatedTicket {
  _id: string;
  number: number;
  code: string;
}

export const createTicket = (request: APIRequestContext, token: string, data: object) =>
  apiCreate<CreatedTicket>(request, token, '/v2/tickets', data);

/** The ticket list's row that links to `subject`. */
export const ticketRow = (page: Page, subject: string) =>
  page.getByRole('row').filter({ has: page.getByRole('link', { name: subject }) });

/**
 * Signs the page in as the administrator with no record tabs and the 'all' view chosen, as the
 * ticket specs start; answers the session's token for API calls.
 */
export async function openTicketsAsAdministrator(
  page: Page,
  request: APIRequestContext,
): Promise<string> {
  const user = await apiLogin(request, ACCOUNTS.administrator.email);
  await storeSession(page, user, { smartView: 'all' });
  return user.token;
}

/** The ticket list's views pane, opened first where it starts collapsed (narrow windows). */
export async function ticketViews(page: Page): Promise<Locator> {
  const pane = page.getByRole('navigation', { name: 'Chế độ xem' });
  const expand = pane.getByRole('button', { name: 'Mở chế độ xem' });
  await expect(expand.or(pane.getByRole('button', { name: 'Thu gọn chế độ xem' }))).toBeVisible();
  if (await expand.isVisible()) await expand.click();
  return pane;
}

/**
 * With `SHOTS_DIR` set (a folder), a screenshot of what the scenario shows, to look at
 * (`<name>.png`); without it nothing, so a run of the suite spends nothing on them.
 */
export async function screenshot(page: Page, name: string, fullPage = false): Promise<void> {
  const folder = process.env.SHOTS_DIR;
  if (folder) await page.screenshot({ path: `${folder}/${name}.png`, fullPage });
}

/** The sizes the screens are looked at: a 1366 laptop and a 1920 monitor. */
export const SCREEN_SIZES = [
  { width: 1366, height: 768 },
  { width: 1920, height: 1080 },
] as const;

/** `screenshot` at each of SCREEN_SIZES (`<name>-1366.png`...), the page's size restored after. */
export async function screenshotsAtBothSizes(page: Page, name: string): Promise<void> {
  if (!process.env.SHOTS_DIR) return;
  const before = page.viewportSize();
  for (const size of SCREEN_SIZES) {
    await page.setViewportSize(size);
    await screenshot(page, `${name}-${size.width}`);
  }
  if (before) await page.setViewportSize(before);
}

/** The secret scripts/e2e.mjs gives the server: specs play the SIP gateway with it. */
export const GATEWAY_HEADERS = { 'x-gateway-secret': 'e2e-gateway-secret-0123456789' };

/** One call's events posted as the SIP gateway posts them (ids 1, 2, … in order); each must be taken. */
export async function gatewayEvents(
  request: APIRequestContext,
  call: { callId: string; direction: 'CALL_INBOUND' | 'CALL_OUTBOUND'; from: string; to: string },
  events: { type: string; at: number; extra?: Record<string, unknown> }[],
) {
  for (const [index, event] of events.entries()) {
    const sent = await request.post('/v2/telephony/events', {
      headers: GATEWAY_HEADERS,
      data: {
        call_id: call.callId,
        event_id: String(index + 1),
        type: event.type,
        at: new Date(event.at).toISOString(),
        direction: call.direction,
        from: call.from,
        to: call.to,
        ...event.extra,
      },
    });
    expect(sent.status(), await sent.text()).toBe(200);
  }
}

/**
 * A caller who hangs up while waiting, as the gateway reports it: an inbound call from `from`
 * to `hotline`, started `minutesAgo` and ended after `seconds` (its `call_id`, made unless given).
 */
export async function abandonedCall(
  request: APIRequestContext,
  call: { from: string; hotline: string; minutesAgo?: number; seconds?: number; callId?: string },
): Promise<string> {
  const callId = call.callId ?? `e2e-${unique()}`;
  const start = Date.now() - (call.minutesAgo ?? 1) * 60_000;
  await gatewayEvents(
    request,
    { callId, direction: 'CALL_INBOUND', from: call.from, to: call.hotline },
    [
      { type: 'call.started', at: start },
      {
        type: 'call.ended',
        at: start + (call.seconds ?? 10) * 1000,
        extra: { cause: 'caller_hangup' },
      },
    ],
  );
  return callId;
}

/**
 * The tenant's after-call work in seconds (its other settings kept), as its administrator: a
 * spec that changes it shares its server with specs after it.
 */
export async function setWrapUpSeconds(request: APIRequestContext, seconds: number) {
  const admin = await apiLogin(request, ACCOUNTS.administrator.email);
  const headers = { Authorization: admin.token };
  const read = await request.get('/v2/tenant/config', { headers });
  const config = ((await read.json()) as { data: Record<string, unknown> }).data;
  const saved = await request.put('/v2/tenant/config', {
    headers,
    data: {
      name: config.name,
      time_zone: config.time_zone,
      data_scopes: config.data_scopes,
      call_wrap_up_seconds: seconds,
    },
  });
  expect(saved.ok(), await saved.text()).toBe(true);
}
