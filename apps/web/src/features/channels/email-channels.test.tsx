import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { z } from 'zod';
import {
  channelView,
  type ChannelBody,
  type ChannelView,
} from '@omnicare/shared/channels/channels.schemas';
import {
  EMAIL_TEST_MESSAGES,
  channelTestView,
  emailFetchView,
  emailForwardingView,
} from '@omnicare/shared/channels/email-settings';
import {
  EMAIL_OAUTH_MESSAGES,
  EMAIL_OAUTH_PROVIDERS,
  emailOauthConnectView,
} from '@omnicare/shared/channels/email-oauth.schemas';
import { createdBody, noData, okBody } from '@omnicare/shared/platform/envelope';
import { TooltipProvider } from '@/components/ui/tooltip';
import type { ApiRequest } from '@/lib/http';
import { created, fixture, mockApi, ok } from '@/test/contract-fixtures';
import { createQueryClient } from '@/test/query-client';
import { TestShell } from '@/test/shell-navigation';
import { signInAs } from '@/test/signed-in';
import { EmailChannelsPage } from './pages/email-channels-page';
import { EMAIL_TEXT } from './channels-text';

const toasts = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), info: vi.fn() }));
vi.mock('@/lib/toast', () => ({ toast: toasts }));

globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

const CONTRACTS = {
  'GET /v2/channels': okBody(z.array(channelView)),
  'POST /v2/channels': createdBody(channelView),
  'PUT /v2/channels/:id': okBody(channelView),
  'POST /v2/channels/:id/test': okBody(channelTestView),
  'POST /v2/channels/:id/email/fetch': okBody(emailFetchView),
  'GET /v2/channels/email-forwarding': okBody(emailForwardingView),
  'DELETE /v2/channels/:id': okBody(noData),
  'POST /v2/channels/:id/email/oauth/connect': okBody(emailOauthConnectView),
  'POST /v2/channels/:id/email/oauth/disconnect': okBody(channelView),
};
const CHANNEL_ID = '3c1d2e3f-4a5b-4c6d-8e7f-8091a2b3c4d5';

const support = (extra: Partial<ChannelView> = {}): ChannelView =>
  fixture('GET /v2/channels', channelView, {
    _id: CHANNEL_ID,
    kind: 'email',
    name: 'Hộp thư CSKH',
    status: 'error',
    status_reason: 'Máy chủ IMAP từ chối đăng nhập của tài khoản support@shop.vn',
    group: null,
    settings: {
      imap_host: 'imap.gmail.com',
      imap_port: 993,
      imap_tls: true,
      imap_user: 'support@shop.vn',
      imap_folder: 'INBOX',
      poll_minutes: 1,
      smtp_host: 'smtp.gmail.com',
      smtp_port: 587,
      smtp_security: 'starttls',
      smtp_user: '',
      from_address: 'support@shop.vn',
      from_name: 'CSKH Shop',
    },
    secrets: { imap_password: true, smtp_password: true },
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    ...extra,
  });

function mockServer(
  channels: ChannelView[],
  write: (config: ApiRequest) => unknown,
  forwardingDomain: string | null = null,
) {
  return mockApi(CONTRACTS, (config) =>
    config.method !== 'GET'
      ? write(config)
      : config.url === '/v2/channels/email-forwarding'
        ? ok({ domain: forwardingDomain })
        : ok(channels),
  );
}
const writes = (request: ReturnType<typeof mockServer>) =>
  request.mock.calls.map(([config]) => config).filter((config) => config.method !== 'GET');

function renderPage() {
  const router = createMemoryRouter([{ path: '*', element: <EmailChannelsPage /> }], {
    initialEntries: ['/settings/multi-channels/email'],
  });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <TestShell>
        <TooltipProvider>
          <RouterProvider router={router} />
        </TooltipProvider>
      </TestShell>
    </QueryClientProvider>,
  );
}

async function fill(user: ReturnType<typeof userEvent.setup>, box: HTMLElement, text: string) {
  await user.clear(box);
  await user.click(box);
  await user.paste(text);
}

beforeEach(() => {
  Object.values(toasts).forEach((fn) => fn.mockReset());
  signInAs('administrator');
});
afterEach(() => vi.restoreAllMocks());

describe('/settings/multi-channels/email', () => {
  it('lists a mailbox: its servers, passwords only as stored, the error and its reason', async () => {
    mockServer([support()], () => {
      throw new Error('no write');
    });
    renderPage();
    const row = (await screen.findByText('Hộp thư CSKH')).closest('tr')!;
    const cells = within(row);
    expect(cells.getByText('imap.gmail.com:993')).toBeInTheDocument();
    expect(cells.getByText('smtp.gmail.com:587')).toBeInTheDocument();
    expect(cells.getByText('Đã lưu')).toBeInTheDocument();
    expect(cells.getByText('Lỗi kết nối')).toBeInTheDocument();
    expect(cells.getByText(/từ chối đăng nhập/)).toBeInTheDocument();
  }, 20_000);

  it("shows each mailbox's forwarding address when the server listens for forwarded mail", async () => {
    mockServer(
      [support()],
      () => {
        throw new Error('no write');
      },
      'in.omnicare.vn',
    );
    renderPage();
    const row = (await screen.findByText('Hộp thư CSKH')).closest('tr')!;
    expect(
      await within(row).findByText(
        'Địa chỉ chuyển tiếp: 3c1d2e3f4a5b4c6d8e7f8091a2b3c4d5@in.omnicare.vn',
      ),
    ).toBeInTheDocument();
    expect(
      within(row).getByRole('button', { name: 'Sao chép địa chỉ chuyển tiếp' }),
    ).toBeInTheDocument();
  }, 20_000);

  it('connects a mailbox with its IMAP and SMTP settings and passwords', async () => {
    const user = userEvent.setup();
    const request = mockServer([], (config) =>
      created(support({ name: (config.data as ChannelBody).name }), 'Kết nối kênh thành công'),
    );
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Kết nối hộp thư' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Kết nối hộp thư' }));
    await fill(user, dialog.getByLabelText(/Tên kênh/), 'Hộp thư CSKH');
    await fill(user, dialog.getByLabelText(/Địa chỉ gửi/), 'support@shop.vn');
    await fill(user, dialog.getByLabelText(/Máy chủ IMAP/), 'imap.gmail.com');
    await fill(user, dialog.getByLabelText(/Tài khoản IMAP/), 'support@shop.vn');
    await fill(user, dialog.getByLabelText(/Mật khẩu IMAP/), 'app-pass-1');
    await fill(user, dialog.getByLabelText(/Máy chủ SMTP/), 'smtp.gmail.com');
    await fill(user, dialog.getByLabelText(/Mật khẩu SMTP/), 'app-pass-2');
    await user.click(dialog.getByRole('button', { name: 'Lưu' }));
    await waitFor(() => expect(writes(request)).toHaveLength(1));
    const [post] = writes(request);
    expect(post).toMatchObject({ method: 'POST', url: '/v2/channels' });
    expect(post!.data).toMatchObject({
      kind: 'email',
      name: 'Hộp thư CSKH',
      settings: {
        imap_host: 'imap.gmail.com',
        imap_port: '993',
        imap_tls: true,
        imap_user: 'support@shop.vn',
        // New mail in seconds unless turned off.
        imap_idle: true,
        smtp_host: 'smtp.gmail.com',
        smtp_port: '587',
        smtp_security: 'starttls',
        from_address: 'support@shop.vn',
      },
      secrets: { imap_password: 'app-pass-1', smtp_password: 'app-pass-2' },
    });
  }, 30_000);

  it('tests the connection and shows what failed in Vietnamese; pauses the mailbox keeping its passwords', async () => {
    const user = userEvent.setup();
    const login = EMAIL_TEST_MESSAGES.login('IMAP', 'support@shop.vn');
    const request = mockServer([support({ status: 'active', status_reason: null })], (config) =>
      config.url.endsWith('/test')
        ? ok(
            {
              ok: false,
              message: login,
              checks: [
                { name: 'IMAP', ok: false, message: login },
                { name: 'SMTP', ok: true, message: 'Kết nối SMTP smtp.gmail.com:587 thành công' },
              ],
            },
            login,
          )
        : ok(support({ status: 'disabled', status_reason: null }), 'Cập nhật kênh thành công'),
    );
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Kiểm tra kết nối' }));
    expect(await screen.findByText(login)).toBeInTheDocument();
    expect(screen.getByText('Kết nối SMTP smtp.gmail.com:587 thành công')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Tạm dừng: Hộp thư CSKH' }));
    await waitFor(() => expect(writes(request)).toHaveLength(2));
    expect(writes(request)[1]).toMatchObject({
      method: 'PUT',
      url: `/v2/channels/${CHANNEL_ID}`,
      data: { kind: 'email', status: 'disabled', secrets: {} },
    });
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('Đã tạm dừng hộp thư'));
  }, 30_000);

  it("forgets a connection test's answer once the mailbox's settings changed (another server, a disconnect)", async () => {
    const user = userEvent.setup();
    const smtpOk = 'Kết nối SMTP smtp.gmail.com:587 thành công';
    const channels = [support({ status: 'active', status_reason: null })];
    mockServer(channels, (config) =>
      config.url.endsWith('/test')
        ? ok({ ok: true, message: smtpOk, checks: [{ name: 'SMTP', ok: true, message: smtpOk }] })
        : ok(support({ status: 'disabled', status_reason: null }), 'Cập nhật kênh thành công'),
    );
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Kiểm tra kết nối' }));
    expect(await screen.findByText(smtpOk)).toBeInTheDocument();
    // Paused (its status only): the answer stays.
    await user.click(screen.getByRole('button', { name: 'Tạm dừng: Hộp thư CSKH' }));
    await waitFor(() => expect(toasts.success).toHaveBeenCalled());
    expect(screen.getByText(smtpOk)).toBeInTheDocument();
    // Read again with another SMTP server: the answer was about the old one.
    channels[0] = support({
      status: 'active',
      status_reason: null,
      settings: { ...channels[0]!.settings, smtp_host: 'smtp.office365.com' },
    });
    await user.click(screen.getByRole('button', { name: 'Tạm dừng: Hộp thư CSKH' }));
    await waitFor(() => expect(screen.queryByText(smtpOk)).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Kiểm tra kết nối' })).toBeInTheDocument();
  }, 30_000);

  it('fetches the mailbox now and says how many mails came, or what failed', async () => {
    const user = userEvent.setup();
    const answers = [
      ok({ received: 2, status: 'active', status_reason: null }, 'Đã nhận 2 thư mới'),
      ok(
        { received: 0, status: 'error', status_reason: 'Máy chủ IMAP không phản hồi' },
        'Máy chủ IMAP không phản hồi',
      ),
    ];
    const request = mockServer([support({ status: 'active', status_reason: null })], () =>
      answers.shift(),
    );
    renderPage();
    const fetchNow = await screen.findByRole('button', { name: 'Nhận thư ngay' });
    await user.click(fetchNow);
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('Đã nhận 2 thư mới'));
    expect(writes(request)[0]).toMatchObject({
      method: 'POST',
      url: `/v2/channels/${CHANNEL_ID}/email/fetch`,
    });
    await user.click(fetchNow);
    await waitFor(() => expect(toasts.error).toHaveBeenCalledWith('Máy chủ IMAP không phản hồi'));
  }, 30_000);

  it('connects a Microsoft 365 mailbox by OAuth2: saved with its client, then off to the consent page', async () => {
    const user = userEvent.setup();
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, origin: 'https://cskh.shop.vn', assign });
    const consent = 'https://login.microsoftonline.com/common/oauth2/v2.0/authorize?state=s';
    const request = mockServer([], (config) =>
      config.url.endsWith('/email/oauth/connect')
        ? ok({ url: consent }, EMAIL_OAUTH_MESSAGES.connectStarted('Microsoft'))
        : created(support({ name: 'Hộp thư M365' }), 'Kết nối kênh thành công'),
    );
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Kết nối hộp thư' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Kết nối hộp thư' }));
    // Passwords are asked only for a password login.
    expect(dialog.getByLabelText(/Mật khẩu IMAP/)).toBeInTheDocument();
    await user.selectOptions(dialog.getByLabelText('Cách đăng nhập'), 'oauth2');
    expect(dialog.queryByLabelText(/Mật khẩu IMAP/)).toBeNull();
    expect(dialog.queryByLabelText(/Mật khẩu SMTP/)).toBeNull();
    // Google's endpoints first; picking Microsoft fills Microsoft's.
    expect(dialog.getByLabelText(/Địa chỉ lấy token/)).toHaveValue(
      EMAIL_OAUTH_PROVIDERS.google.token_url,
    );
    await user.selectOptions(dialog.getByLabelText('Nhà cung cấp OAuth2'), 'microsoft');
    expect(dialog.getByLabelText(/Địa chỉ cấp quyền/)).toHaveValue(
      EMAIL_OAUTH_PROVIDERS.microsoft.authorize_url,
    );
    expect(dialog.getByLabelText(/Phạm vi quyền/)).toHaveValue(
      EMAIL_OAUTH_PROVIDERS.microsoft.scope,
    );
    // The redirect URI to register with the provider.
    expect(dialog.getByText('https://cskh.shop.vn/email-redirect')).toBeInTheDocument();
    await fill(user, dialog.getByLabelText(/Tên kênh/), 'Hộp thư M365');
    await fill(user, dialog.getByLabelText(/Địa chỉ gửi/), 'support@shop.vn');
    await fill(user, dialog.getByLabelText(/Máy chủ IMAP/), 'outlook.office365.com');
    await fill(user, dialog.getByLabelText(/Tài khoản IMAP/), 'support@shop.vn');
    await fill(user, dialog.getByLabelText(/Máy chủ SMTP/), 'smtp.office365.com');
    await fill(user, dialog.getByLabelText(/Client ID/), 'app-client-id');
    await fill(user, dialog.getByLabelText(/Client secret/), 'app-client-secret');
    await user.click(dialog.getByRole('button', { name: 'Kết nối bằng Microsoft' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(consent));
    const [post, connect] = writes(request);
    expect(post).toMatchObject({ method: 'POST', url: '/v2/channels' });
    expect(post!.data).toMatchObject({
      settings: {
        auth_method: 'oauth2',
        oauth_provider: 'microsoft',
        oauth_client_id: 'app-client-id',
        oauth_token_url: EMAIL_OAUTH_PROVIDERS.microsoft.token_url,
      },
      secrets: { oauth_client_secret: 'app-client-secret' },
    });
    expect((post!.data as ChannelBody).secrets).not.toHaveProperty('imap_password');
    expect(connect).toMatchObject({
      method: 'POST',
      url: `/v2/channels/${CHANNEL_ID}/email/oauth/connect`,
    });
    vi.unstubAllGlobals();
  }, 30_000);

  it("shows an OAuth2 mailbox's connection, and its 'Cần kết nối lại' reason", async () => {
    const reason = EMAIL_OAUTH_MESSAGES.refreshRefused('invalid_grant: Token has been revoked');
    mockServer(
      [
        support({
          status: 'error',
          status_reason: reason,
          settings: { ...support().settings, auth_method: 'oauth2', oauth_provider: 'google' },
          secrets: {
            imap_password: false,
            smtp_password: false,
            oauth_client_secret: true,
            oauth_refresh_token: false,
          },
        }),
      ],
      () => {
        throw new Error('no write');
      },
    );
    renderPage();
    const row = within((await screen.findByText('Hộp thư CSKH')).closest('tr')!);
    expect(row.getByText('OAuth2 · Google')).toBeInTheDocument();
    expect(row.getByText('Chưa kết nối')).toBeInTheDocument();
    expect(row.getByRole('button', { name: 'Kết nối bằng Google' })).toBeInTheDocument();
    expect(row.getByText(reason)).toBeInTheDocument();
  }, 20_000);

  it("disconnects a connected OAuth2 mailbox from its dialog after a confirmation ('Ngắt kết nối'), and offers it only when connected", async () => {
    const user = userEvent.setup();
    const oauthSettings = {
      ...support().settings,
      auth_method: 'oauth2',
      oauth_provider: 'google',
      oauth_client_id: 'app-client-id',
      oauth_revoke_url: EMAIL_OAUTH_PROVIDERS.google.revoke_url,
    };
    const connected = support({
      status: 'active',
      status_reason: null,
      settings: { ...oauthSettings, oauth_connected_at: '2026-01-02T03:04:05.000Z' },
      secrets: { oauth_client_secret: true, oauth_refresh_token: true },
    });
    const disconnected = support({
      status: 'error',
      status_reason: EMAIL_OAUTH_MESSAGES.notConnected,
      settings: { ...oauthSettings, oauth_disconnected_at: '2026-01-03T00:00:00.000Z' },
      secrets: { oauth_client_secret: true, oauth_refresh_token: false },
    });
    const request = mockServer([connected], () =>
      ok(disconnected, EMAIL_OAUTH_MESSAGES.disconnected),
    );
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Sửa Hộp thư CSKH' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Cập nhật hộp thư' }));
    expect(dialog.getByLabelText(/Địa chỉ thu hồi token/)).toHaveValue(
      EMAIL_OAUTH_PROVIDERS.google.revoke_url,
    );
    await user.click(dialog.getByRole('button', { name: EMAIL_TEXT.disconnect }));
    // Nothing is sent before the confirmation; cancelling sends nothing.
    const confirm = within(await screen.findByRole('alertdialog'));
    expect(confirm.getByText(EMAIL_TEXT.disconnectQuestion('Hộp thư CSKH'))).toBeVisible();
    expect(writes(request)).toEqual([]);
    await user.click(confirm.getByRole('button', { name: EMAIL_TEXT.disconnect }));
    await waitFor(() =>
      expect(toasts.success).toHaveBeenCalledWith(EMAIL_OAUTH_MESSAGES.disconnected),
    );
    expect(writes(request)).toEqual([
      expect.objectContaining({
        method: 'POST',
        url: `/v2/channels/${CHANNEL_ID}/email/oauth/disconnect`,
      }),
    ]);
    // The dialog closes.
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Cập nhật hộp thư' })).toBeNull(),
    );
  }, 30_000);

  it('a public client is saved without a client secret', async () => {
    const user = userEvent.setup();
    const request = mockServer([], () =>
      created(support({ name: 'Hộp thư công khai' }), 'Kết nối kênh thành công'),
    );
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Kết nối hộp thư' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Kết nối hộp thư' }));
    await user.selectOptions(dialog.getByLabelText('Cách đăng nhập'), 'oauth2');
    // Not connected yet: no disconnect.
    expect(dialog.queryByRole('button', { name: EMAIL_TEXT.disconnect })).toBeNull();
    await user.click(dialog.getByLabelText(/Ứng dụng công khai/));
    expect(dialog.queryByLabelText(/Client secret/)).toBeNull();
    await fill(user, dialog.getByLabelText(/Tên kênh/), 'Hộp thư công khai');
    await fill(user, dialog.getByLabelText(/Địa chỉ gửi/), 'support@shop.vn');
    await fill(user, dialog.getByLabelText(/Máy chủ IMAP/), 'imap.gmail.com');
    await fill(user, dialog.getByLabelText(/Tài khoản IMAP/), 'support@shop.vn');
    await fill(user, dialog.getByLabelText(/Máy chủ SMTP/), 'smtp.gmail.com');
    await fill(user, dialog.getByLabelText(/Client ID/), 'public-client-id');
    await user.click(dialog.getByRole('button', { name: 'Lưu' }));
    await waitFor(() => expect(writes(request)).toHaveLength(1));
    expect(writes(request)[0]!.data).toMatchObject({
      settings: { oauth_public_client: true, oauth_client_id: 'public-client-id' },
      secrets: {},
    });
  }, 30_000);
});
