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
import { LIVECHAT_SETTINGS_MESSAGES } from '@omnicare/shared/channels/livechat-settings';
import {
  CHAT_CONFIG_DEFAULTS,
  chatConfigView,
} from '@omnicare/shared/conversations/chat-config.schemas';
import { groupPageView } from '@omnicare/shared/groups/groups.schemas';
import { createdBody, listBody, noData, okBody } from '@omnicare/shared/platform/envelope';
import { scheduleView, type Schedule } from '@omnicare/shared/working-time/working-time.schemas';
import { TooltipProvider } from '@/components/ui/tooltip';
import { ApiError } from '@/lib/errors';
import type { ApiRequest } from '@/lib/http';
import { created, fixture, list, mockApi, ok } from '@/test/contract-fixtures';
import { createQueryClient } from '@/test/query-client';
import { TestShell } from '@/test/shell-navigation';
import { signInAs } from '@/test/signed-in';
import { LivechatSettingsPage } from '@/features/conversations/pages/livechat-settings-page';

const toasts = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), info: vi.fn() }));
vi.mock('@/lib/toast', () => ({ toast: toasts }));

// jsdom has no ResizeObserver; Radix measures with one.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

const CONTRACTS = {
  'GET /v2/channels': okBody(z.array(channelView)),
  'POST /v2/channels': createdBody(channelView),
  'PUT /v2/channels/:id': okBody(channelView),
  'POST /v2/channels/:id/avatar': okBody(channelView),
  'DELETE /v2/channels/:id': okBody(noData),
  'GET /v2/chat-config': okBody(chatConfigView),
  'GET /v2/time/schedules': listBody(scheduleView),
  'GET /v2/all-group': okBody(groupPageView),
};

const SCHEDULE_ID = '5d1c9a57-3f0e-4b8a-9c55-6a7f0e2b1c01';
const CHANNEL_ID = '8f3b2a10-7c4d-4e5f-8a9b-0c1d2e3f4a5b';
const GREETING = 'Xin chào! Shop có thể giúp gì cho anh/chị?';

const officeHours: Schedule = fixture('GET /v2/time/schedules', scheduleView, {
  _id: SCHEDULE_ID,
  name: 'Giờ hành chính',
  time_zone: 'Asia/Bangkok',
  is_default: true,
  periods: [{ weekday: 1, start: '08:00', end: '17:30' }],
  holidays: [],
  weekly_minutes: 570,
  sla_policy_count: 0,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
});

const website = (extra: Partial<ChannelView> = {}): ChannelView =>
  fixture('GET /v2/channels', channelView, {
    _id: CHANNEL_ID,
    kind: 'livechat',
    name: 'Website',
    status: 'active',
    status_reason: null,
    group: null,
    settings: {
      color: '#0F766E',
      title: 'Hỗ trợ trực tuyến',
      position: 'right',
      avatar_url: null,
      allowed_domains: ['shop.vn'],
      pre_chat: { name: 'required', phone: 'optional', email: 'optional' },
      working_time_id: null,
    },
    secrets: {},
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    ...extra,
  });

/** A server holding `channels`; `write` answers the POST, PUT and DELETE calls. */
function mockServer(channels: ChannelView[], write?: (config: ApiRequest) => unknown) {
  return mockApi(CONTRACTS, (config) => {
    if (config.url === '/v2/chat-config')
      return ok({ ...CHAT_CONFIG_DEFAULTS, greeting: GREETING, updated_at: null });
    if (config.url === '/v2/time/schedules') return list([officeHours]);
    if (config.url === '/v2/all-group') return ok({ list: [], total: 0 });
    if (config.method === 'GET') return ok(channels);
    if (!write) throw new Error(`unexpected ${config.method} ${config.url}`);
    return write(config);
  });
}

const writes = (request: ReturnType<typeof mockServer>) =>
  request.mock.calls.map(([config]) => config).filter((config) => config.method !== 'GET');

function renderPage() {
  const router = createMemoryRouter([{ path: '*', element: <LivechatSettingsPage /> }], {
    initialEntries: ['/settings/multi-channels/livechat'],
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

/** Replaces what a text box holds, as a paste (one change instead of one per key). */
async function fill(user: ReturnType<typeof userEvent.setup>, box: HTMLElement, text: string) {
  await user.clear(box);
  await user.click(box);
  await user.paste(text);
}

async function openAddDialog(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Thêm kênh Livechat' }));
  return within(await screen.findByRole('dialog', { name: 'Thêm kênh Livechat' }));
}

beforeEach(() => {
  Object.values(toasts).forEach((fn) => fn.mockReset());
  signInAs('administrator');
});
afterEach(() => vi.restoreAllMocks());

// The dialog has many fields: slow under jsdom on a busy machine, hence the longer budgets.
describe('the livechat channel form', () => {
  it('sends the channel as the contract reads it', async () => {
    const request = mockServer([], (config) => {
      const body = config.data as ChannelBody;
      return created(
        website({ name: body.name, settings: body.settings }),
        CHANNEL_MESSAGES.created,
      );
    });
    const user = userEvent.setup({ delay: null });
    renderPage();
    expect(await screen.findByText(/Chưa có kênh Livechat/)).toBeVisible();
    const dialog = await openAddDialog(user);

    await fill(user, dialog.getByLabelText(/Tên kênh/), 'Website chính');
    await fill(user, dialog.getByLabelText('Mã màu'), '#e11d48');
    await fill(user, dialog.getByLabelText(/Tiêu đề khung chat/), 'Shop Hoa Mai');
    await user.selectOptions(dialog.getByLabelText('Vị trí'), 'Góc trái');
    await fill(user, dialog.getByLabelText('Ảnh đại diện'), 'https://cdn.shop.vn/a.png');
    const domain = dialog.getByLabelText('Trang web được nhúng');
    await fill(user, domain, 'Shop.vn');
    await user.keyboard('{Enter}');
    await fill(user, domain, '*.shop.vn');
    await user.click(dialog.getByRole('button', { name: 'Thêm tên miền' }));
    await user.selectOptions(dialog.getByLabelText('Số điện thoại'), 'Bắt buộc');
    await user.selectOptions(dialog.getByLabelText('Email'), 'Không hỏi');
    await user.selectOptions(dialog.getByLabelText('Lịch làm việc'), 'Giờ hành chính');
    await user.click(dialog.getByRole('button', { name: 'Lưu' }));

    await waitFor(() => expect(writes(request)).toHaveLength(1));
    const [sent] = writes(request);
    expect(sent).toMatchObject({ method: 'POST', url: '/v2/channels' });
    expect(sent?.data).toEqual({
      kind: 'livechat',
      name: 'Website chính',
      status: 'active',
      group_id: null,
      settings: {
        color: '#e11d48',
        title: 'Shop Hoa Mai',
        position: 'left',
        avatar_url: 'https://cdn.shop.vn/a.png',
        allowed_domains: ['shop.vn', '*.shop.vn'],
        pre_chat: { name: 'required', phone: 'required', email: 'hidden' },
        working_time_id: SCHEDULE_ID,
      },
      secrets: {},
    });
    expect(toasts.success).toHaveBeenCalledWith(CHANNEL_MESSAGES.created);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  }, 40_000);

  it('refuses a malformed domain as it is added and shows the server refusing one on the domains field', async () => {
    const refusal = 'Tên miền này đã dùng cho kênh khác';
    const request = mockServer([], () => {
      throw new ApiError({
        kind: 'http',
        status: 422,
        message: 'Validation Failed',
        fieldErrors: [{ param: 'settings.allowed_domains.1', message: refusal }],
      });
    });
    const user = userEvent.setup({ delay: null });
    renderPage();
    const dialog = await openAddDialog(user);
    await user.type(dialog.getByLabelText(/Tên kênh/), 'Website');
    const domain = dialog.getByLabelText('Trang web được nhúng');
    expect(dialog.getByText(/mọi trang web đều nhúng được/)).toBeVisible();

    await user.type(domain, 'shop vn{Enter}');
    expect(domain).toHaveAccessibleDescription(LIVECHAT_SETTINGS_MESSAGES.domain);
    expect(dialog.queryByRole('list', { name: 'Tên miền đã thêm' })).toBeNull();

    await user.clear(domain);
    await user.type(domain, 'shop.vn{Enter}');
    await user.type(domain, 'm.shop.vn{Enter}');
    const chips = dialog.getByRole('list', { name: 'Tên miền đã thêm' });
    expect(
      within(chips)
        .getAllByRole('listitem')
        .map((chip) => chip.textContent),
    ).toEqual(['shop.vn', 'm.shop.vn']);
    await user.click(dialog.getByRole('button', { name: 'Lưu' }));

    await waitFor(() => expect(domain).toHaveAccessibleDescription(`m.shop.vn: ${refusal}`));
    expect(domain).toHaveAttribute('aria-invalid', 'true');
    expect(writes(request)).toHaveLength(1);
    expect(screen.getByRole('dialog')).toBeVisible();
    expect(toasts.error).not.toHaveBeenCalled();
  }, 40_000);
});

describe('the widget preview', () => {
  it('follows the colour, corner, title and pre-chat questions as they are typed', async () => {
    mockServer([]);
    const user = userEvent.setup({ delay: null });
    renderPage();
    const dialog = await openAddDialog(user);
    const preview = within(dialog.getByRole('region', { name: 'Xem trước' }));
    const launcher = () => preview.getByRole('img', { name: /Nút mở khung chat/ });

    expect(launcher()).toHaveAccessibleName('Nút mở khung chat, góc phải');
    expect(launcher().style.right).toBe('12px');
    expect(launcher().style.background).toBe('rgb(31, 111, 235)');
    expect(preview.getAllByText('Hỗ trợ trực tuyến')[0]).toBeVisible();
    expect(preview.getByText(GREETING)).toBeVisible();

    const hex = dialog.getByLabelText('Mã màu');
    await user.clear(hex);
    await user.type(hex, '#FACC15');
    expect(launcher().style.background).toBe('rgb(250, 204, 21)');
    await user.selectOptions(dialog.getByLabelText('Vị trí'), 'Góc trái');
    expect(launcher()).toHaveAccessibleName('Nút mở khung chat, góc trái');
    expect(launcher().style.left).toBe('12px');
    expect(launcher().style.right).toBe('');
    const title = dialog.getByLabelText(/Tiêu đề khung chat/);
    await user.clear(title);
    await user.type(title, 'Shop Hoa Mai');
    expect(preview.getAllByText('Shop Hoa Mai').length).toBeGreaterThan(0);
    expect(preview.queryAllByText('Hỗ trợ trực tuyến')).toEqual([]);

    expect(preview.getByText('Email')).toBeVisible();
    await user.selectOptions(dialog.getByLabelText('Email'), 'Không hỏi');
    expect(preview.queryByText('Email')).toBeNull();
  });
});

describe('the livechat channels list', () => {
  it("shows a channel's install tag with its id and copies it", async () => {
    mockServer([website()]);
    const user = userEvent.setup({ delay: null });
    renderPage();
    const snippet = within(
      await screen.findByRole('region', { name: 'Mã nhúng của kênh Website' }),
    );
    const tag = `<script src="${window.location.origin}/widget.js" data-channel="${CHANNEL_ID}" async></script>`;
    expect(snippet.getByText(tag)).toBeVisible();
    expect(snippet.getByText('Dán đoạn mã này trước thẻ </body> của trang web')).toBeVisible();

    await user.click(snippet.getByRole('button', { name: /^Sao chép/ }));
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('Đã sao chép mã nhúng'));
    expect(await navigator.clipboard.readText()).toBe(tag);
  });

  it('pauses a channel with the rest of it unchanged, and says why one with messages is not deleted', async () => {
    const channel = website();
    const request = mockServer([channel], (config) => {
      if (config.method === 'PUT')
        return ok({ ...channel, status: 'disabled' }, CHANNEL_MESSAGES.updated);
      throw new ApiError({ kind: 'http', status: 422, message: CHANNEL_MESSAGES.inUse });
    });
    const user = userEvent.setup({ delay: null });
    renderPage();
    expect(await screen.findByText('Mọi chuyên viên')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Tạm dừng Website' }));
    await waitFor(() => expect(writes(request)).toHaveLength(1));
    expect(writes(request)[0]).toMatchObject({
      method: 'PUT',
      url: `/v2/channels/${CHANNEL_ID}`,
      data: {
        kind: 'livechat',
        name: 'Website',
        status: 'disabled',
        group_id: null,
        settings: channel.settings,
        secrets: {},
      },
    });
    expect(toasts.success).toHaveBeenCalledWith(CHANNEL_MESSAGES.updated);

    await user.click(screen.getByRole('button', { name: 'Xóa Website' }));
    await user.click(await screen.findByRole('button', { name: 'Xác nhận' }));
    await waitFor(() => expect(toasts.error).toHaveBeenCalledWith(CHANNEL_MESSAGES.inUse));
    expect(screen.getByRole('heading', { name: 'Website' })).toBeVisible();
  });
});

describe("the livechat channel's avatar", () => {
  const AVATAR = `/files/livechat/t1/1b2c3d4e-5f60-4718-8a9b-0c1d2e3f4a5b.png`;
  const image = (bytes: number) =>
    new File([new Uint8Array(bytes)], 'logo.png', { type: 'image/png' });

  async function openEdit(user: ReturnType<typeof userEvent.setup>) {
    await user.click(await screen.findByRole('button', { name: 'Sửa Website' }));
    return within(await screen.findByRole('dialog', { name: 'Cập nhật kênh Livechat' }));
  }

  it('uploads an image for a saved channel and shows it in the preview; the form keeps it', async () => {
    const channel = website();
    const request = mockServer([channel], (config) => {
      if (config.url === `/v2/channels/${CHANNEL_ID}/avatar`)
        return ok(
          website({ settings: { ...channel.settings, avatar_url: AVATAR } }),
          LIVECHAT_SETTINGS_MESSAGES.avatarSaved,
        );
      return ok(website({ settings: (config.data as ChannelBody).settings }));
    });
    const user = userEvent.setup({ delay: null });
    renderPage();
    const dialog = await openEdit(user);
    await user.upload(dialog.getByLabelText('Tải ảnh đại diện lên'), image(2048));

    await waitFor(() => expect(writes(request)).toHaveLength(1));
    const [sent] = writes(request);
    expect(sent).toMatchObject({ method: 'POST', url: `/v2/channels/${CHANNEL_ID}/avatar` });
    expect((sent?.data as FormData).get('file')).toBeInstanceOf(File);
    expect(toasts.success).toHaveBeenCalledWith(LIVECHAT_SETTINGS_MESSAGES.avatarSaved);
    // The widget's header in the preview and the field's own picture show it.
    const panel = within(dialog.getByTestId('widget-preview-panel'));
    await waitFor(() => expect(panel.getByRole('presentation')).toHaveAttribute('src', AVATAR));
    expect(dialog.getByLabelText('Ảnh đại diện')).toHaveValue(AVATAR);
    expect(dialog.getByText(/Đang dùng ảnh đã tải lên/)).toBeVisible();
    // Saving the form sends it back with the rest.
    await user.click(dialog.getByRole('button', { name: 'Lưu' }));
    await waitFor(() => expect(writes(request)).toHaveLength(2));
    expect((writes(request)[1]?.data as ChannelBody).settings).toMatchObject({
      avatar_url: AVATAR,
    });
  }, 40_000);

  it('refuses an image over 2 MB before sending, shows the server refusing a file, and waits for a new channel to be saved', async () => {
    const request = mockServer([website()], () => {
      throw new ApiError({
        kind: 'http',
        status: 422,
        message: LIVECHAT_SETTINGS_MESSAGES.avatarType,
        fieldErrors: [{ param: 'file', message: LIVECHAT_SETTINGS_MESSAGES.avatarType }],
      });
    });
    const user = userEvent.setup({ delay: null });
    renderPage();
    const dialog = await openEdit(user);
    const picker = dialog.getByLabelText('Tải ảnh đại diện lên');
    await user.upload(picker, image(2 * 1024 * 1024 + 1));
    expect(dialog.getByText(LIVECHAT_SETTINGS_MESSAGES.avatarSize)).toBeVisible();
    expect(writes(request)).toHaveLength(0);

    await user.upload(picker, image(100));
    expect(await dialog.findByText(LIVECHAT_SETTINGS_MESSAGES.avatarType)).toBeVisible();
    expect(writes(request)).toHaveLength(1);
    expect(dialog.getByLabelText('Ảnh đại diện')).toHaveValue('');
    await user.click(dialog.getByRole('button', { name: 'Hủy' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    const added = await openAddDialog(user);
    expect(added.getByRole('button', { name: 'Tải ảnh lên' })).toBeDisabled();
    expect(added.getByText(/Lưu kênh trước, rồi tải ảnh lên/)).toBeVisible();
  }, 40_000);
});
