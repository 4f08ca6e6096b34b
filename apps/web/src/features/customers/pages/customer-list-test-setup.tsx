import type { Mock } from 'vitest';
import { render } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createMemoryRouter, useNavigate } from 'react-router';
import { z } from 'zod';
import {
  customerListAnswer,
  type CustomerListItem,
} from '@omnicare/shared/customers/customers.schemas';
import { customFieldView } from '@omnicare/shared/fields/fields.schemas';
import { jobView } from '@omnicare/shared/jobs/jobs.schemas';
import { savedFilterView } from '@omnicare/shared/saved-filters/saved-filters.schemas';
import { createQueryClient } from '@/test/query-client';
import { TestShell } from '@/test/shell-navigation';
import { TooltipProvider } from '@/components/ui/tooltip';
import { fixture, page } from '@/test/contract-fixtures';
import { customerRow } from '@/test/view-fixtures';
import { CustomerListPage } from './customer-list-page';

/** Test setup shared by the customer list page's tests (their api mocks stay in each file). */

export const listCustomer = (id: string, number = 1): CustomerListItem =>
  customerRow({
    _id: id,
    number,
    name: `Khách ${id}`,
    source: 'facebook',
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
  api.fetchCustomerFields.mockResolvedValue(
    fixture('GET /v2/fields', z.array(customFieldView), []),
  );
  api.fetchJobs.mockResolvedValue(fixture('GET /v2/jobs', z.array(jobView), []));
  api.fetchSavedFilters.mockResolvedValue(
    fixture('GET /v2/saved-filters', z.array(savedFilterView), []),
  );
  api.fetchCustomers.mockImplementation(async ({ page: number }: { page: number }) =>
    page('GET /v2/customers', customerListAnswer, {
      data: Array.from({ length: 10 }, (_, index) =>
        listCustomer(`p${number}-${index}`, number * 10 + index),
      ),
      total: 45,
      total_capped: false,
    }),
  );
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
