import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ApiRequest } from '@/lib/http';
import { MACRO_MESSAGES, type Macro } from '@omnicare/shared/macros/macros.schemas';
import { TooltipProvider } from '@/components/ui/tooltip';
import { http } from '@/lib/http';
import { signInAs } from '@/test/signed-in';
import type { StaffRole } from '@omnicare/shared/users/roles';
import { MacroDialog, macroFormDefaults, toMacroBody } from './macro-dialog';

// jsdom has no ResizeObserver; Radix's Switch measures itself with one.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

const ok = (data: unknown, extra: Record<string, unknown> = {}) =>
  Promise.resolve({ data: { statusCode: 200, message: 'OK', data, ...extra } });

function mockServer() {
  return vi.spyOn(http, 'request').mockImplementation(((config: ApiRequest) => {
    if (config.method === 'POST' || config.method === 'PUT')
      return ok({ _id: 'new', name: 'x' }, { message: MACRO_MESSAGES.created });
    if (config.url === '/v2/priorities')
      return ok([{ _id: '0b6f3c1e-8a2d-4c5e-9f10-2a3b4c5d6e7f', name: 'Cao' }], { total: 1 });
    if (config.url === '/v2/customers')
      return ok([{ _id: 'c1', name: 'Phạm Minh Tuấn', phone: '0912345678', email: null }], {
        total: 1,
      });
    if (config.url === '/v2/group-tag-customer') return ok([]);
    return ok([], { total: 0 });
  }) as typeof http.request);
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
      assignee: 'u-9',
      add_tag_ids: ['t1'],
      remove_tag_ids: ['t2'],
    };
    const defaults = macroFormDefaults(
      {
        _id: 'm',
        name: 'A',
        body: 'B',
        actions,
        shared: true,
        owner: null,
        editable: true,
        usage_count: 0,
        created_at: '',
        updated_at: '',
      },
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
