import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { importPreviewView } from '@omnicare/shared/customers/customer-import.schemas';
import { fixture } from '@/test/contract-fixtures';
import { ImportMappingStep, setMapping } from './import-mapping-step';

const preview = fixture('POST /v2/customers/import/preview', importPreviewView, {
  file_id: '0b7e3c1e-2f1a-4e55-9d7f-1a2b3c4d5e6f.csv',
  columns: ['Họ tên', 'SĐT', 'Thư', 'Ghi chú'],
  sample: [
    ['Nguyễn Văn A', '0912345678', 'a@example.vn', 'khách cũ'],
    ['Trần Thị B', '0987', 'b@example.vn', ''],
  ],
  total_rows: 2,
  suggested_mapping: { name: 0, phone: 1, notes: 3 },
  targets: [
    { key: 'name', label: 'Tên khách hàng', required: true },
    { key: 'phone', label: 'Số điện thoại', required: false },
    { key: 'email', label: 'Email', required: false },
    { key: 'notes', label: 'Ghi chú', required: false },
  ],
});

describe('import mapping step', () => {
  it('a column maps to one target at most', () => {
    expect(setMapping({ name: 0, phone: 1 }, 'email', 1)).toEqual({ name: 0, email: 1 });
    expect(setMapping({ name: 0, phone: 1 }, 'phone', undefined)).toEqual({ name: 0 });
  });

  it('starts from the suggested mapping and previews the mapped columns', () => {
    render(<ImportMappingStep preview={preview} onBack={vi.fn()} onStart={vi.fn()} />);
    expect(screen.getByLabelText(/Tên khách hàng/)).toHaveValue('0');
    expect(screen.getByLabelText('Số điện thoại')).toHaveValue('1');
    expect(screen.getByLabelText('Email')).toHaveValue('');
    const table = screen.getByRole('table', { name: 'Xem trước' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Dòng', 'Kiểm tra', 'Tên khách hàng', 'Số điện thoại', 'Ghi chú']);
    expect(within(table).getByText('Nguyễn Văn A')).toBeVisible();
    expect(screen.getByText(/Tệp có 2 dòng dữ liệu/)).toBeVisible();
    const [, good, shortPhone] = within(table).getAllByRole('row');
    expect(good).not.toHaveAttribute('data-invalid');
    expect(good).toHaveTextContent('Hợp lệ');
    expect(shortPhone).toHaveAttribute('data-invalid', 'true');
  });

  it('marks the preview rows the import would refuse, for the mapping chosen', async () => {
    const user = userEvent.setup();
    render(
      <ImportMappingStep
        preview={{
          ...preview,
          sample: [...preview.sample, ['', '0912 345 679', 'khong-phai-email', '']],
          targets: [...preview.targets, { key: 'custom.cccd', label: 'Số CCCD', required: true }],
        }}
        onBack={vi.fn()}
        onStart={vi.fn()}
      />,
    );
    await user.selectOptions(screen.getByLabelText('Email'), 'Thư');
    const rows = within(screen.getByRole('table', { name: 'Xem trước' })).getAllByRole('row');
    const [, good, shortPhone, noName] = rows;
    expect(shortPhone).toHaveAttribute('data-invalid', 'true');
    expect(shortPhone).toHaveTextContent('Số điện thoại không hợp lệ');
    expect(noName).toHaveTextContent('Tên khách hàng không được bỏ trống');
    expect(noName).toHaveTextContent('Email không hợp lệ');
    // The required field has no column: every new customer would lack it.
    expect(good).toHaveTextContent('Số CCCD không được bỏ trống (khi tạo khách hàng mới)');
    expect(good).not.toHaveTextContent('Số điện thoại không hợp lệ');
    expect(screen.getByRole('status')).toHaveTextContent('3/3 dòng xem trước có lỗi');
  });

  it('maps email, chooses update for duplicates and starts', async () => {
    const user = userEvent.setup();
    const onStart = vi.fn();
    render(<ImportMappingStep preview={preview} onBack={vi.fn()} onStart={onStart} />);
    await user.selectOptions(screen.getByLabelText('Email'), 'Thư');
    expect(
      within(screen.getByRole('table', { name: 'Xem trước' })).getByText('a@example.vn'),
    ).toBeVisible();
    await user.click(screen.getByLabelText('Cập nhật khách hàng đã có'));
    await user.click(screen.getByRole('button', { name: 'Bắt đầu nhập' }));
    expect(onStart).toHaveBeenCalledWith({ name: 0, phone: 1, email: 2, notes: 3 }, 'update');
  });

  it('needs the name column', async () => {
    const user = userEvent.setup();
    const onStart = vi.fn();
    render(<ImportMappingStep preview={preview} onBack={vi.fn()} onStart={onStart} />);
    await user.selectOptions(screen.getByLabelText(/Tên khách hàng/), 'Không nhập');
    await user.click(screen.getByRole('button', { name: 'Bắt đầu nhập' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Vui lòng chọn cột tên khách hàng');
    expect(onStart).not.toHaveBeenCalled();
  });
});
