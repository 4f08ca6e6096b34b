import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TagGroup } from '@omnicare/shared/customers/customers.schemas';
import { ApiError } from '@/lib/errors';
import { TagGroupDialog, checkTagGroup } from './tag-group-dialog';

const group: TagGroup = {
  _id: 'tg1',
  name: 'Sở thích',
  tags: [
    { _id: 't1', name: 'Du lịch' },
    { _id: 't2', name: 'Thể thao' },
    { _id: 't3', name: 'du lich' },
    { _id: 't4', name: 'Ẩm thực' },
  ],
  raw_tags: ['Du lịch', 'Thể thao', 'du lich', 'Ẩm thực'],
  customer_count: 0,
};

const duplicateError = (invalid: number[]) =>
  new ApiError({
    kind: 'http',
    status: 422,
    message: 'Tên tag bị trùng',
    body: { statusCode: 422, message: 'Tên tag bị trùng', code: 'duplicate_tag', invalid },
  });

describe('tag group dialog (spec section 5)', () => {
  it('trims and checks every value', () => {
    expect(checkTagGroup('  A ', [' x ', 'y'])).toEqual({ body: { name: 'A', tags: ['x', 'y'] } });
    expect(checkTagGroup(' ', ['x', '  '])).toEqual({
      problems: {
        name: 'Tên nhóm tags không được bỏ trống',
        tags: { 1: 'Tên tag không được bỏ trống' },
      },
    });
  });

  it('shows the blank messages under the fields', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<TagGroupDialog open onOpenChange={vi.fn()} onSubmit={onSubmit} />);
    await user.click(screen.getByRole('button', { name: 'Lưu' }));
    expect(screen.getByText('Tên nhóm tags không được bỏ trống')).toBeVisible();
    expect(screen.getByText('Tên tag không được bỏ trống')).toBeVisible();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('adds and removes tag inputs and sends trimmed values', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn().mockResolvedValue({});
    render(<TagGroupDialog open onOpenChange={vi.fn()} onSubmit={onSubmit} />);
    await user.type(screen.getByLabelText(/Tên nhóm tags/), '  Kênh ');
    await user.type(screen.getByLabelText('Tag 1'), ' Zalo ');
    await user.click(screen.getByRole('button', { name: 'Thêm tag' }));
    await user.type(screen.getByLabelText('Tag 2'), 'Bỏ');
    await user.click(screen.getByRole('button', { name: 'Thêm tag' }));
    await user.type(screen.getByLabelText('Tag 3'), 'Facebook  ');
    await user.click(screen.getByRole('button', { name: 'Xóa tag 2' }));
    await user.click(screen.getByRole('button', { name: 'Lưu' }));
    expect(onSubmit).toHaveBeenCalledWith(undefined, {
      name: 'Kênh',
      tags: ['Zalo', 'Facebook'],
      tag_ids: [null, null],
    });
  });

  it('sends the id each tag started as, so a renamed tag keeps its customers', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn().mockResolvedValue({});
    render(<TagGroupDialog open group={group} onOpenChange={vi.fn()} onSubmit={onSubmit} />);
    await user.clear(screen.getByLabelText('Tag 2'));
    await user.type(screen.getByLabelText('Tag 2'), 'Bóng đá');
    await user.click(screen.getByRole('button', { name: 'Xóa tag 3' }));
    await user.click(screen.getByRole('button', { name: 'Thêm tag' }));
    await user.type(screen.getByLabelText('Tag 4'), 'Công nghệ');
    await user.click(screen.getByRole('button', { name: 'Lưu' }));
    expect(onSubmit).toHaveBeenCalledWith('tg1', {
      name: 'Sở thích',
      tags: ['Du lịch', 'Bóng đá', 'Ẩm thực', 'Công nghệ'],
      tag_ids: ['t1', 't2', 't4', null],
    });
  });

  it('marks exactly the duplicate indices with a red border and no text', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn().mockRejectedValue(duplicateError([2]));
    const onOpenChange = vi.fn();
    render(<TagGroupDialog open group={group} onOpenChange={onOpenChange} onSubmit={onSubmit} />);
    expect(screen.getByLabelText('Tag 3')).toHaveValue('du lich');
    await user.click(screen.getByRole('button', { name: 'Lưu' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Tag 3')).toHaveAttribute('aria-invalid', 'true'),
    );
    expect(onSubmit).toHaveBeenCalledWith('tg1', {
      name: 'Sở thích',
      tags: ['Du lịch', 'Thể thao', 'du lich', 'Ẩm thực'],
      tag_ids: ['t1', 't2', 't3', 't4'],
    });
    expect(screen.getByLabelText('Tag 3')).toHaveClass('border-red-500');
    for (const label of ['Tag 1', 'Tag 2', 'Tag 4']) {
      expect(screen.getByLabelText(label)).not.toHaveAttribute('aria-invalid');
      expect(screen.getByLabelText(label)).not.toHaveClass('border-red-500');
    }
    // No text: the general message is the toast's business.
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText('Tên tag bị trùng')).toBeNull();
    expect(onOpenChange).not.toHaveBeenCalledWith(false);

    // Editing the marked field clears its mark.
    await user.type(screen.getByLabelText('Tag 3'), 'x');
    expect(screen.getByLabelText('Tag 3')).not.toHaveClass('border-red-500');
  });

  it('marks several indices', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn().mockRejectedValue(duplicateError([0, 3]));
    render(<TagGroupDialog open group={group} onOpenChange={vi.fn()} onSubmit={onSubmit} />);
    await user.click(screen.getByRole('button', { name: 'Lưu' }));
    await waitFor(() => expect(screen.getByLabelText('Tag 1')).toHaveClass('border-red-500'));
    expect(screen.getByLabelText('Tag 4')).toHaveClass('border-red-500');
    expect(screen.getByLabelText('Tag 2')).not.toHaveClass('border-red-500');
    expect(screen.getByLabelText('Tag 3')).not.toHaveClass('border-red-500');
  });
});
