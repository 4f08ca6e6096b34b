import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { z } from 'zod';
import type { ApiRequest } from '@/lib/http';
import {
  customerDetailView,
  tagGroupView,
  type CustomerDetail,
} from '@omnicare/shared/customers/customers.schemas';
import { customFieldView } from '@omnicare/shared/fields/fields.schemas';
import { cityView, districtView } from '@omnicare/shared/locations/locations.schemas';
import { organizationNodeView } from '@omnicare/shared/organizations/organizations.schemas';
import { createdBody, okBody } from '@omnicare/shared/platform/envelope';
import { ApiError } from '@/lib/errors';
import { created, fixture, mockApi, ok } from '@/test/contract-fixtures';
import { readTabDraft, saveTabDraft } from '@/stores/record-tabs-store';
import { CustomerForm } from './customer-form';

const FIELDS = fixture('GET /v2/fields', z.array(customFieldView), [
  {
    _id: 'f1',
    entity: 'customer',
    key: 'ma_cu',
    label: 'Mã khách hàng cũ',
    type: 'text',
    required: true,
    options: [],
    position: 0,
    active: true,
  },
]);

const CUSTOMER = fixture('GET /v2/customers/:id', customerDetailView, {
  _id: '0b7e3c1e-2f1a-4e55-9d7f-1a2b3c4d5e6f',
  number: 7,
  name: 'Nguyễn Văn An',
  avatar_url: null,
  phone: '0912345678',
  email: null,
  tier: 1,
  source: 'hand',
  owner: null,
  organization: null,
  created_at: '2024-01-01T00:00:00.000Z',
  updated_at: '2024-01-01T00:00:00.000Z',
  gender: 'male',
  birthday: null,
  phones: [{ phone: '0912345678', is_primary: true }],
  emails: [],
  address: null,
  city_code: null,
  district_code: null,
  groups: [],
  tags: [],
  // 'so_thich' belongs to a switched-off field: the form neither shows nor sends it.
  custom: { ma_cu: 'KH-1', so_thich: ['Du lịch'] },
  notes: '',
});

const CONTRACTS = {
  'GET /v2/fields': okBody(z.array(customFieldView)),
  'GET /v2/cities': okBody(z.array(cityView)),
  'GET /v2/districts': okBody(z.array(districtView)),
  'GET /v2/group-tag-customer': okBody(z.array(tagGroupView)),
  'GET /v2/organizes': okBody(z.array(organizationNodeView)),
  'POST /v2/customers': createdBody(customerDetailView),
  'PUT /v2/customers/:id': okBody(customerDetailView),
};

const saved = (config: ApiRequest) =>
  config.method === 'POST' ? created(CUSTOMER) : ok(CUSTOMER, 'Cập nhật thành công');

function mockServer(onWrite: (config: ApiRequest) => unknown = saved) {
  return mockApi(CONTRACTS, (config) => {
    if (config.url === '/v2/fields') return ok(FIELDS);
    if (config.method === 'GET') return ok([]);
    return onWrite(config);
  });
}

const writes = (request: ReturnType<typeof mockServer>) =>
  request.mock.calls
    .map(([config]) => config as ApiRequest)
    .filter((config) => config.method !== 'GET');

function renderForm(tabKey: string, customer?: CustomerDetail) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const onSaved = vi.fn();
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <CustomerForm tabKey={tabKey} customer={customer} onSaved={onSaved} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { onSaved };
}

describe('the customer form', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    localStorage.clear();
  });

  it('keeps every change as the tab draft, and starts from a stored draft', async () => {
    mockServer();
    const user = userEvent.setup();
    renderForm('new-a');
    await screen.findByLabelText(/Mã khách hàng cũ/);
    expect(screen.queryByText('Bản nháp được giữ cho tab này')).toBeNull();
    expect(readTabDraft('new-a').customer).toBeUndefined();
    await user.type(screen.getByLabelText(/Tên khách hàng/), 'Trần Bình');
    expect(screen.getByText('Bản nháp được giữ cho tab này')).toBeVisible();
    expect(readTabDraft('new-a').customer).toMatchObject({ name: 'Trần Bình' });

    saveTabDraft('new-b', 'customer', { name: 'Từ Bản Nháp', phones: [] });
    renderForm('new-b');
    expect(await screen.findByDisplayValue('Từ Bản Nháp')).toBeVisible();
  });

  it('refuses emptying a required custom field, then sends only the fields it shows', async () => {
    const request = mockServer();
    const user = userEvent.setup();
    const { onSaved } = renderForm('edit-1', {
      ...CUSTOMER,
      custom: { so_thich: ['Du lịch'], ma_cu: 'KH-1' },
    });
    const code = await screen.findByLabelText(/Mã khách hàng cũ/);
    await user.clear(code);
    await user.click(screen.getByRole('button', { name: 'Lưu' }));
    expect(await screen.findByText('Mã khách hàng cũ không được bỏ trống')).toBeVisible();
    expect(code).toHaveAttribute('aria-invalid', 'true');
    expect(writes(request)).toEqual([]);

    await user.type(code, 'KH-9');
    await user.click(screen.getByRole('button', { name: 'Lưu' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(writes(request)[0]).toMatchObject({
      method: 'PUT',
      url: `/v2/customers/${CUSTOMER._id}`,
      data: { name: 'Nguyễn Văn An', tier: 1, gender: 'male', custom: { ma_cu: 'KH-9' } },
    });
  });

  it('saves an unrelated change to a customer made before the field became required', async () => {
    const request = mockServer();
    const user = userEvent.setup();
    const { onSaved } = renderForm('edit-1', { ...CUSTOMER, custom: {} });
    await screen.findByLabelText(/Mã khách hàng cũ/);
    await user.type(screen.getByLabelText(/Tên khách hàng/), ' B');
    await user.click(screen.getByRole('button', { name: 'Lưu' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(screen.queryByText('Mã khách hàng cũ không được bỏ trống')).toBeNull();
    expect(writes(request)[0]).toMatchObject({
      method: 'PUT',
      data: { name: 'Nguyễn Văn An B', custom: {} },
    });
  });

  it("puts the server's 422 on the row it names, past blank rows", async () => {
    mockServer(() =>
      Promise.reject(
        new ApiError({
          kind: 'http',
          status: 422,
          message: 'Số điện thoại không hợp lệ',
          fieldErrors: [{ param: 'phones.0.phone', message: 'Số điện thoại không hợp lệ' }],
        }),
      ),
    );
    const user = userEvent.setup();
    renderForm('new-c');
    await screen.findByLabelText(/Mã khách hàng cũ/);
    await user.type(screen.getByLabelText(/Tên khách hàng/), 'Lê Cường');
    await user.type(screen.getByLabelText(/Mã khách hàng cũ/), 'KH-3');
    // Row 1 stays blank (not sent); row 2 is the first number the server sees.
    await user.click(screen.getByRole('button', { name: 'Thêm số điện thoại' }));
    await user.type(screen.getByLabelText('Số điện thoại 2'), '0912345678');
    await user.click(screen.getByRole('button', { name: 'Tạo khách hàng' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Số điện thoại 2')).toHaveAttribute('aria-invalid', 'true'),
    );
    expect(screen.getByLabelText('Số điện thoại 1')).not.toHaveAttribute('aria-invalid');
  });

  it('links to the customer who already has the phone', async () => {
    mockServer(() =>
      Promise.reject(
        new ApiError({
          kind: 'http',
          status: 422,
          message: 'Số điện thoại đã thuộc về khách hàng Ngô Lan',
          fieldErrors: [
            { param: 'phones', message: 'Số điện thoại đã thuộc về khách hàng Ngô Lan' },
          ],
          body: { duplicate: { _id: 'c9', name: 'Ngô Lan', link: '/customers/c9' } },
        }),
      ),
    );
    const user = userEvent.setup();
    renderForm('edit-2', { ...CUSTOMER, custom: { ma_cu: 'KH-1' } });
    await screen.findByLabelText(/Mã khách hàng cũ/);
    await user.click(screen.getByRole('button', { name: 'Lưu' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Số điện thoại đã thuộc về khách hàng Ngô Lan',
    );
    expect(screen.getByRole('link', { name: 'Mở khách hàng Ngô Lan' })).toHaveAttribute(
      'href',
      '/customers/c9',
    );
  });
});
