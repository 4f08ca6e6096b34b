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
import { createdBody, noData, okBody } from '@omnicare/shared/platform/envelope';
import { TooltipProvider } from '@/components/ui/tooltip';
import type { ApiRequest } from '@/lib/http';
import { created, fixture, mockApi, ok } from '@/test/contract-fixtures';
import { createQueryClient } from '@/test/query-client';
import { TestShell } from '@/test/shell-navigation';
import { signInAs } from '@/test/signed-in';
import { SmsChannelsPage } from './pages/sms-channels-page';

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
};
const CHANNEL_ID = '5c1d2e3f-4a5b-4c6d-8e7f-8091a2b3c4d5';

const esms = (extra: Partial<ChannelView> = {}): ChannelView =>
  fixture('GET /v2/channels', channelView, {
    _id: CHANNEL_ID,
    kind: 'sms',
    name: 'eSMS CSKH',
    status: 'active',
    status_reason: null,
    group: null,
    settings: { brandname: 'OMNICARE' },
    secrets: { api_key: true, secret_key: false },
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    ...extra,
  });

function mockServer(channels: ChannelView[], write: (config: ApiRequest) => unknown) {
  return mockApi(CONTRACTS, (config) => (config.method === 'GET' ? ok(channels) : write(config)));
}
const writes = (request: ReturnType<typeof mockServer>) =>
  request.mock.calls.map(([config]) => config).filter((config) => config.method !== 'GET');

function renderPage() {
  const router = createMemoryRouter([{ path: '*', element: <SmsChannelsPage /> }], {
    initialEntries: ['/settings/multi-channels/sms'],
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
});
afterEach(() => vi.restoreAllMocks());

describe('/settings/multi-channels/sms', () => {
  it('lists a channel: brandname, the default provider, keys only as stored, the error and its reason', async () => {
    mockServer(
      [
        esms({ status: 'error', status_reason: 'eSMS từ chối: Sai API key (101)' }),
        esms({
          _id: '6c1d2e3f-4a5b-4c6d-8e7f-8091a2b3c4d5',
          name: 'eSMS khuyến mãi',
          status: 'disabled',
          secrets: { api_key: true, secret_key: true },
        }),
      ],
      () => {
        throw new Error('no write');
      },
    );
    renderPage();
    const broken = within((await screen.findByText('eSMS CSKH')).closest('tr')!);
    expect(broken.getByText('OMNICARE')).toBeInTheDocument();
    expect(broken.getByText('Mặc định của eSMS')).toBeInTheDocument();
    expect(broken.getByText('Chưa có')).toBeInTheDocument();
    expect(broken.getByText('Lỗi kết nối')).toBeInTheDocument();
    expect(broken.getByText('eSMS từ chối: Sai API key (101)')).toBeInTheDocument();
    const paused = within(screen.getByText('eSMS khuyến mãi').closest('tr')!);
    expect(paused.getByText('Đã lưu')).toBeInTheDocument();
    expect(paused.getByText('Tạm dừng')).toBeInTheDocument();
    expect(paused.getByRole('button', { name: 'Tiếp tục: eSMS khuyến mãi' })).toBeInTheDocument();
  }, 20_000);

  it('connects a channel with its brandname and keys', async () => {
    const user = userEvent.setup();
    const request = mockServer([], (config) =>
      created(esms({ name: (config.data as ChannelBody).name }), 'Kết nối kênh thành công'),
    );
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Kết nối SMS' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Kết nối SMS' }));
    await user.type(dialog.getByLabelText(/Tên kênh/), 'eSMS CSKH');
    await user.type(dialog.getByLabelText(/Brandname/), 'OMNICARE');
    await user.type(dialog.getByLabelText(/API key/), 'key-1');
    await user.type(dialog.getByLabelText(/Secret key/), 'secret-1');
    await user.click(dialog.getByRole('button', { name: 'Lưu' }));
    await waitFor(() => expect(writes(request)).toHaveLength(1));
    expect(writes(request)[0]).toMatchObject({
      method: 'POST',
      url: '/v2/channels',
      data: {
        kind: 'sms',
        name: 'eSMS CSKH',
        status: 'active',
        settings: { brandname: 'OMNICARE' },
        secrets: { api_key: 'key-1', secret_key: 'secret-1' },
      },
    });
  }, 30_000);

  it('pauses an active channel keeping its keys', async () => {
    const user = userEvent.setup();
    const request = mockServer([esms()], () =>
      ok(esms({ status: 'disabled' }), 'Cập nhật kênh thành công'),
    );
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Tạm dừng: eSMS CSKH' }));
    await waitFor(() => expect(writes(request)).toHaveLength(1));
    expect(writes(request)[0]).toMatchObject({
      method: 'PUT',
      url: `/v2/channels/${CHANNEL_ID}`,
      data: { kind: 'sms', status: 'disabled', secrets: {}, settings: { brandname: 'OMNICARE' } },
    });
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('Đã tạm dừng kênh'));
  }, 30_000);
});
