import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { z } from 'zod';
import {
  customerDetailView,
  customerListAnswer,
  customerListItemView,
  tagGroupView,
} from '@omnicare/shared/customers/customers.schemas';
import { customFieldView } from '@omnicare/shared/fields/fields.schemas';
import { listBody, okBody } from '@omnicare/shared/platform/envelope';
import {
  priorityView,
  serviceView,
  ticketTypeView,
} from '@omnicare/shared/ticket-config/ticket-config.schemas';
import { list, mockApi, ok } from '@/test/contract-fixtures';
import { customerDetail } from '@/test/view-fixtures';
import { useSessionStore } from '@/stores/session-store';
import { signInAs } from '@/test/signed-in';
import type { TicketFilters } from '../tickets.api';
import { TicketFiltersPanel } from './ticket-filters';

const AN = customerDetail({
  _id: '11111111-1111-4111-8111-111111111111',
  number: 1,
  name: 'Nguyễn Văn An',
});
const BINH = customerDetail({
  _id: '22222222-2222-4222-8222-222222222222',
  number: 2,
  name: 'Trần Thị Bình',
});

const CONTRACTS = {
  'GET /v2/customers/:id': okBody(customerDetailView),
  'GET /v2/customers': customerListAnswer,
  'GET /v2/group-tag-customer': okBody(z.array(tagGroupView)),
  'GET /v2/priorities': listBody(priorityView),
  'GET /v2/types': listBody(ticketTypeView),
  'GET /v2/services': listBody(serviceView),
  'GET /v2/fields': okBody(z.array(customFieldView)),
};

/**
 * The API as the panel asks it: the customer picker's search (Bình only: An's name can come from
 * nothing but her own record) and one customer by id.
 */
function serve() {
  mockApi(CONTRACTS, (config) => {
    const found = [AN, BINH].find((one) => config.url === `/v2/customers/${one._id}`);
    if (found) return ok(found);
    if (config.url === '/v2/group-tag-customer' || config.url === '/v2/fields') return ok([]);
    if (['/v2/priorities', '/v2/types', '/v2/services'].includes(config.url)) return list([]);
    // The list row: what GET /v2/customers carries of a customer.
    return { ...list([customerListItemView.parse(BINH)]), total_capped: false };
  });
}

function renderPanel(value: TicketFilters) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  let filters = value;
  const onChange = vi.fn((update: (current: TicketFilters) => TicketFilters) => {
    filters = update(filters);
  });
  render(
    <QueryClientProvider client={client}>
      <TicketFiltersPanel value={value} onChange={onChange} />
    </QueryClientProvider>,
  );
  return { filters: () => filters };
}

afterEach(() => {
  vi.restoreAllMocks();
  useSessionStore.getState().clear();
});

describe('the ticket filters panel', () => {
  it('shows a view’s requester by name and lets another customer be chosen', async () => {
    signInAs('administrator');
    serve();
    const { filters } = renderPanel({ requester_id: AN._id });
    const requester = screen.getByLabelText('Khách hàng');
    await waitFor(() => expect(requester).toHaveTextContent(AN.name));
    const user = userEvent.setup();
    await user.click(requester);
    await user.click(await screen.findByRole('option', { name: new RegExp(BINH.name) }));
    expect(filters()).toEqual({ requester_id: BINH._id });
  });
});
