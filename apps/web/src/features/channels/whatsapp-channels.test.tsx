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
import { WhatsAppChannelsPage } from './pages/whatsapp-channels-page';

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

const number = (extra: Partial<ChannelView> = {}): ChannelView =>
  fixture('GET /v2/channels', channelView, {
    _id: CHANNEL_ID,
    kind: 'whatsapp',
    name: 'WhatsApp CSKH',
    status: 'active',
    status_reason: null,
    group: null,
    settings: { phone_number_id: '106540352242922', display_phone_number: '84901234567' },
    secrets: { access_token: true, app_secret: true, verify_token: true },
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
  const router = createMemoryRouter([{ path: '*', element: <WhatsAppChannelsPage /> }], {
    initialEntries: ['/settings/multi-channels/whatsapp'],
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

describe('/settings/multi-channels/whatsapp', () => {
  it('lists a number: its webhook URL to copy, the phone number id, keys only as stored, the error and its reason', async () => {
    const user = userEvent.setup();
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    mockServer(
      [
        number({ status: 'error', status_reason: '190 Error validating access token' }),
        number({
          _id: '6c1d2e3f-4a5b-4c6d-8e7f-8091a2b3c4d5',
          name: 'WhatsApp bán hàng',
          status: 'disabled',
          secrets: { access_token: true, app_secret: false, verify_token: true },
        }),
      ],
      () => {
        throw new Error('no write');
      },
    );
    renderPage();
    const broken = within((await screen.findByText('WhatsApp CSKH')).closest('tr')!);
    const url = `${window.location.origin}/v2/webhooks/whatsapp/${CHANNEL_ID}`;
    expect(broken.getByText(`Webhook URL: ${url}`)).toBeInTheDocument();
    expect(broken.getByText('84901234567')).toBeInTheDocument();
    expect(broken.getByText('Phone number ID: 106540352242922')).toBeInTheDocument();
    expect(broken.getByText('Đã lưu')).toBeInTheDocument();
    expect(broken.getByText('Lỗi kết nối')).toBeInTheDocument();
    expect(broken.getByText('190 Error validating access token')).toBeInTheDocument();
    await user.click(broken.getByRole('button', { name: 'Sao chép Webhook URL: WhatsApp CSKH' }));
    expect(writeText).toHaveBeenCalledWith(url);
    const paused = within(screen.getByText('WhatsApp bán hàng').closest('tr')!);
    expect(paused.getByText('Chưa có')).toBeInTheDocument();
    expect(paused.getByText('Tạm dừng')).toBeInTheDocument();
  }, 20_000);

  it('adds a number with its ids and tokens, a verify token offered to copy', async () => {
    const user = userEvent.setup();
    const request = mockServer([], (config) =>
      created(number({ name: (config.data as ChannelBody).name }), 'Kết nối kênh thành công'),
    );
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Thêm số WhatsApp' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Thêm số WhatsApp' }));
    const offered = (dialog.getByLabelText(/^Verify token/) as HTMLInputElement).value;
    expect(offered).toMatch(/^[0-9a-f]{32}$/);
    await user.type(dialog.getByLabelText(/Tên kênh/), 'WhatsApp CSKH');
    await user.type(dialog.getByLabelText(/Phone number ID/), '106540352242922');
    await user.type(dialog.getByLabelText(/Số hiển thị/), '84901234567');
    await user.type(dialog.getByLabelText(/Access token/), 'EAAG-token');
    await user.type(dialog.getByLabelText(/App secret/), 'app-secret');
    await user.click(dialog.getByRole('button', { name: 'Lưu' }));
    await waitFor(() => expect(writes(request)).toHaveLength(1));
    expect(writes(request)[0]).toMatchObject({
      method: 'POST',
      url: '/v2/channels',
      data: {
        kind: 'whatsapp',
        name: 'WhatsApp CSKH',
        status: 'active',
        settings: { phone_number_id: '106540352242922', display_phone_number: '84901234567' },
        secrets: { access_token: 'EAAG-token', app_secret: 'app-secret', verify_token: offered },
      },
    });
  }, 30_000);

  it('edits a number: blank tokens keep the stored ones', async () => {
    const user = userEvent.setup();
    const request = mockServer([number()], () => ok(number(), 'Cập nhật kênh thành công'));
    renderPage();
    const row = within((await screen.findByText('WhatsApp CSKH')).closest('tr')!);
    await user.click(row.getByRole('button', { name: /Sửa/ }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Cập nhật kênh WhatsApp' }));
    expect((dialog.getByLabelText(/^Verify token/) as HTMLInputElement).value).toBe('');
    await user.click(dialog.getByRole('button', { name: 'Lưu' }));
    await waitFor(() => expect(writes(request)).toHaveLength(1));
    expect(writes(request)[0]).toMatchObject({
      method: 'PUT',
      url: `/v2/channels/${CHANNEL_ID}`,
      data: {
        kind: 'whatsapp',
        settings: { phone_number_id: '106540352242922' },
        secrets: { access_token: '', app_secret: '', verify_token: '' },
      },
    });
  }, 30_000);
});
