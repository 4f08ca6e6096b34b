import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { activityEntryView } from '@omnicare/shared/audit/activity.schemas';
import { createQueryClient } from '@/test/query-client';
import { page } from '@/test/contract-fixtures';
import { CustomerTimeline } from './customer-timeline';

const api = vi.hoisted(() => ({ fetchCustomerTimeline: vi.fn() }));
vi.mock('../customers.api', () => api);

describe('CustomerTimeline', () => {
  it("shows the customer's entries with the shared timeline", async () => {
    api.fetchCustomerTimeline.mockResolvedValue(
      page('GET /v2/customers/:id/timeline', activityEntryView, {
        data: [
          {
            _id: 'e1',
            kind: 'customer.add_tag',
            actor: { _id: 'u1', name: 'Trần Bình' },
            at: '2026-01-02T03:04:05.000Z',
            objects: ['Khách VIP'],
            changes: [],
          },
        ],
        total: 1,
      }),
    );
    render(
      <QueryClientProvider client={createQueryClient()}>
        <CustomerTimeline customerId="c1" />
      </QueryClientProvider>,
    );
    expect(await screen.findByText(': Khách VIP')).toBeInTheDocument();
    expect(api.fetchCustomerTimeline).toHaveBeenCalledWith('c1', expect.anything());
  });
});
