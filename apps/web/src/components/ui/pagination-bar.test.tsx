import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PaginationBar, totalPages } from './pagination-bar';

function setup(
  props: { page?: number; pageSize?: number; total?: number; totalCapped?: boolean } = {},
) {
  const onPageChange = vi.fn();
  const onPageSizeChange = vi.fn();
  render(
    <PaginationBar
      page={props.page ?? 1}
      pageSize={props.pageSize ?? 10}
      total={props.total ?? 95}
      totalCapped={props.totalCapped}
      onPageChange={onPageChange}
      onPageSizeChange={onPageSizeChange}
    />,
  );
  return { onPageChange, onPageSizeChange };
}

describe('pagination bar (spec section 2)', () => {
  it('computes pages as ceil(records / size), at least 1', () => {
    expect(totalPages(95, 10)).toBe(10);
    expect(totalPages(100, 10)).toBe(10);
    expect(totalPages(101, 100)).toBe(2);
    expect(totalPages(0, 10)).toBe(1);
  });

  it("reads 'Hiển thị', the size, 'trong N bản ghi' and 'Trang X/Y'", () => {
    setup({ page: 3, total: 95 });
    expect(screen.getByLabelText('Hiển thị')).toHaveValue('10');
    expect(screen.getByText('trong 95 bản ghi')).toBeInTheDocument();
    expect(screen.getByText('Trang 3/10')).toBeInTheDocument();
  });

  it('says "more than" when the server stopped counting', () => {
    setup({ page: 1, total: 10000, totalCapped: true });
    expect(screen.getByText('trong hơn 10000 bản ghi')).toBeInTheDocument();
    expect(screen.getByText('Trang 1/1000')).toBeInTheDocument();
  });

  it('offers sizes 10, 20, 30, 40, 50, 100', () => {
    setup();
    const options = screen.getAllByRole('option').map((option) => option.textContent);
    expect(options).toEqual(['10', '20', '30', '40', '50', '100']);
  });

  it('disables first and previous on page 1', () => {
    setup({ page: 1 });
    expect(screen.getByRole('button', { name: 'Trang đầu' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Trang trước' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Trang sau' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Trang cuối' })).toBeEnabled();
  });

  it('disables next and last on the last page', () => {
    setup({ page: 10 });
    expect(screen.getByRole('button', { name: 'Trang sau' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Trang cuối' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Trang đầu' })).toBeEnabled();
  });

  it('shows one page with everything disabled when there are no records', () => {
    setup({ total: 0 });
    expect(screen.getByText('Trang 1/1')).toBeInTheDocument();
    for (const name of ['Trang đầu', 'Trang trước', 'Trang sau', 'Trang cuối']) {
      expect(screen.getByRole('button', { name })).toBeDisabled();
    }
  });

  it('hides first and last on small screens', () => {
    setup();
    expect(screen.getByRole('button', { name: 'Trang đầu' })).toHaveClass(
      'hidden',
      'sm:inline-flex',
    );
    expect(screen.getByRole('button', { name: 'Trang cuối' })).toHaveClass(
      'hidden',
      'sm:inline-flex',
    );
    expect(screen.getByRole('button', { name: 'Trang sau' })).not.toHaveClass('hidden');
  });

  it('reports page and size changes', async () => {
    const user = userEvent.setup();
    const { onPageChange, onPageSizeChange } = setup({ page: 4 });
    await user.click(screen.getByRole('button', { name: 'Trang sau' }));
    await user.click(screen.getByRole('button', { name: 'Trang trước' }));
    await user.click(screen.getByRole('button', { name: 'Trang đầu' }));
    await user.click(screen.getByRole('button', { name: 'Trang cuối' }));
    expect(onPageChange.mock.calls.map(([page]) => page)).toEqual([5, 3, 1, 10]);
    await user.selectOptions(screen.getByLabelText('Hiển thị'), '50');
    expect(onPageSizeChange).toHaveBeenCalledWith(50);
  });
});
