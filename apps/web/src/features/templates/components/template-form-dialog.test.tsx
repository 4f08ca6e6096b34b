import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ApiRequest } from '@/lib/http';
import {
  customerListAnswer,
  type CustomerListItem,
} from '@omnicare/shared/customers/customers.schemas';
import { groupPageView } from '@omnicare/shared/groups/groups.schemas';
import { createdBody, listBody, okBody } from '@omnicare/shared/platform/envelope';
import type { TemplateKind } from '@omnicare/shared/templates/template-enums';
import {
  messageTemplateView,
  templateCatalogView,
  type MessageTemplate,
} from '@omnicare/shared/templates/templates.schemas';
import { TooltipProvider } from '@/components/ui/tooltip';
import { ApiError } from '@/lib/errors';
import { list, mockApi, ok } from '@/test/contract-fixtures';
import { insertAt, toTemplateBody, templateFormDefaults } from '../template-form';
import { TemplateFormDialog } from './template-form-dialog';

// jsdom has no ResizeObserver; Radix's Switch measures itself with one.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

const CONTRACTS = {
  'GET /v2/core/template-catalogs': listBody(templateCatalogView),
  'GET /v2/customers': customerListAnswer,
  'GET /v2/all-group': okBody(groupPageView),
  'POST /v2/core/template': createdBody(messageTemplateView),
};

/** The tenant's customer the preview fills the customer variables from (none: fictional). */
let sampleCustomers: CustomerListItem[] = [];

function mockServer(onWrite?: (config: ApiRequest) => unknown) {
  return mockApi(CONTRACTS, (config) => {
    if (config.url === '/v2/core/template-catalogs') return list([]);
    if (config.url === '/v2/customers') return { ...list(sampleCustomers), total_capped: false };
    if (config.url === '/v2/all-group') return ok({ list: [], total: 0 });
    return onWrite ? onWrite(config) : ok(null);
  });
}

function renderDialog(
  props: { template?: MessageTemplate | null; kind?: TemplateKind; canShare?: boolean } = {},
) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const onOpenChange = vi.fn();
  render(
    <QueryClientProvider client={client}>
      <TooltipProvider>
        <TemplateFormDialog
          open
          onOpenChange={onOpenChange}
          template={props.template ?? null}
          kind={props.kind ?? 'chat'}
          canShare={props.canShare ?? true}
        />
      </TooltipProvider>
    </QueryClientProvider>,
  );
  return { onOpenChange };
}

const writes = (request: ReturnType<typeof mockServer>) =>
  request.mock.calls
    .map(([config]) => config as ApiRequest)
    .filter((config) => config.method !== 'GET');

describe('template form helpers', () => {
  it('inserts a token at the selection and puts the caret after it', () => {
    expect(insertAt('Chào , ạ', '{{customer.name}}', 5, 5)).toEqual({
      text: 'Chào {{customer.name}}, ạ',
      caret: 22,
    });
    expect(insertAt('Chào XX', '{{agent.name}}', 5, 7).text).toBe('Chào {{agent.name}}');
    expect(insertAt('abc', '{{date.today}}', null, null).text).toBe('abc{{date.today}}');
  });

  it('sends only the fields of the kind and visibility', () => {
    const values = {
      ...templateFormDefaults(null, 'sms', 'everyone'),
      name: 'A',
      content: 'B',
      subject: 'S',
      shortcut: '/x',
      zns_template_id: '1',
      wa_template_name: 'order_ready',
      department_ids: ['d'],
    };
    expect(toTemplateBody(values)).toEqual({
      kind: 'sms',
      name: 'A',
      catalog_id: null,
      content: 'B',
      subject: null,
      shortcut: null,
      zns_template_id: null,
      wa_template_name: null,
      wa_language: null,
      visibility: 'everyone',
      department_ids: [],
      active: true,
    });
  });
});

describe('template dialog', () => {
  afterEach(() => vi.restoreAllMocks());

  it('inserts placeholders at the caret and previews them with sample values', async () => {
    mockServer();
    const user = userEvent.setup();
    renderDialog();
    const content = screen.getByLabelText(/Nội dung/);
    await user.type(content, 'Chào , em là ');
    (content as HTMLTextAreaElement).setSelectionRange(5, 5);
    await user.click(screen.getByRole('button', { name: 'Chèn biến Tên khách hàng' }));
    expect(content).toHaveValue('Chào {{customer.name}}, em là ');
    await waitFor(() => expect(content).toHaveFocus());
    await user.type(content, '{End}');
    await user.click(screen.getByRole('button', { name: 'Chèn biến Tên chuyên viên' }));
    expect(content).toHaveValue('Chào {{customer.name}}, em là {{agent.name}}');
    expect(screen.getByTestId('template-preview')).toHaveTextContent(
      'Chào Nguyễn Văn An, em là Trần Thị Bình',
    );
    expect(screen.getByTestId('content-counter')).toHaveTextContent('44/2000 ký tự');
    expect(screen.getByTestId('template-preview-sample')).toHaveTextContent(
      'Xem trước với khách hàng giả định (doanh nghiệp chưa có khách hàng).',
    );
  });

  it("fills the customer variables from a customer of the tenant, not the user's own name", async () => {
    sampleCustomers = [
      {
        _id: 'c1',
        number: 1,
        name: 'Phạm Thu Trang',
        avatar_url: null,
        phone: '+84988111222',
        email: 'trang@example.vn',
        tier: 0,
        source: 'hand',
        owner: null,
        organization: null,
        created_at: '2024-01-01T00:00:00.000Z',
        updated_at: '2024-01-01T00:00:00.000Z',
      },
    ];
    mockServer();
    const user = userEvent.setup();
    renderDialog();
    await user.type(
      screen.getByLabelText(/Nội dung/),
      'Chào {{{{customer.name}}, số {{{{customer.phone}}',
    );
    await waitFor(() =>
      expect(screen.getByTestId('template-preview')).toHaveTextContent(
        'Chào Phạm Thu Trang, số 0988 111 222',
      ),
    );
    expect(screen.getByTestId('template-preview-sample')).toHaveTextContent(
      'Xem trước với khách hàng Phạm Thu Trang của doanh nghiệp.',
    );
    sampleCustomers = [];
  });

  it('shows the shared rules in Vietnamese and sends nothing', async () => {
    const request = mockServer();
    const user = userEvent.setup();
    renderDialog({ kind: 'email' });
    await user.type(screen.getByLabelText(/Nội dung/), 'Chào {{{{khach}}');
    await user.click(screen.getByRole('button', { name: 'Lưu' }));
    expect(await screen.findByText('Tên mẫu không được bỏ trống')).toBeVisible();
    expect(screen.getByText('Tiêu đề email không được bỏ trống')).toBeVisible();
    expect(screen.getByText('Biến không được hỗ trợ: {{khach}}')).toBeVisible();
    expect(screen.getByLabelText(/Tên mẫu/)).toHaveAttribute('aria-invalid', 'true');
    expect(writes(request)).toEqual([]);
  });

  it('counts SMS parts and offers only personal templates to non-administrators', async () => {
    mockServer();
    const user = userEvent.setup();
    renderDialog({ kind: 'sms', canShare: false });
    // pasted: 161 keystrokes, each re-rendering the preview, take seconds
    await user.click(screen.getByLabelText(/Nội dung/));
    await user.paste('a'.repeat(161));
    expect(screen.getByTestId('content-counter')).toHaveTextContent(
      'Ước tính với dữ liệu mẫu: 161 ký tự không dấu · 2 tin (tối đa 4 tin)',
    );
    expect(screen.queryByLabelText(/Phím tắt/)).toBeNull();
    expect(screen.getAllByRole('radio').map((radio) => radio.getAttribute('value'))).toEqual([
      'personal',
    ]);
    expect(screen.getByRole('radio')).toBeChecked();
  });

  it("puts the server's 422 on its field and keeps the dialog open", async () => {
    const request = mockServer(() =>
      Promise.reject(
        new ApiError({
          kind: 'http',
          status: 422,
          message: 'Phím tắt đã được dùng cho một mẫu khác',
          fieldErrors: [{ param: 'shortcut', message: 'Phím tắt đã được dùng cho một mẫu khác' }],
        }),
      ),
    );
    const user = userEvent.setup();
    const { onOpenChange } = renderDialog();
    await user.type(screen.getByLabelText(/Tên mẫu/), 'Lời chào');
    await user.type(screen.getByLabelText(/Phím tắt/), '/chao');
    await user.type(screen.getByLabelText(/Nội dung/), 'Xin chào');
    await user.click(screen.getByRole('button', { name: 'Lưu' }));
    expect(await screen.findByText('Phím tắt đã được dùng cho một mẫu khác')).toBeVisible();
    expect(writes(request)[0]).toMatchObject({
      method: 'POST',
      url: '/v2/core/template',
      data: {
        kind: 'chat',
        name: 'Lời chào',
        shortcut: '/chao',
        content: 'Xin chào',
        visibility: 'everyone',
      },
    });
    expect(onOpenChange).not.toHaveBeenCalledWith(false);
  });
});
