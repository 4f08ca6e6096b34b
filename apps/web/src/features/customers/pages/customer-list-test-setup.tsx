import type { Mock } from 'vitest';
import { render } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createMemoryRouter, useNavigate } from 'react-router';
import type { CustomerListItem } from '@omnicare/shared/customers/customers.schemas';
import { createQueryClient } from '@/test/query-client';
import { TestShell } from '@/test/shell-navigation';
import { TooltipProvider } from '@/components/ui/tooltip';
import { CustomerListPage } from './customer-list-page';

/** Test setup shared by the customer list page's tests (their api mocks stay in each file). */

export const listCustomer = (id: string, number = 1): CustomerListItem => ({
  _id: id,
  number,
  name: `Khách ${id}`,
  avatar_url: null,
  phone: null,
  email: null,
  tier: 0,
  source: 'facebook',
  owner: null,
  organization: null,
  created_at: '2026-01-02T03:04:05.000Z',
  updated_at: '2026-01-02T03:04:05.000Z',
});

/** The calls the list page makes on load, answered: no fields, jobs or saved filters; 45 rows. */
export function answerListCalls(api: {
  fetchCustomers: Mock;
  fetchCustomerFields: Mock;
  fetchJobs: Mock;
  fetchSavedFilters: Mock;
}) {
  api.fetchCustomerFields.mockResolvedValue([]);
  api.fetchJobs.mockResolvedValue([]);
  api.fetchSavedFilters.mockResolvedValue([]);
  api.fetchCustomers.mockImplementation(async ({ page }: { page: number }) => ({
    data: Array.from({ length: 10 }, (_, index) =>
      listCustomer(`p${page}-${index}`, page * 10 + index),
    ),
    total: 45,
    total_capped: false,
  }));
}

function CustomerStub() {
  const navigate = useNavigate();
  return <button onClick={() => void navigate(-1)}>Quay lại</button>;
}

/** The list page at `url` in a memory router, a record's address showing a 'Quay lại' button. */
export function renderCustomerList(url = '/customers') {
  const router = createMemoryRouter(
    [
      { path: '/customers', element: <CustomerListPage /> },
      { path: '/customers/:id', element: <CustomerStub /> },
    ],
    { initialEntries: [url] },
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <TestShell>
        <TooltipProvider>
          <RouterProvider router={router} />
        </TooltipProvider>
      </TestShell>
    </QueryClientProvider>,
  );
  return router;
}
