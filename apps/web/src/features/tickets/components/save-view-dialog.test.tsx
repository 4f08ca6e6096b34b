import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ApiRequest } from '@/lib/http';
import { createdBody } from '@omnicare/shared/platform/envelope';
import { smartViewView } from '@omnicare/shared/ticket-config/ticket-config.schemas';
import { ApiError } from '@/lib/errors';
import { created, mockApi } from '@/test/contract-fixtures';
import { useSessionStore } from '@/stores/session-store';
import { signInAs as signIn } from '@/test/signed-in';
import { listFiltersOf, viewFiltersOf } from '../ticket-views';
import { SaveViewDialog, type ListAsView } from './save-view-dialog';

// jsdom has no ResizeObserver; Radix's Checkbox measures itself with one.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

// The list as it is: filters (a custom field among them), the search, sort and columns.
const CURRENT: ListAsView = {
  filters: viewFiltersOf(
    {
      status: 'new,open',
      assignee_id: 'me,none',
      sla: 'breached',
      custom: JSON.stringify({ kenh_ban: 'Online' }),
    },
    'cước',
  ),
  columns: ['code', 'subject', 'status', 'assignee'],
  sort: { field: 'created_at', direction: 'asc' },
};

const CONTRACTS = { 'POST /v2/smart-view': createdBody(smartViewView) };

function renderDialog() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const onSaved = vi.fn();
  const onOpenChange = vi.fn();
  render(
    <QueryClientProvider client={client}>
      <SaveViewDialog open onOpenChange={onOpenChange} current={CURRENT} onSaved={onSaved} />
    </QueryClientProvider>,
  );
  return { onSaved, onOpenChange };
}

afterEach(() => {
  vi.restoreAllMocks();
  useSessionStore.getState().clear();
});

describe('saving the list as a view', () => {
  it('turns the list’s filters into a view’s and back, custom fields and search included', () => {
    expect(CURRENT.filters).toEqual({
      status: ['new', 'open'],
      assignee_id: ['me', 'none'],
      sla: 'breached',
      custom: { kenh_ban: 'Online' },
      search: 'cước',
    });
    expect(listFiltersOf(CURRENT.filters!)).toEqual({
      status: 'new,open',
      assignee_id: 'me,none',
      sla: 'breached',
      custom: '{"kenh_ban":"Online"}',
    });
    expect(viewFiltersOf({})).toEqual({});
  });

  it('sends the current filters, sort and columns as a shared view for a team leader', async () => {
    signIn('team_leader');
    const request = mockApi(CONTRACTS, (config) =>
      created(
        {
          _id: 'v1',
          ...(config.data as object),
          owner: { _id: 'team_leader', name: 'team_leader' },
          editable: true,
          created_at: '2026-01-01T00:00:00.000Z',
          updated_at: '2026-01-01T00:00:00.000Z',
        },
        'Tạo mới view thành công',
      ),
    );
    const user = userEvent.setup();
    const { onSaved, onOpenChange } = renderDialog();
    await user.type(screen.getByLabelText(/^Tên view/), 'Online của tôi');
    await user.click(screen.getByRole('checkbox', { name: /Dùng chung/ }));
    await user.click(screen.getByRole('button', { name: 'Lưu' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(onOpenChange).toHaveBeenCalledWith(false);
    const sent = request.mock.calls[0]?.[0] as ApiRequest;
    expect(sent).toMatchObject({ method: 'POST', url: '/v2/smart-view' });
    expect(sent.data).toEqual({ name: 'Online của tôi', shared: true, ...CURRENT });
    expect(onSaved.mock.calls[0]?.[0]).toMatchObject({ _id: 'v1', name: 'Online của tôi' });
  }, 20_000);

  it('keeps an agent’s view personal, and shows a taken name on its field', async () => {
    signIn('agent');
    const request = mockApi(CONTRACTS, () =>
      Promise.reject(
        new ApiError({
          kind: 'http',
          status: 422,
          message: 'Tên view đã tồn tại',
          fieldErrors: [{ param: 'name', message: 'Tên view đã tồn tại' }],
        }),
      ),
    );
    const user = userEvent.setup();
    const { onSaved } = renderDialog();
    expect(screen.queryByRole('checkbox', { name: /Dùng chung/ })).toBeNull();
    await user.type(screen.getByLabelText(/^Tên view/), 'Trùng');
    await user.click(screen.getByRole('button', { name: 'Lưu' }));
    expect(await screen.findByText('Tên view đã tồn tại')).toBeInTheDocument();
    expect((request.mock.calls[0]?.[0] as ApiRequest).data).toMatchObject({
      shared: false,
    });
    expect(onSaved).not.toHaveBeenCalled();
  }, 20_000);
});
