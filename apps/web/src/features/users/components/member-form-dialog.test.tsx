import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { z } from 'zod';
import type { ApiRequest } from '@/lib/http';
import { groupPageView } from '@omnicare/shared/groups/groups.schemas';
import { organizationNodeView } from '@omnicare/shared/organizations/organizations.schemas';
import { createdBody, okBody } from '@omnicare/shared/platform/envelope';
import { staffUserView, type StaffUser } from '@omnicare/shared/users/users.schemas';
import { TooltipProvider } from '@/components/ui/tooltip';
import { ApiError } from '@/lib/errors';
import { created, fixture, mockApi, ok } from '@/test/contract-fixtures';
import { MemberFormDialog } from './member-form-dialog';

const CONTRACTS = {
  'GET /v2/organizes': okBody(z.array(organizationNodeView)),
  'GET /v2/all-group': okBody(groupPageView),
  'POST /v2/create-user': createdBody(staffUserView),
  'POST /v2/invite-user': createdBody(staffUserView),
  'PUT /v2/update-user/:id': okBody(staffUserView),
};

function mockServer(onWrite?: (config: ApiRequest) => unknown) {
  return mockApi(CONTRACTS, (config) => {
    if (config.url === '/v2/organizes') return ok([]);
    if (config.url === '/v2/all-group') return ok({ list: [], total: 0 });
    return onWrite ? onWrite(config) : ok(null);
  });
}

function renderDialog(user: StaffUser | null = null, invite = false) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const onOpenChange = vi.fn();
  render(
    <QueryClientProvider client={client}>
      <TooltipProvider>
        <MemberFormDialog open onOpenChange={onOpenChange} user={user} invite={invite} />
      </TooltipProvider>
    </QueryClientProvider>,
  );
  return { onOpenChange };
}

const existing: StaffUser = fixture('GET /v2/users/:id', staffUserView, {
  _id: '4b1a6c1e-8f7a-4a57-9a55-1b3c2d4e5f60',
  name: 'Phạm Quốc Dũng',
  email: 'agent@demo.vn',
  phone: '0901000004',
  role: 'agent',
  is_admin: false,
  agent_id: '1004',
  active: true,
  presence: 'AVAILABLE',
  organization_id: null,
  organization_name: null,
  groups: [],
  sip_username: 'agent1004',
  sip_gateway_url: 'wss://sip.example.vn',
  has_sip_password: true,
  hotline: null,
  avatar_url: null,
  invite_pending: false,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
});

describe('member form', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows the Vietnamese messages of the shared schema and sends nothing', async () => {
    const request = mockServer();
    const user = userEvent.setup();
    renderDialog();
    await user.click(screen.getByRole('button', { name: 'Lưu' }));
    expect(await screen.findByText('Họ tên không được bỏ trống')).toBeInTheDocument();
    expect(screen.getByText('Email không được bỏ trống')).toBeInTheDocument();
    // Left empty, the agent id is the tenant's next free one.
    expect(screen.queryByText('Mã nhân viên (agent_id) không được bỏ trống')).toBeNull();
    expect(screen.getByText('Mật khẩu phải có ít nhất 8 ký tự')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Họ tên/)).toHaveAttribute('aria-invalid', 'true');
    expect(request.mock.calls.some(([config]) => config.method === 'POST')).toBe(false);
  });

  it('checks the email, the agent id and the SIP gateway hosts', async () => {
    mockServer();
    const user = userEvent.setup();
    renderDialog();
    await user.type(screen.getByLabelText(/^Họ tên/), 'Lê Văn Tư');
    await user.type(screen.getByLabelText(/^Email/), 'khong-phai-email');
    await user.type(screen.getByLabelText(/^Mã nhân viên/), 'mã có dấu');
    await user.type(screen.getByLabelText('SIP gateway'), 'wss://a.vn, wss://b.vn, wss://c.vn');
    await user.type(screen.getByLabelText(/^Mật khẩu đăng nhập/), 'abc12345');
    await user.click(screen.getByRole('button', { name: 'Lưu' }));
    expect(await screen.findByText('Email không hợp lệ')).toBeInTheDocument();
    expect(screen.getByText('Mã nhân viên chỉ gồm chữ, số và . _ -')).toBeInTheDocument();
    expect(
      screen.getByText(
        'Địa chỉ SIP gateway phải là một hoặc hai địa chỉ ws:// hoặc wss:// cách nhau bởi dấu phẩy',
      ),
    ).toBeInTheDocument();
  });

  it("puts the server's 422 field errors on their fields", async () => {
    const sent: ApiRequest[] = [];
    mockServer((config) => {
      sent.push(config);
      return Promise.reject(
        new ApiError({
          kind: 'http',
          status: 422,
          message: 'Dữ liệu không hợp lệ',
          fieldErrors: [
            { param: 'email', message: 'Email đã tồn tại' },
            { param: 'agent_id', message: 'Mã nhân viên đã tồn tại' },
          ],
        }),
      );
    });
    const user = userEvent.setup();
    const { onOpenChange } = renderDialog();
    await user.type(screen.getByLabelText(/^Họ tên/), 'Lê Văn Tư');
    await user.type(screen.getByLabelText(/^Email/), 'Tu.Le@Demo.vn');
    await user.type(screen.getByLabelText(/^Mã nhân viên/), '3001');
    await user.type(screen.getByLabelText(/^Mật khẩu đăng nhập/), 'abc12345');
    await user.click(screen.getByRole('button', { name: 'Lưu' }));
    expect(await screen.findByText('Email đã tồn tại')).toBeInTheDocument();
    expect(screen.getByText('Mã nhân viên đã tồn tại')).toBeInTheDocument();
    expect(onOpenChange).not.toHaveBeenCalled();
    expect(sent[0]).toMatchObject({ method: 'POST', url: '/v2/create-user' });
    // The form's own values: the server parses them with the same schema.
    expect(sent[0]?.data).toMatchObject({
      email: 'Tu.Le@Demo.vn',
      phone: '',
      hotline: '',
      role: 'agent',
      password: 'abc12345',
    });
  });

  it('edits without a password and keeps the stored SIP password when left empty', async () => {
    const sent: ApiRequest[] = [];
    mockServer((config) => {
      sent.push(config);
      return ok(existing);
    });
    const user = userEvent.setup();
    const { onOpenChange } = renderDialog(existing);
    expect(screen.queryByLabelText(/^Mật khẩu đăng nhập/)).not.toBeInTheDocument();
    expect(screen.getByLabelText('Mật khẩu SIP')).toHaveAttribute(
      'placeholder',
      'Để trống để giữ mật khẩu hiện tại',
    );
    await user.clear(screen.getByLabelText(/^Họ tên/));
    await user.type(screen.getByLabelText(/^Họ tên/), 'Phạm Quốc Dũng (ca tối)');
    await user.click(screen.getByRole('button', { name: 'Lưu' }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(sent[0]).toMatchObject({ method: 'PUT', url: `/v2/update-user/${existing._id}` });
    const body = sent[0]?.data as Record<string, unknown>;
    expect(body.name).toBe('Phạm Quốc Dũng (ca tối)');
    expect(body).not.toHaveProperty('sip_password');
    expect(body).not.toHaveProperty('password');
  });

  it('invites without a password, leaving the agent id to the server when empty', async () => {
    const sent: ApiRequest[] = [];
    mockServer((config) => {
      sent.push(config);
      return created({ ...existing, invite_pending: true });
    });
    const user = userEvent.setup();
    const { onOpenChange } = renderDialog(null, true);
    expect(screen.getByRole('heading', { name: 'Mời nhân viên qua email' })).toBeInTheDocument();
    expect(screen.queryByLabelText(/^Mật khẩu đăng nhập/)).not.toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Họ tên/), 'Lê Thu Hà');
    await user.type(screen.getByLabelText(/^Email/), 'ha.le@demo.vn');
    await user.click(screen.getByRole('button', { name: 'Gửi lời mời' }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(sent[0]).toMatchObject({ method: 'POST', url: '/v2/invite-user' });
    expect(sent[0]?.data).toMatchObject({
      name: 'Lê Thu Hà',
      email: 'ha.le@demo.vn',
      agent_id: '',
    });
    expect(sent[0]?.data).not.toHaveProperty('password');
  });
});
