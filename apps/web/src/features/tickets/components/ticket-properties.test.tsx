import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { customFieldView, type CustomField } from '@omnicare/shared/fields/fields.schemas';
import { fixture } from '@/test/contract-fixtures';
import { TicketProperties, withCustomValue, type TicketFieldsValue } from './ticket-properties';

const field = (over: Partial<CustomField>): CustomField =>
  fixture('GET /v2/fields', customFieldView, {
    _id: over.key ?? 'id',
    entity: 'ticket',
    key: 'ma_hop_dong',
    label: 'Mã hợp đồng',
    type: 'text',
    required: false,
    options: [],
    position: 0,
    active: true,
    ...over,
  });
const FIELDS = [
  field({ key: 'ma_hop_dong', label: 'Mã hợp đồng', position: 0 }),
  field({
    key: 'kenh',
    label: 'Kênh liên hệ',
    type: 'select',
    options: ['Tổng đài', 'Cửa hàng'],
    position: 1,
  }),
];
vi.mock('@/features/fields/fields.queries', () => ({
  useActiveFields: () => ({ data: FIELDS }),
}));
vi.mock('../tickets.queries', () => ({
  useTicketSettingsList: () => ({ data: [] }),
}));

const VALUE: TicketFieldsValue = {
  status: 'open',
  source: 'hand',
  requester: null,
  priority_id: null,
  type_id: null,
  service_id: null,
  group: null,
  assignee: null,
  tags: [],
  followers: [{ _id: 'u2', name: 'Trần Thị Bình' }],
  cc: [],
  due_at: null,
  custom: { kenh: 'Tổng đài', cu: 'giữ nguyên' },
};

function renderPanel(props: Partial<Parameters<typeof TicketProperties>[0]> = {}) {
  const onChange = vi.fn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <TicketProperties value={VALUE} onChange={onChange} {...props} />
    </QueryClientProvider>,
  );
  return onChange;
}

describe('the ticket panel: custom fields, followers and errors', () => {
  beforeEach(() => vi.clearAllMocks());

  it('lists the active ticket fields with their values and the followers', () => {
    renderPanel();
    expect(screen.getByRole('region', { name: 'Thông tin thêm' })).toBeVisible();
    expect(screen.getByLabelText('Mã hợp đồng')).toHaveValue('');
    expect(screen.getByLabelText('Kênh liên hệ')).toHaveValue('Tổng đài');
    expect(screen.getByLabelText('Người theo dõi')).toHaveTextContent('Trần Thị Bình');
  });

  it('sends a typed text when its box is left, a select at once, the whole set each time', async () => {
    const user = userEvent.setup();
    const onChange = renderPanel();
    await user.type(screen.getByLabelText('Mã hợp đồng'), 'HD-01');
    expect(onChange).not.toHaveBeenCalled();
    await user.tab();
    const custom = { kenh: 'Tổng đài', cu: 'giữ nguyên', ma_hop_dong: 'HD-01' };
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange).toHaveBeenLastCalledWith({ custom }, { custom });

    await user.selectOptions(screen.getByLabelText('Kênh liên hệ'), '');
    const cleared = { cu: 'giữ nguyên' };
    expect(onChange).toHaveBeenLastCalledWith({ custom: cleared }, { custom: cleared });
  });

  it('on a new ticket a typed value goes out as it is typed', async () => {
    const user = userEvent.setup();
    const onChange = renderPanel({ creating: true });
    await user.type(screen.getByLabelText('Mã hợp đồng'), 'A');
    expect(onChange).toHaveBeenLastCalledWith(
      { custom: { ...VALUE.custom, ma_hop_dong: 'A' } },
      { custom: { ...VALUE.custom, ma_hop_dong: 'A' } },
    );
  });

  it("shows the server's 422 messages on their fields", () => {
    renderPanel({
      errors: {
        'custom.ma_hop_dong': 'Mã hợp đồng không được bỏ trống',
        follower_ids: 'Người theo dõi phải là nhân viên',
        due_at: 'Hạn xử lý không hợp lệ',
        'cc.0': 'Email không hợp lệ',
      },
    });
    expect(screen.getByLabelText('Mã hợp đồng')).toHaveAttribute('aria-invalid', 'true');
    for (const message of [
      'Mã hợp đồng không được bỏ trống',
      'Người theo dõi phải là nhân viên',
      'Hạn xử lý không hợp lệ',
      'Email không hợp lệ',
    ])
      expect(screen.getByText(message)).toBeVisible();
  });

  it('drops emptied values from the set it sends', () => {
    expect(withCustomValue({ a: 1, b: 'x' }, 'b', '')).toEqual({ a: 1 });
    expect(withCustomValue({ a: 1 }, 'c', [])).toEqual({ a: 1 });
    expect(withCustomValue({ a: 1 }, 'c', false)).toEqual({ a: 1, c: false });
  });

  it('marks the fields whose change was just saved', () => {
    renderPanel({ saved: new Set(['status', 'custom.kenh']) });
    const marks = screen.getAllByRole('status');
    expect(marks).toHaveLength(2);
    for (const mark of marks) expect(mark).toHaveTextContent('Đã lưu');
    expect(screen.getByLabelText('Trạng thái').parentElement).toHaveTextContent('Đã lưu');
  });

  it('keeps what is being typed when the ticket changes under it, and warns on that field', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const panel = (value: TicketFieldsValue) => (
      <QueryClientProvider client={client}>
        <TicketProperties value={value} onChange={onChange} changedBy="Lê Văn Cường" />
      </QueryClientProvider>
    );
    const { rerender } = render(panel(VALUE));
    await user.type(screen.getByLabelText('Mã hợp đồng'), 'HD-01');

    // Another field changed elsewhere: shown, the typing untouched, no warning.
    rerender(panel({ ...VALUE, status: 'pending', custom: { ...VALUE.custom, kenh: 'Cửa hàng' } }));
    expect(screen.getByLabelText('Trạng thái')).toHaveValue('pending');
    expect(screen.getByLabelText('Kênh liên hệ')).toHaveValue('Cửa hàng');
    expect(screen.getByLabelText('Mã hợp đồng')).toHaveValue('HD-01');
    expect(screen.queryByRole('alert')).toBeNull();

    // The very field being typed in: still the typed text, with a warning naming who.
    const overtaken = { ...VALUE, custom: { ...VALUE.custom, ma_hop_dong: 'HD-99' } };
    rerender(panel(overtaken));
    expect(screen.getByLabelText('Mã hợp đồng')).toHaveValue('HD-01');
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Lê Văn Cường vừa đổi trường này thành “HD-99”',
    );
    await user.click(screen.getByRole('button', { name: 'Dùng giá trị mới' }));
    expect(screen.getByLabelText('Mã hợp đồng')).toHaveValue('HD-99');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(onChange).not.toHaveBeenCalled();

    // Typed again and left: the agent's value goes out over the new one.
    await user.clear(screen.getByLabelText('Mã hợp đồng'));
    await user.type(screen.getByLabelText('Mã hợp đồng'), 'HD-02');
    await user.tab();
    expect(onChange).toHaveBeenLastCalledWith(
      { custom: { ...overtaken.custom, ma_hop_dong: 'HD-02' } },
      { custom: { ...overtaken.custom, ma_hop_dong: 'HD-02' } },
    );
  });
});
