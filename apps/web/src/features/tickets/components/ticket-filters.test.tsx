import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ApiRequest } from '@/lib/http';
import { http } from '@/lib/http';
import { useSessionStore } from '@/stores/session-store';
import { signInAs } from '@/test/signed-in';
import type { TicketFilters } from '../tickets.api';
import { TicketFiltersPanel } from './ticket-filters';

const AN = { _id: '11111111-1111-4111-8111-111111111111', name: 'Nguyễn Văn An' };
const BINH = { _id: '22222222-2222-4222-8222-222222222222', name: 'Trần Thị Bình' };

/**
 * The API as the panel asks it: the customer picker's search (Bình only: An's name can come from
 * nothing but her own record) and one customer by id.
 */
function serve() {
  vi.spyOn(http, 'request').mockImplementation(((config: ApiRequest) => {
    const url = config.url ?? '';
    const customer = [AN, BINH].find((one) => url === `/v2/customers/${one._id}`);
    if (customer) return Promise.resolve({ data: { statusCode: 200, data: customer } });
    if (url === '/v2/customers')
      return Promise.resolve({
        data: {
          statusCode: 200,
          data: [{ ...BINH, phone: null }],
          total: 1,
        },
      });
    return Promise.resolve({ data: { statusCode: 200, data: [], total: 0 } });
  }) as typeof http.request);
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
