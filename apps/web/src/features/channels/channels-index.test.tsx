import { beforeEach, describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createMemoryRouter } from 'react-router';
import {
  channelsSummaryView,
  type ChannelsSummaryView,
} from '@omnicare/shared/channels/channels-summary';
import { okBody } from '@omnicare/shared/platform/envelope';
import { fixture, mockApi, ok } from '@/test/contract-fixtures';
import { createQueryClient } from '@/test/query-client';
import { TestShell } from '@/test/shell-navigation';
import { signInAs } from '@/test/signed-in';
import { ChannelsIndexPage } from './pages/channels-index-page';

const CONTRACTS = { 'GET /v2/channels/summary': okBody(channelsSummaryView) };

const kinds = (connectable: Partial<Record<string, boolean>>) =>
  (['livechat', 'email', 'zalo', 'zns', 'facebook', 'whatsapp', 'sms', 'tiktok'] as const).map(
    (kind) => ({ kind, connectable: connectable[kind] ?? false, channels: [] }),
  );

const SUMMARY: ChannelsSummaryView = fixture('GET /v2/channels/summary', channelsSummaryView, {
  date: '2026-03-05',
  time_zone: 'Asia/Bangkok',
  kinds: kinds({ livechat: true, email: true, zns: true, sms: true }).map((row) =>
    row.kind === 'livechat'
      ? {
          ...row,
          channels: [
            {
              _id: 'c1',
              name: 'Website OmniCare',
              status: 'active' as const,
              status_reason: null,
              status_at: '2026-03-05T01:00:00.000Z',
              messages_in: 12,
              messages_out: 9,
            },
          ],
        }
      : row.kind === 'sms'
        ? {
            ...row,
            channels: [
              {
                _id: 'c2',
                name: 'eSMS CSKH',
                status: 'error' as const,
                status_reason: 'eSMS từ chối: Sai API key (101)',
                status_at: '2026-03-05T02:30:00.000Z',
                messages_in: 0,
                messages_out: 3,
              },
              {
                _id: 'c3',
                name: 'eSMS khuyến mãi',
                status: 'disabled' as const,
                status_reason: null,
                status_at: '2026-03-04T02:30:00.000Z',
                messages_in: 0,
                messages_out: 0,
              },
            ],
          }
        : row,
  ),
});

function renderPage() {
  const router = createMemoryRouter([{ path: '*', element: <ChannelsIndexPage /> }], {
    initialEntries: ['/settings/multi-channels'],
  });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <TestShell>
        <RouterProvider router={router} />
      </TestShell>
    </QueryClientProvider>,
  );
}

beforeEach(() => signInAs('administrator'));

describe('/settings/multi-channels', () => {
  it("shows every kind with its channels' state, the error's reason and when, and today's messages", async () => {
    mockApi(CONTRACTS, () => ok(SUMMARY));
    renderPage();
    const livechat = within(await screen.findByRole('region', { name: 'Livechat' }));
    const website = within(livechat.getByText('Website OmniCare').closest('li')!);
    expect(website.getByText('Đang hoạt động')).toBeInTheDocument();
    expect(website.getByTitle('Nhận hôm nay')).toHaveTextContent('12');
    expect(website.getByTitle('Gửi hôm nay')).toHaveTextContent('9');

    const sms = within(screen.getByRole('region', { name: 'SMS' }));
    const broken = within(sms.getByText('eSMS CSKH').closest('li')!);
    expect(broken.getByText('Lỗi kết nối')).toBeInTheDocument();
    expect(broken.getByText('eSMS từ chối: Sai API key (101)')).toBeInTheDocument();
    // 02:30 UTC is 09:30 in Bangkok.
    expect(broken.getByText(/Lỗi gần nhất lúc .*09:30/)).toBeInTheDocument();
    expect(broken.getByTitle('Gửi hôm nay')).toHaveTextContent('3');
    const paused = within(sms.getByText('eSMS khuyến mãi').closest('li')!);
    expect(paused.getByText('Tạm dừng')).toBeInTheDocument();
    expect(sms.getByRole('link', { name: 'Mở cài đặt SMS' })).toHaveAttribute(
      'href',
      '/settings/multi-channels/sms',
    );

    const email = within(screen.getByRole('region', { name: 'Email' }));
    expect(email.getByText('Chưa kết nối kênh nào.')).toBeInTheDocument();
    expect(email.queryByText('Sắp ra mắt')).not.toBeInTheDocument();
  }, 20_000);

  it('says which kinds cannot be connected yet, and links each to its settings page', async () => {
    mockApi(CONTRACTS, () => ok(SUMMARY));
    renderPage();
    for (const [name, path] of [
      ['TikTok', '/settings/multi-channels/tiktok'],
      ['Facebook', '/settings/multi-channels/facebook'],
      ['WhatsApp', '/settings/multi-channels/whatsapp'],
      ['Zalo OA', '/settings/multi-channels/zalo'],
    ] as const) {
      const card = within(await screen.findByRole('region', { name }));
      expect(card.getByText('Sắp ra mắt')).toBeInTheDocument();
      expect(card.queryByText('Chưa kết nối kênh nào.')).not.toBeInTheDocument();
      expect(card.getByRole('link', { name: `Mở cài đặt ${name}` })).toHaveAttribute('href', path);
    }
    expect(screen.getAllByRole('region')).toHaveLength(8);
  }, 20_000);
});
