import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { z } from 'zod';
import { tagGroupView } from '@omnicare/shared/customers/customers.schemas';
import { groupPageView } from '@omnicare/shared/groups/groups.schemas';
import { listBody, okBody } from '@omnicare/shared/platform/envelope';
import {
  ticketAssigneeView,
  type TicketAssignee,
} from '@omnicare/shared/tickets/ticket-assignees.schemas';
import type { ApiRequest } from '@/lib/http';
import { list, mockApi, ok } from '@/test/contract-fixtures';
import { groupRecord } from '@/test/view-fixtures';
import { signInAs } from '@/test/signed-in';
import { TicketProperties, type TicketFieldsValue } from './ticket-properties';

vi.mock('@/features/fields/fields.queries', () => ({ useActiveFields: () => ({ data: [] }) }));
vi.mock('../tickets.queries', () => ({ useTicketSettingsList: () => ({ data: [] }) }));

const person = (over: Partial<TicketAssignee>): TicketAssignee => ({
  _id: 'u1',
  name: 'Lê Minh An',
  email: 'an@demo.vn',
  role: 'agent',
  presence: 'AVAILABLE',
  open_tickets: 0,
  ...over,
});
const CSKH = [
  person({ _id: 'u1', name: 'Lê Minh An', open_tickets: 3 }),
  person({ _id: 'u2', name: 'Phạm Thu Hà', presence: 'ATLUNCH', open_tickets: 7 }),
];
const KY_THUAT = [person({ _id: 'u3', name: 'Võ Quốc Bảo', presence: 'NOT AVAILABLE' })];
const DEPARTMENTS = [
  groupRecord({ _id: 'g-cskh', name: 'CSKH' }),
  groupRecord({ _id: 'g-kt', name: 'Kỹ thuật' }),
];

const CONTRACTS = {
  'GET /v2/tickets/assignees': listBody(ticketAssigneeView),
  'GET /v2/all-group': okBody(groupPageView),
  'GET /v2/group-tag-customer': okBody(z.array(tagGroupView)),
};

const VALUE: TicketFieldsValue = {
  status: 'open',
  source: 'hand',
  requester: null,
  priority_id: null,
  type_id: null,
  service_id: null,
  group: { _id: 'g-cskh', name: 'CSKH' },
  assignee: null,
  tags: [],
  followers: [],
  cc: [],
  due_at: null,
  custom: {},
};

let asked: ApiRequest[] = [];
beforeEach(() => {
  asked = [];
  signInAs('agent');
  mockApi(CONTRACTS, (config: ApiRequest) => {
    asked.push(config);
    const params = (config.params ?? {}) as Record<string, unknown>;
    if (config.url === '/v2/tickets/assignees')
      return list(params.group_id === 'g-kt' ? KY_THUAT : CSKH);
    if (config.url === '/v2/all-group') return ok({ list: DEPARTMENTS, total: DEPARTMENTS.length });
    return ok([]);
  });
});

afterEach(() => vi.restoreAllMocks());

function renderPanel() {
  const onChange = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <TicketProperties value={VALUE} onChange={onChange} />
    </QueryClientProvider>,
  );
  return onChange;
}

describe('the assignee picker', () => {
  it("lists the department's people with presence and open tickets, from the assignee list", async () => {
    const user = userEvent.setup();
    const onChange = renderPanel();
    await user.click(screen.getByLabelText('Người xử lý'));
    const list = await screen.findByRole('listbox');
    const an = await within(list).findByRole('option', { name: /Lê Minh An/ });
    expect(an).toHaveTextContent('Sẵn sàng làm việc');
    expect(within(an).getByLabelText('3 ticket đang mở')).toHaveTextContent('3 đang mở');
    expect(within(list).getByRole('option', { name: /Phạm Thu Hà/ })).toHaveTextContent('Ăn trưa');
    // The ticket's department first; never the staff list that holds disabled people.
    expect(asked.find((config) => config.url === '/v2/tickets/assignees')?.params).toMatchObject({
      group_id: 'g-cskh',
    });
    expect(asked.some((config) => config.url === '/v2/all-user')).toBe(false);
    await user.click(an);
    expect(onChange).toHaveBeenCalledWith(
      { assignee_id: 'u1' },
      { assignee: { _id: 'u1', name: 'Lê Minh An' } },
    );
  });

  it('picks a department first, and a person of another one moves the ticket there', async () => {
    const user = userEvent.setup();
    const onChange = renderPanel();
    await user.click(screen.getByLabelText('Người xử lý'));
    const department = await screen.findByRole('combobox', {
      name: 'Lọc người xử lý theo bộ phận',
    });
    await waitFor(() =>
      expect(within(department).getByRole('option', { name: 'Kỹ thuật' })).toBeInTheDocument(),
    );
    await user.selectOptions(department, 'Kỹ thuật');
    const bao = await screen.findByRole('option', { name: /Võ Quốc Bảo/ });
    expect(screen.queryByRole('option', { name: /Lê Minh An/ })).toBeNull();
    await user.click(bao);
    expect(onChange).toHaveBeenCalledWith(
      { assignee_id: 'u3', group_id: 'g-kt' },
      {
        assignee: { _id: 'u3', name: 'Võ Quốc Bảo' },
        group: { _id: 'g-kt', name: 'Kỹ thuật' },
      },
    );
  });
});
