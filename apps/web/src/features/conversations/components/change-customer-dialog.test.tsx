import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import {
  customerBody,
  customerDetailView,
  customerListAnswer,
  customerListItemView,
} from '@omnicare/shared/customers/customers.schemas';
import { createdBody, okBody } from '@omnicare/shared/platform/envelope';
import { ticketDetailView } from '@omnicare/shared/tickets/tickets.schemas';
import { ApiError } from '@/lib/errors';
import type { ApiRequest } from '@/lib/http';
import { created, list, mockApi, ok } from '@/test/contract-fixtures';
import { createQueryClient } from '@/test/query-client';
import { signInAs } from '@/test/signed-in';
import { customerDetail } from '@/test/view-fixtures';
import { ME, conversationTicket, idOf } from '../chat-test-setup';
import { ChangeCustomerButton } from './change-customer-dialog';

const ID = idOf(1);
const BINH = customerDetail({
  _id: '22222222-2222-4222-8222-222222222222',
  number: 2,
  name: 'Trần Thị Bình',
});
const NEW_ID = '44444444-4444-4444-8444-444444444444';
/** The customer contract's message for a missing name. */
const NAME_REQUIRED = customerBody
  .safeParse({ name: '' })
  .error?.issues.find((issue) => issue.path[0] === 'name')?.message as string;

const CONTRACTS = {
  'GET /v2/customers': customerListAnswer,
  'GET /v2/customers/:id': okBody(customerDetailView),
  'POST /v2/customers': createdBody(customerDetailView),
  'PUT /v2/tickets/:id': okBody(ticketDetailView),
};

/** How POST /v2/customers answers (the body sent given). */
let answerCreate: (body: { name: string }) => unknown;
let api: ReturnType<typeof mockApi>;

beforeEach(() => {
  signInAs('agent', { _id: ME, user_id: ME });
  answerCreate = (body) => created(customerDetail({ _id: NEW_ID, number: 9, name: body.name }));
  api = mockApi(CONTRACTS, (config: ApiRequest) => {
    const { url, method = 'GET' } = config;
    if (url === '/v2/customers' && method === 'GET')
      return { ...list([customerListItemView.parse(BINH)]), total_capped: false };
    if (url === '/v2/customers' && method === 'POST')
      return answerCreate(config.data as { name: string });
    if (url === `/v2/tickets/${ID}` && method === 'PUT') {
      const requesterId = (config.data as { requester_id: string }).requester_id;
      return ok(
        conversationTicket({ requester: { _id: requesterId, name: 'Khách' } }),
        'Cập nhật ticket thành công',
      );
    }
    throw new Error(`unexpected ${method} ${url}`);
  });
});
afterEach(() => vi.restoreAllMocks());

function renderButton() {
  render(
    <MemoryRouter>
      <QueryClientProvider client={createQueryClient()}>
        <ChangeCustomerButton ticketId={ID} source="chat" currentId="c1" me={ME} />
      </QueryClientProvider>
    </MemoryRouter>,
  );
}

const writes = () =>
  api.mock.calls
    .map(([config]) => config)
    .filter((config) => config.method === 'POST' || config.method === 'PUT')
    .map((config) => ({ method: config.method, url: config.url, data: config.data }));

describe("'Đổi khách hàng' in the chat's customer pane", () => {
  it('links the conversation to a customer found by the search, through the ticket’s update', async () => {
    const user = userEvent.setup();
    renderButton();
    await user.click(screen.getByRole('button', { name: 'Đổi khách hàng' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Gắn khách hàng' }));
    expect(await within(dialog).findByText('Vui lòng chọn khách hàng')).toBeInTheDocument();
    expect(writes()).toEqual([]);

    await user.click(within(dialog).getByRole('combobox', { name: 'Khách hàng' }));
    await user.click(await screen.findByRole('option', { name: new RegExp(BINH.name) }));
    await user.click(within(dialog).getByRole('button', { name: 'Gắn khách hàng' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(writes()).toEqual([
      { method: 'PUT', url: `/v2/tickets/${ID}`, data: { requester_id: BINH._id } },
    ]);
  });

  it('creates a customer by the customer contract’s rules, then links it', async () => {
    const user = userEvent.setup();
    renderButton();
    await user.click(screen.getByRole('button', { name: 'Đổi khách hàng' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('radio', { name: 'Tạo khách hàng mới' }));
    await user.type(within(dialog).getByLabelText('Email'), 'lan@');
    await user.click(within(dialog).getByRole('button', { name: 'Tạo và gắn' }));
    // Nothing is sent while the name is missing or the email is not one.
    expect(await within(dialog).findByText(NAME_REQUIRED)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(writes()).toEqual([]);

    await user.type(within(dialog).getByLabelText(/Họ tên/), 'Ngô Thị Lan');
    await user.type(within(dialog).getByLabelText('Số điện thoại'), '0903 123 456');
    await user.clear(within(dialog).getByLabelText('Email'));
    await user.type(within(dialog).getByLabelText('Email'), 'Lan@Example.vn');
    await user.click(within(dialog).getByRole('button', { name: 'Tạo và gắn' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const [create, link] = writes();
    expect(create).toMatchObject({
      method: 'POST',
      url: '/v2/customers',
      data: {
        name: 'Ngô Thị Lan',
        phones: [{ phone: '0903 123 456', is_primary: true }],
        emails: [{ email: 'lan@example.vn', is_primary: true }],
        source: 'chat',
      },
    });
    expect(link).toEqual({
      method: 'PUT',
      url: `/v2/tickets/${ID}`,
      data: { requester_id: NEW_ID },
    });
  });

  it('offers the customer who already has the phone instead of a second one', async () => {
    answerCreate = () => {
      throw new ApiError({
        kind: 'http',
        status: 422,
        message: 'Số điện thoại đã thuộc về khách hàng Trần Thị Bình',
        fieldErrors: [
          { param: 'phones', message: 'Số điện thoại đã thuộc về khách hàng Trần Thị Bình' },
        ],
        body: { duplicate: { _id: BINH._id, name: BINH.name, link: '/customers/2' } },
      });
    };
    const user = userEvent.setup();
    renderButton();
    await user.click(screen.getByRole('button', { name: 'Đổi khách hàng' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('radio', { name: 'Tạo khách hàng mới' }));
    await user.type(within(dialog).getByLabelText(/Họ tên/), 'Bình');
    await user.type(within(dialog).getByLabelText('Số điện thoại'), '0912345678');
    await user.click(within(dialog).getByRole('button', { name: 'Tạo và gắn' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Số điện thoại đã thuộc về khách hàng Trần Thị Bình');
    await user.click(within(alert).getByRole('button', { name: `Gắn ${BINH.name}` }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(writes().at(-1)).toEqual({
      method: 'PUT',
      url: `/v2/tickets/${ID}`,
      data: { requester_id: BINH._id },
    });
  });
});
