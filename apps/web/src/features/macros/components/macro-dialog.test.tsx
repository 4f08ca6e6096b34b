import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { z } from 'zod';
import type { ApiRequest } from '@/lib/http';
import { customerListAnswer, tagGroupView } from '@omnicare/shared/customers/customers.schemas';
import { MACRO_MESSAGES, macroView, type Macro } from '@omnicare/shared/macros/macros.schemas';
import { createdBody, listBody, okBody } from '@omnicare/shared/platform/envelope';
import { priorityView, ticketTypeView } from '@omnicare/shared/ticket-config/ticket-config.schemas';
import { TooltipProvider } from '@/components/ui/tooltip';
import { created, fixture, list, mockApi, ok } from '@/test/contract-fixtures';
import { customerRow } from '@/test/view-fixtures';
import { signInAs } from '@/test/signed-in';
import type { StaffRole } from '@omnicare/shared/users/roles';
import { MacroDialog, macroFormDefaults, toMacroBody } from './macro-dialog';

// jsdom has no ResizeObserver; Radix's Switch measures itself with one.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

const CONTRACTS = {
  'POST /v2/macros': createdBody(macroView),
  'GET /v2/priorities': listBody(priorityView),
  'GET /v2/types': listBody(ticketTypeView),
  'GET /v2/customers': customerListAnswer,
  'GET /v2/group-tag-customer': okBody(z.array(tagGroupView)),
};

const AT = '2026-01-01T00:00:00.000Z';
const SAVED = fixture('POST /v2/macros', macroView, {
  _id: 'new',
  name: 'Chờ khách phản hồi',
  body: 'Chào {{customer.name}}',
  actions: {},
  shared: true,
  owner: { _id: 'team_leader', name: 'team_leader' },
  editable: true,
  usage_count: 0,
  created_at: AT,
  updated_at: AT,
});
const PRIORITY = {
  _id: '0b6f3c1e-8a2d-4c5e-9f10-2a3b4c5d6e7f',
  name: 'Cao',
  color: '#dc2626',
  order: 1,
  created_at: AT,
  updated_at: AT,
};
/** The tenant's customer the preview fills the placeholders from. */
const CUSTOMER = customerRow({ name: 'Phạm Minh Tuấn', phone: '0912345678' });

function mockServer() {
  return mockApi(CONTRACTS, (config: ApiRequest) => {
    if (config.method === 'POST') return created(SAVED, MACRO_MESSAGES.created);
    if (config.url === '/v2/priorities') return list([PRIORITY]);
    if (config.url === '/v2/customers') return { ...list([CUSTOMER]), total_capped: false };
    return config.url === '/v2/group-tag-customer' ? ok([]) : list([]);
  });
}

function renderDialog(role: StaffRole, record: Macro | null = null) {
  signInAs(role);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const onOpenChange = vi.fn();
  render(
    <QueryClientProvider client={client}>
      <TooltipProvider>
        <MacroDialog open onOpenChange={onOpenChange} record={record} />
      </TooltipProvider>
    </QueryClientProvider>,
  );
  return { onOpenChange };
}

const writes = (request: ReturnType<typeof mockServer>) =>
  request.mock.calls
    .map(([config]) => config as ApiRequest)
    .filter((config) => config.method !== 'GET');

afterEach(() => vi.restoreAllMocks());

describe('macro form', () => {
  it('keeps an edited macro as it was: defaults and body are each other’s inverse', () => {
    const actions = {
      status: 'pending' as const,
      priority_id: null,
      assignee: '9d1c2b3a-4e5f-4a6b-8c7d-0e1f2a3b4c5d',
      add_tag_ids: ['1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d'],
      remove_tag_ids: ['2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e'],
    };
    const defaults = macroFormDefaults(
      fixture('GET /v2/macros/:id', macroView, {
        _id: 'm',
        name: 'A',
        body: 'B',
        actions,
        shared: true,
        owner: null,
        editable: true,
        usage_count: 0,
        created_at: AT,
        updated_at: AT,
      }),
      false,
    );
    expect(toMacroBody(defaults)).toEqual({ name: 'A', body: 'B', shared: true, actions });
  });

  it('writes a shared macro with a placeholder, a preview and the changes chosen', async () => {
    const request = mockServer();
    const { onOpenChange } = renderDialog('team_leader');
    await userEvent.type(screen.getByLabelText(/Tên macro/), 'Chờ khách phản hồi');
    const body = screen.getByLabelText('Nội dung trả lời');
    await userEvent.type(body, 'Chào ');
    await userEvent.click(screen.getByRole('button', { name: 'Chèn biến Tên khách hàng' }));
    await waitFor(() => expect(body).toHaveValue('Chào {{customer.name}}'));
    // The preview fills it with a customer of the tenant.
    await waitFor(() =>
      expect(screen.getByTestId('template-preview')).toHaveTextContent('Chào Phạm Minh Tuấn'),
    );
    await userEvent.selectOptions(screen.getByLabelText('Trạng thái'), 'pending');
    await waitFor(() =>
      expect(within(screen.getByLabelText('Mức độ ưu tiên')).getAllByRole('option')).toHaveLength(
        3,
      ),
    );
    await userEvent.selectOptions(
      screen.getByLabelText('Mức độ ưu tiên'),
      '0b6f3c1e-8a2d-4c5e-9f10-2a3b4c5d6e7f',
    );
    await userEvent.selectOptions(screen.getByLabelText('Người xử lý'), 'me');
    expect(screen.getByRole('switch', { name: 'Dùng chung' })).toBeChecked();

    await userEvent.click(screen.getByRole('button', { name: 'Lưu' }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    const [post] = writes(request);
    expect(post).toMatchObject({ method: 'POST', url: '/v2/macros' });
    expect(post?.data).toEqual({
      name: 'Chờ khách phản hồi',
      body: 'Chào {{customer.name}}',
      shared: true,
      actions: {
        status: 'pending',
        priority_id: '0b6f3c1e-8a2d-4c5e-9f10-2a3b4c5d6e7f',
        assignee: 'me',
      },
    });
  });

  it('gives an agent personal macros only, and refuses a macro that does nothing', async () => {
    const request = mockServer();
    renderDialog('agent');
    expect(screen.queryByRole('switch', { name: 'Dùng chung' })).not.toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/Tên macro/), 'Trống');
    await userEvent.click(screen.getByRole('button', { name: 'Lưu' }));
    expect(await screen.findByText(MACRO_MESSAGES.emptyMacro)).toBeInTheDocument();
    expect(writes(request)).toEqual([]);

    await userEvent.type(screen.getByLabelText('Nội dung trả lời'), 'Dạ em ghi nhận');
    await userEvent.click(screen.getByRole('button', { name: 'Lưu' }));
    await waitFor(() => expect(writes(request)).toHaveLength(1));
    expect(writes(request)[0]?.data).toMatchObject({ shared: false, actions: {} });
  });
});
