import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { z } from 'zod';
import type { ApiRequest } from '@/lib/http';
import { groupPageView, groupView, type Group } from '@omnicare/shared/groups/groups.schemas';
import { organizationNodeView } from '@omnicare/shared/organizations/organizations.schemas';
import { createdBody, okBody } from '@omnicare/shared/platform/envelope';
import { staffSearchView } from '@omnicare/shared/users/users.schemas';
import { TooltipProvider } from '@/components/ui/tooltip';
import { ApiError } from '@/lib/errors';
import { created, fixture, mockApi, ok } from '@/test/contract-fixtures';
import type { DepartmentBody } from '../departments.api';
import { DepartmentFormDialog } from './department-form-dialog';
import { AssignmentSummary } from '../pages/departments-page';

// jsdom has no ResizeObserver; Radix's Switch measures itself with one.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

const CONTRACTS = {
  'GET /v2/organizes': okBody(z.array(organizationNodeView)),
  'GET /v2/all-group': okBody(groupPageView),
  'GET /v2/all-user': okBody(staffSearchView),
  'POST /v2/group': createdBody(groupView),
  'PUT /v2/updateGroup': okBody(groupView),
};

function mockServer(onWrite?: (config: ApiRequest) => unknown) {
  return mockApi(CONTRACTS, (config) => {
    if (config.url === '/v2/organizes') return ok([]);
    if (config.method === 'GET') return ok({ list: [], total: 0 });
    return onWrite ? onWrite(config) : ok(null);
  });
}

function renderDialog(group: Group | null = null) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const onOpenChange = vi.fn();
  render(
    <QueryClientProvider client={client}>
      <TooltipProvider>
        <DepartmentFormDialog open onOpenChange={onOpenChange} group={group} />
      </TooltipProvider>
    </QueryClientProvider>,
  );
  return { onOpenChange };
}

const department = fixture('GET /v2/all-group', groupView, {
  _id: '7c2f1a6e-2b1d-4c3e-9f8a-0a1b2c3d4e5f',
  id: '7c2f1a6e-2b1d-4c3e-9f8a-0a1b2c3d4e5f',
  name: 'Tổng đài',
  target: 'user',
  organization_id: null,
  organization_name: null,
  leader_id: null,
  leader_name: null,
  description: '',
  members: [],
  customer_count: 0,
  auto_assign: true,
  assign_capacity: 5,
  reassign_on_logout: false,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
});

const autoSwitch = () => screen.getByRole('switch', { name: 'Tự động phân công ticket' });
const logoutSwitch = () =>
  screen.getByRole('switch', { name: 'Phân công lại khi nhân viên đăng xuất' });
const capacityBox = () => screen.getByLabelText('Số ticket đang mở tối đa mỗi nhân viên');
const writes = (request: ReturnType<typeof mockServer>) =>
  request.mock.calls.map(([config]) => config).filter((config) => config.method !== 'GET');

describe('department form: automatic assignment', () => {
  afterEach(() => vi.restoreAllMocks());

  it('sends the three settings with a new department', async () => {
    const request = mockServer((config) => {
      const body = config.data as DepartmentBody;
      return created({
        ...department,
        name: body.name,
        auto_assign: body.auto_assign ?? false,
        assign_capacity: body.assign_capacity ?? null,
        reassign_on_logout: body.reassign_on_logout ?? false,
      });
    });
    const user = userEvent.setup();
    const { onOpenChange } = renderDialog();
    expect(autoSwitch()).toHaveAttribute('aria-checked', 'false');
    expect(logoutSwitch()).toHaveAttribute('aria-checked', 'false');
    expect(capacityBox()).toHaveValue(null);
    await user.type(screen.getByLabelText(/^Tên phòng ban/), 'Tổng đài');
    await user.click(autoSwitch());
    await user.type(capacityBox(), '12');
    await user.click(logoutSwitch());
    await user.click(screen.getByRole('button', { name: 'Lưu' }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    const [sent] = writes(request);
    expect(sent?.url).toBe('/v2/group');
    expect(sent?.data).toMatchObject({
      target: 'user',
      name: 'Tổng đài',
      auto_assign: true,
      assign_capacity: 12,
      reassign_on_logout: true,
    });
  });

  it('shows the stored settings and sends an emptied capacity as no limit', async () => {
    const request = mockServer(() => ok(department));
    const user = userEvent.setup();
    renderDialog(department);
    expect(autoSwitch()).toHaveAttribute('aria-checked', 'true');
    expect(capacityBox()).toHaveValue(5);
    await user.clear(capacityBox());
    await user.click(screen.getByRole('button', { name: 'Lưu' }));
    await waitFor(() => expect(writes(request)).toHaveLength(1));
    const body = writes(request)[0]?.data;
    expect(body).toMatchObject({ id: department._id, auto_assign: true, assign_capacity: null });
  });

  it('refuses a capacity outside 1..1000 or not whole, in Vietnamese, and sends nothing', async () => {
    const request = mockServer();
    const user = userEvent.setup();
    renderDialog();
    await user.type(screen.getByLabelText(/^Tên phòng ban/), 'Kỹ thuật');
    for (const value of ['0', '1001', '2.5']) {
      await user.clear(capacityBox());
      await user.type(capacityBox(), value);
      await user.click(screen.getByRole('button', { name: 'Lưu' }));
      expect(
        await screen.findByText('Số ticket đang mở tối đa phải là số nguyên từ 1 đến 1000'),
      ).toBeInTheDocument();
      expect(capacityBox()).toHaveAttribute('aria-invalid', 'true');
    }
    expect(writes(request)).toHaveLength(0);
  });

  it("puts the server's 422 on the capacity field", async () => {
    mockServer(() =>
      Promise.reject(
        new ApiError({
          kind: 'http',
          status: 422,
          message: 'Dữ liệu không hợp lệ',
          fieldErrors: [{ param: 'assign_capacity', message: 'Sức chứa không hợp lệ' }],
        }),
      ),
    );
    const user = userEvent.setup();
    renderDialog(department);
    await user.click(screen.getByRole('button', { name: 'Lưu' }));
    expect(await screen.findByText('Sức chứa không hợp lệ')).toBeInTheDocument();
    expect(capacityBox()).toHaveAttribute('aria-invalid', 'true');
  });

  it('the list shows automatic assignment and its capacity', () => {
    const { rerender } = render(<AssignmentSummary group={department} />);
    expect(screen.getByText('Tự động')).toBeInTheDocument();
    expect(screen.getByText('Tối đa 5 ticket/người')).toBeInTheDocument();
    rerender(<AssignmentSummary group={{ ...department, assign_capacity: null }} />);
    expect(screen.getByText('Không giới hạn')).toBeInTheDocument();
    rerender(<AssignmentSummary group={{ ...department, auto_assign: false }} />);
    expect(screen.getByText('Thủ công')).toBeInTheDocument();
  });
});
