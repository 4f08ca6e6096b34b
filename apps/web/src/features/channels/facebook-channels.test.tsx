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
import { FACEBOOK_MESSAGES, facebookPageView } from '@omnicare/shared/channels/facebook.schemas';
import { createdBody, noData, okBody } from '@omnicare/shared/platform/envelope';
import { TooltipProvider } from '@/components/ui/tooltip';
import { ApiError } from '@/lib/errors';
import type { ApiRequest } from '@/lib/http';
import { created, fixture, mockApi, ok } from '@/test/contract-fixtures';
import { createQueryClient } from '@/test/query-client';
import { TestShell } from '@/test/shell-navigation';
import { signInAs } from '@/test/signed-in';
import { FacebookChannelsPage } from './pages/facebook-channels-page';
import { FACEBOOK_TEXT } from './facebook-text';

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
  'POST /v2/channels/facebook/pages': okBody(z.array(facebookPageView)),
};

const CHANNEL_ID = '3c9f5a1b-7d2e-4f4c-8b80-2e3d4c5b6a70';
const page = (extra: Partial<ChannelView> = {}): ChannelView =>
  fixture('GET /v2/channels', channelView, {
    _id: CHANNEL_ID,
    kind: 'facebook',
    name: 'Fanpage CSKH',
    status: 'active',
    status_reason: null,
    group: null,
    settings: { page_id: '104857600000001', page_name: 'OmniCare Shop' },
    secrets: { page_access_token: true, app_secret: true, verify_token: true },
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    ...extra,
  });

function mockServer(channels: ChannelView[], write?: (config: ApiRequest) => unknown) {
  return mockApi(CONTRACTS, (config) => {
    if (config.method === 'GET') return ok(channels);
    if (!write) throw new Error(`unexpected ${config.method} ${config.url}`);
    return write(config);
  });
}
const writes = (request: ReturnType<typeof mockServer>) =>
  request.mock.calls.map(([config]) => config).filter((config) => config.method !== 'GET');

function renderPage() {
  const router = createMemoryRouter([{ path: '*', element: <FacebookChannelsPage /> }], {
    initialEntries: ['/settings/multi-channels/facebook'],
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

beforeEach(() => {
  Object.values(toasts).forEach((fn) => fn.mockReset());
  signInAs('administrator');
  vi.stubGlobal('location', { ...window.location, origin: 'https://cskh.shop.vn' });
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('/settings/multi-channels/facebook', () => {
  it('lists each Page with its webhook URL to copy, its keys as set or not, and its state', async () => {
    mockServer([
      page(),
      page({
        _id: 'c2c2c2c2-0000-4000-8000-000000000002',
        name: 'Fanpage lỗi',
        status: 'error',
        status_reason: 'Invalid OAuth access token.',
        secrets: { page_access_token: true, app_secret: true, verify_token: false },
      }),
    ]);
    renderPage();
    const table = await screen.findByRole('table', { name: FACEBOOK_TEXT.table });
    await within(table).findByText('Fanpage lỗi');
    const rowOf = (name: string) => within(table).getByText(name).closest('tr') as HTMLElement;
    const good = rowOf('Fanpage CSKH');
    expect(
      within(good).getByText(
        `${FACEBOOK_TEXT.webhookUrl}: https://cskh.shop.vn/v2/webhooks/facebook/${CHANNEL_ID}`,
      ),
    ).toBeVisible();
    expect(within(good).getByRole('button', { name: FACEBOOK_TEXT.copyWebhook })).toBeVisible();
    expect(within(good).getByText('OmniCare Shop')).toBeVisible();
    expect(within(good).getByText('104857600000001')).toBeVisible();
    expect(
      within(good).getByText(FACEBOOK_TEXT.secretState(FACEBOOK_TEXT.verifyToken, true)),
    ).toBeVisible();
    expect(within(good).getByText('Đang hoạt động')).toBeVisible();
    const broken = rowOf('Fanpage lỗi');
    expect(
      within(broken).getByText(FACEBOOK_TEXT.secretState(FACEBOOK_TEXT.verifyToken, false)),
    ).toBeVisible();
    expect(within(broken).getByText('Invalid OAuth access token.')).toBeVisible();
  });

  it('adds a Page with its token, app secret and a generated verify token, as the contract reads them', async () => {
    const request = mockServer([], () => created(page(), CHANNEL_MESSAGES.created));
    const user = userEvent.setup({ delay: null });
    renderPage();
    await user.click(await screen.findByRole('button', { name: FACEBOOK_TEXT.add }));
    const dialog = within(await screen.findByRole('dialog', { name: FACEBOOK_TEXT.add }));
    await user.type(dialog.getByLabelText(/Tên kênh/), 'Fanpage CSKH');
    await user.type(dialog.getByLabelText(/^Page ID/), '104857600000001');
    await user.type(dialog.getByLabelText(/Page access token/), 'EAAG-token');
    await user.type(dialog.getByLabelText(/App secret/), 'app-secret');
    await user.click(dialog.getByRole('button', { name: FACEBOOK_TEXT.generate }));
    const verify = dialog.getByLabelText(/^Verify token/) as HTMLInputElement;
    expect(verify.value).toMatch(/^[0-9a-f]{32}$/);
    await user.click(dialog.getByRole('button', { name: 'Lưu' }));
    await waitFor(() => expect(writes(request)).toHaveLength(1));
    expect(writes(request)[0]).toMatchObject({ method: 'POST', url: '/v2/channels' });
    expect(writes(request)[0]?.data as ChannelBody).toEqual({
      kind: 'facebook',
      name: 'Fanpage CSKH',
      status: 'active',
      group_id: null,
      settings: {
        page_id: '104857600000001',
        page_name: '',
        graph_base_url: '',
        api_version: '',
      },
      secrets: {
        page_access_token: 'EAAG-token',
        app_secret: 'app-secret',
        verify_token: verify.value,
      },
    });
    expect(toasts.success).toHaveBeenCalledWith(CHANNEL_MESSAGES.created);
  }, 30_000);

  it('picks the Page from those a User access token manages and sends that token instead of a Page token', async () => {
    const request = mockServer([], (config) =>
      config.url === '/v2/channels/facebook/pages'
        ? ok([
            { id: '104857600000001', name: 'OmniCare Shop' },
            { id: '104857600000003', name: 'OmniCare Outlet' },
          ])
        : created(page(), CHANNEL_MESSAGES.created),
    );
    const user = userEvent.setup({ delay: null });
    renderPage();
    await user.click(await screen.findByRole('button', { name: FACEBOOK_TEXT.add }));
    const dialog = within(await screen.findByRole('dialog', { name: FACEBOOK_TEXT.add }));
    await user.type(dialog.getByLabelText(/Tên kênh/), 'Outlet');
    await user.type(dialog.getByLabelText(/User access token/), 'EAAG-user');
    await user.click(dialog.getByRole('button', { name: FACEBOOK_TEXT.loadPages }));
    await user.selectOptions(
      await dialog.findByLabelText(FACEBOOK_TEXT.page),
      'OmniCare Outlet (104857600000003)',
    );
    expect((dialog.getByLabelText(/^Page ID/) as HTMLInputElement).value).toBe('104857600000003');
    expect((dialog.getByLabelText(/^Tên Trang/) as HTMLInputElement).value).toBe('OmniCare Outlet');
    // The Page token is not needed now: the server takes it with the user's.
    expect(dialog.getByText(FACEBOOK_TEXT.pageTokenFromUser)).toBeInTheDocument();
    await user.type(dialog.getByLabelText(/App secret/), 'app-secret');
    await user.click(dialog.getByRole('button', { name: FACEBOOK_TEXT.generate }));
    await user.click(dialog.getByRole('button', { name: 'Lưu' }));
    await waitFor(() => expect(writes(request)).toHaveLength(2));
    expect(writes(request)[0]).toMatchObject({
      url: '/v2/channels/facebook/pages',
      data: { user_access_token: 'EAAG-user', graph_base_url: '', api_version: '' },
    });
    expect((writes(request)[1]?.data as ChannelBody).secrets).toMatchObject({
      page_access_token: '',
      user_access_token: 'EAAG-user',
    });
  }, 30_000);

  it("edits a Page keeping its stored keys (blank), and shows the server's refusal on its field", async () => {
    const request = mockServer([page()], () => {
      throw new ApiError({
        kind: 'http',
        status: 422,
        message: 'Validation Failed',
        fieldErrors: [{ param: 'settings.page_id', message: FACEBOOK_MESSAGES.pageIdInvalid }],
      });
    });
    const user = userEvent.setup({ delay: null });
    renderPage();
    const table = await screen.findByRole('table', { name: FACEBOOK_TEXT.table });
    const row = (await within(table).findByText('Fanpage CSKH')).closest('tr') as HTMLElement;
    await user.click(within(row).getByRole('button', { name: /Sửa|Cập nhật/ }));
    const dialog = within(await screen.findByRole('dialog', { name: FACEBOOK_TEXT.edit }));
    await user.click(dialog.getByRole('button', { name: 'Lưu' }));
    await waitFor(() => expect(writes(request)).toHaveLength(1));
    expect((writes(request)[0]?.data as ChannelBody).secrets).toEqual({
      page_access_token: '',
      app_secret: '',
      verify_token: '',
    });
    expect(await dialog.findByText(FACEBOOK_MESSAGES.pageIdInvalid)).toBeVisible();
  }, 30_000);
});
