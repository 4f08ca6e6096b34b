import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { z } from 'zod';
import {
  CHANNEL_MESSAGES,
  channelView,
  type ChannelBody,
  type ChannelView,
} from '@omnicare/shared/channels/channels.schemas';
import { ZALO_MESSAGES, zaloConnectView } from '@omnicare/shared/channels/zalo.schemas';
import { createdBody, noData, okBody } from '@omnicare/shared/platform/envelope';
import { TooltipProvider } from '@/components/ui/tooltip';
import { ApiError } from '@/lib/errors';
import type { ApiRequest } from '@/lib/http';
import { created, fixture, mockApi, ok } from '@/test/contract-fixtures';
import { createQueryClient } from '@/test/query-client';
import { TestShell } from '@/test/shell-navigation';
import { signInAs } from '@/test/signed-in';
import { useSessionStore } from '@/stores/session-store';
import { ZaloChannelsPage } from './pages/zalo-channels-page';
import { ZaloRedirectPage } from './pages/zalo-redirect-page';
import { ZALO_TEXT } from './zalo-text';
import { ZNS_TEXT } from './channels-text';

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
  'DELETE /v2/channels/:id': okBody(noData),
  'POST /v2/channels/:id/zalo/connect': okBody(zaloConnectView),
  'POST /v2/channels/:id/zalo/disconnect': okBody(channelView),
  'POST /v2/zalo/oauth/complete': okBody(channelView),
};

const CHANNEL_ID = '2b8e4f0a-6c1d-4e3b-9a7f-1d2c3b4a5e6f';
const oa = (extra: Partial<ChannelView> = {}): ChannelView =>
  fixture('GET /v2/channels', channelView, {
    _id: CHANNEL_ID,
    kind: 'zalo',
    name: 'Zalo CSKH',
    status: 'active',
    status_reason: null,
    group: null,
    settings: {
      app_id: '2553928453557884079',
      oa_id: '3662729599332560487',
      oa_name: 'OmniCare Shop',
      oa_avatar: 'https://s160-ava-talk.zadn.vn/oa.jpg',
      token_expires_at: '2026-06-02T03:00:00.000Z',
    },
    secrets: { app_secret_key: true, oa_secret_key: true, access_token: true, refresh_token: true },
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    ...extra,
  });
const notConnected = () =>
  oa({
    settings: { app_id: '2553928453557884079' },
    secrets: {
      app_secret_key: true,
      oa_secret_key: true,
      access_token: false,
      refresh_token: false,
    },
  });

function mockServer(channels: ChannelView[], write?: (config: ApiRequest) => unknown) {
  return mockApi(CONTRACTS, (config) => {
    if (config.method === 'GET') {
      const kind = (config.params as { kind?: string } | undefined)?.kind;
      return ok(channels.filter((channel) => !kind || channel.kind === kind));
    }
    if (!write) throw new Error(`unexpected ${config.method} ${config.url}`);
    return write(config);
  });
}
const writes = (request: ReturnType<typeof mockServer>) =>
  request.mock.calls.map(([config]) => config).filter((config) => config.method !== 'GET');

function renderAt(path: string, element: React.ReactNode) {
  const router = createMemoryRouter([{ path: '*', element }], { initialEntries: [path] });
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

let assign: ReturnType<typeof vi.fn>;
beforeEach(() => {
  Object.values(toasts).forEach((fn) => fn.mockReset());
  signInAs('administrator');
  assign = vi.fn();
  vi.stubGlobal('location', { ...window.location, origin: 'https://cskh.shop.vn', assign });
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('/settings/multi-channels/zalo', () => {
  it("lists each OA with its state: connected (name, avatar, token expiry), not connected, the provider's error", async () => {
    mockServer([
      oa(),
      { ...notConnected(), _id: 'c2c2c2c2-0000-4000-8000-000000000002', name: 'Zalo mới' },
      {
        ...notConnected(),
        _id: 'c3c3c3c3-0000-4000-8000-000000000003',
        name: 'Zalo lỗi',
        status: 'error',
        status_reason: ZALO_MESSAGES.refreshFailed('-14014 Invalid refresh token'),
      },
    ]);
    renderAt('/settings/multi-channels/zalo', <ZaloChannelsPage />);
    const table = await screen.findByRole('table', { name: ZALO_TEXT.table });
    await within(table).findByText('Zalo lỗi');
    const rowOf = (name: string) => within(table).getByText(name).closest('tr') as HTMLElement;
    const [connected, fresh, broken] = ['Zalo CSKH', 'Zalo mới', 'Zalo lỗi'].map(rowOf) as [
      HTMLElement,
      HTMLElement,
      HTMLElement,
    ];
    expect(within(connected).getByText('OmniCare Shop')).toBeVisible();
    expect(within(connected).getByText(ZALO_TEXT.connected)).toBeVisible();
    expect(within(connected).getByText(ZALO_TEXT.tokenUntil('02/06/2026 10:00'))).toBeVisible();
    expect(
      within(connected).getByText(
        `${ZALO_TEXT.webhookUrl}: https://cskh.shop.vn/v2/webhooks/zalo/${CHANNEL_ID}`,
      ),
    ).toBeVisible();
    expect(within(connected).getByRole('button', { name: ZALO_TEXT.disconnect })).toBeVisible();
    expect(within(fresh).getByText(ZALO_TEXT.notConnected)).toBeVisible();
    expect(within(fresh).getByRole('button', { name: ZALO_TEXT.connect })).toBeVisible();
    expect(within(fresh).queryByRole('button', { name: ZALO_TEXT.disconnect })).toBeNull();
    expect(within(broken).getByText(ZALO_TEXT.error)).toBeVisible();
    expect(
      within(broken).getByText(ZALO_MESSAGES.refreshFailed('-14014 Invalid refresh token')),
    ).toBeVisible();
    expect(within(broken).getByRole('button', { name: ZALO_TEXT.reconnect })).toBeVisible();
    expect(screen.getByText(/Callback URL: https:\/\/cskh\.shop\.vn\/zalo-redirect/)).toBeVisible();
  });

  it("adds a channel with the app's keys as the contract reads them", async () => {
    const request = mockServer([], () => created(notConnected(), CHANNEL_MESSAGES.created));
    const user = userEvent.setup({ delay: null });
    renderAt('/settings/multi-channels/zalo', <ZaloChannelsPage />);
    await user.click(await screen.findByRole('button', { name: ZALO_TEXT.add }));
    const dialog = within(await screen.findByRole('dialog', { name: ZALO_TEXT.add }));
    await user.type(dialog.getByLabelText(/Tên kênh/), 'Zalo CSKH');
    await user.type(dialog.getByLabelText(/App ID/), '2553928453557884079');
    await user.type(dialog.getByLabelText(/App secret key/), 'app-secret');
    await user.type(dialog.getByLabelText(/OA secret key/), 'oa-secret');
    await user.click(dialog.getByRole('button', { name: 'Lưu' }));
    await waitFor(() => expect(writes(request)).toHaveLength(1));
    expect(writes(request)[0]).toMatchObject({ method: 'POST', url: '/v2/channels' });
    expect(writes(request)[0]?.data as ChannelBody).toEqual({
      kind: 'zalo',
      name: 'Zalo CSKH',
      status: 'active',
      group_id: null,
      settings: { app_id: '2553928453557884079', oauth_base_url: '', api_base_url: '' },
      secrets: { app_secret_key: 'app-secret', oa_secret_key: 'oa-secret' },
    });
    expect(toasts.success).toHaveBeenCalledWith(CHANNEL_MESSAGES.created);
  }, 30_000);

  it("connects by sending the browser to Zalo's permission page, and disconnects after a confirmation", async () => {
    const permission = 'https://oauth.zaloapp.com/v4/oa/permission?app_id=1&state=s';
    const request = mockServer(
      [notConnected(), { ...oa(), _id: 'c9c9c9c9-0000-4000-8000-000000000009' }],
      (config) =>
        config.url.endsWith('/zalo/connect')
          ? ok({ url: permission }, ZALO_MESSAGES.connectStarted)
          : ok(notConnected(), ZALO_MESSAGES.disconnected),
    );
    const user = userEvent.setup({ delay: null });
    renderAt('/settings/multi-channels/zalo', <ZaloChannelsPage />);
    await user.click(await screen.findByRole('button', { name: ZALO_TEXT.connect }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(permission));
    expect(writes(request)[0]).toMatchObject({
      method: 'POST',
      url: `/v2/channels/${CHANNEL_ID}/zalo/connect`,
    });
    await user.click(screen.getByRole('button', { name: ZALO_TEXT.disconnect }));
    const confirm = within(await screen.findByRole('alertdialog'));
    expect(confirm.getByText(ZALO_TEXT.disconnectQuestion('Zalo CSKH'))).toBeVisible();
    await user.click(confirm.getByRole('button', { name: ZALO_TEXT.disconnect }));
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith(ZALO_MESSAGES.disconnected));
    expect(writes(request)[1]).toMatchObject({
      method: 'POST',
      url: '/v2/channels/c9c9c9c9-0000-4000-8000-000000000009/zalo/disconnect',
    });
  });

  it('says in Vietnamese when the connection cannot start', async () => {
    mockServer([notConnected()], () => {
      throw new ApiError({ kind: 'http', status: 404, message: CHANNEL_MESSAGES.notFound });
    });
    const user = userEvent.setup({ delay: null });
    renderAt('/settings/multi-channels/zalo', <ZaloChannelsPage />);
    await user.click(await screen.findByRole('button', { name: ZALO_TEXT.connect }));
    await waitFor(() => expect(toasts.error).toHaveBeenCalledWith(CHANNEL_MESSAGES.notFound));
    expect(assign).not.toHaveBeenCalled();
  });
});

describe('/zalo-redirect', () => {
  it('posts the code, state and OA id Zalo sent back, then says which OA is connected', async () => {
    const request = mockServer([], () => ok(oa(), ZALO_MESSAGES.connected));
    renderAt(
      '/zalo-redirect?code=abc&oa_id=366&state=st-1&code_challenge=xyz',
      <ZaloRedirectPage />,
    );
    expect(await screen.findByText(ZALO_TEXT.completed('OmniCare Shop'))).toBeVisible();
    expect(screen.getByRole('heading', { name: ZALO_TEXT.completedTitle })).toBeVisible();
    expect(writes(request)).toHaveLength(1);
    expect(writes(request)[0]).toMatchObject({
      method: 'POST',
      url: '/v2/zalo/oauth/complete',
      data: { state: 'st-1', code: 'abc', oa_id: '366' },
    });
    expect(screen.getByRole('link', { name: ZALO_TEXT.backToSettings })).toHaveAttribute(
      'href',
      '/settings/multi-channels/zalo',
    );
  });

  it("shows the server's refusal (an expired state) and a declined permission", async () => {
    mockServer([], () => {
      throw new ApiError({
        kind: 'http',
        status: 422,
        message: ZALO_MESSAGES.stateInvalid,
        fieldErrors: [{ param: 'state', message: ZALO_MESSAGES.stateInvalid }],
      });
    });
    renderAt('/zalo-redirect?code=abc&state=old', <ZaloRedirectPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent(ZALO_MESSAGES.stateInvalid);
    expect(screen.getByRole('heading', { name: ZALO_TEXT.failedTitle })).toBeVisible();
  });

  it('needs the state Zalo sends back', async () => {
    mockServer([]);
    renderAt('/zalo-redirect', <ZaloRedirectPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent(ZALO_TEXT.missingState);
  });

  it('asks to sign in first when no administrator is signed in in this browser', async () => {
    const request = mockServer([]);
    useSessionStore.getState().clear();
    renderAt('/zalo-redirect?code=abc&state=st-2', <ZaloRedirectPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent(ZALO_TEXT.signIn);
    expect(writes(request)).toHaveLength(0);
    expect(screen.getByRole('link', { name: ZALO_TEXT.login })).toHaveAttribute('href', '/login');
  });

  it('lists the ZNS channels below with the quota Zalo reported, and adds one with its token', async () => {
    const zns = fixture('GET /v2/channels', channelView, {
      _id: 'd1d1d1d1-0000-4000-8000-000000000001',
      kind: 'zns',
      name: 'ZNS CSKH',
      status: 'active',
      status_reason: null,
      group: null,
      settings: {
        base_url: '',
        daily_quota: 5000,
        remaining_quota: 4321,
        quota_at: '2026-06-02T03:00:00.000Z',
      },
      secrets: { access_token: true },
      created_at: '2026-01-01T00:00:00.000Z',
      updated_at: '2026-01-01T00:00:00.000Z',
    });
    const fresh = {
      ...zns,
      _id: 'd2d2d2d2-0000-4000-8000-000000000002',
      name: 'ZNS mới',
      settings: {},
    };
    const request = mockServer([oa(), zns, fresh], () => created(fresh, CHANNEL_MESSAGES.created));
    const user = userEvent.setup({ delay: null });
    renderAt('/settings/multi-channels/zalo', <ZaloChannelsPage />);
    const table = await screen.findByRole('table', { name: ZNS_TEXT.table });
    const row = (await within(table).findByText('ZNS CSKH')).closest('tr') as HTMLElement;
    expect(within(row).getByText(ZNS_TEXT.quotaLeft(4321, 5000))).toBeVisible();
    expect(within(row).getByText(ZNS_TEXT.quotaAt('02/06/2026 10:00'))).toBeVisible();
    expect(within(row).getByText(ZNS_TEXT.defaultProvider)).toBeVisible();
    const unsent = within(table).getByText('ZNS mới').closest('tr') as HTMLElement;
    expect(within(unsent).getByText(ZNS_TEXT.quotaUnknown)).toBeVisible();
    // The OAs' table keeps to the OAs.
    const oas = screen.getByRole('table', { name: ZALO_TEXT.table });
    expect(within(oas).queryByText('ZNS CSKH')).toBeNull();

    await user.click(screen.getByRole('button', { name: ZNS_TEXT.add }));
    const dialog = within(await screen.findByRole('dialog', { name: ZNS_TEXT.add }));
    await user.type(dialog.getByLabelText(/Tên kênh/), 'ZNS mới');
    await user.type(dialog.getByLabelText(/Access token/), 'oa-token');
    await user.click(dialog.getByRole('button', { name: 'Lưu' }));
    await waitFor(() => expect(writes(request)).toHaveLength(1));
    expect(writes(request)[0]?.data as ChannelBody).toEqual({
      kind: 'zns',
      name: 'ZNS mới',
      status: 'active',
      group_id: null,
      settings: { base_url: '' },
      secrets: { access_token: 'oa-token' },
    });
  }, 30_000);
});
