import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '@/app/query-client';
import type { TimelineEntry } from '@omnicare/shared/customers/customers.schemas';
import { CustomerTimeline, timelineDetailText } from './customer-timeline';

const api = vi.hoisted(() => ({ fetchCustomerTimeline: vi.fn() }));
vi.mock('../customers.api', () => api);

describe('timelineDetailText', () => {
  it('names the customer of a creation or a merge, and the fields an update changed', () => {
    expect(timelineDetailText({ name: 'Ngô Thị Lan' })).toBe('Ngô Thị Lan');
    expect(timelineDetailText({ merged_name: 'Lan (trùng)' })).toBe('Lan (trùng)');
    expect(timelineDetailText({ changed: ['tier', 'phones', 'phone', 'unknown'] })).toBe(
      'Hạng khách hàng, Số điện thoại',
    );
    expect(timelineDetailText({ changed: [] })).toBe('');
    expect(timelineDetailText(null)).toBe('');
  });
});

describe('CustomerTimeline', () => {
  it('labels every kind of entry the server writes, bulk actions included, in Vietnamese', async () => {
    const kinds = [
      'customer.create',
      'customer.update',
      'customer.avatar',
      'customer.add_group',
      'customer.add_tag',
      'customer.assign_owner',
      'customer.merge',
    ];
    const entries: TimelineEntry[] = kinds.map((kind, index) => ({
      _id: `e${index}`,
      kind,
      actor: { _id: 'u1', name: 'Trần Bình' },
      at: '2026-01-02T03:04:05.000Z',
      detail: null,
    }));
    api.fetchCustomerTimeline.mockResolvedValue({ data: entries, total: entries.length });
    render(
      <QueryClientProvider client={createQueryClient()}>
        <CustomerTimeline customerId="c1" />
      </QueryClientProvider>,
    );
    const labels = [
      'Tạo khách hàng',
      'Cập nhật thông tin',
      'Đổi ảnh đại diện',
      'Thêm vào nhóm khách hàng',
      'Gắn tag',
      'Đổi người phụ trách',
      'Gộp khách hàng',
    ];
    for (const label of labels) expect(await screen.findByText(label)).toBeInTheDocument();
    expect(screen.queryByText(/customer\./)).not.toBeInTheDocument();
  });
});
