import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { tagGroupView, type TagGroup } from '@omnicare/shared/customers/customers.schemas';
import { createQueryClient } from '@/test/query-client';
import { ApiError } from '@/lib/errors';
import { fixture } from '@/test/contract-fixtures';
import { TAG_GROUPS } from '../customers.queries';
import { TagGroupDialog, checkTagGroup } from './tag-group-dialog';

const toasts = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), info: vi.fn() }));
vi.mock('@/lib/toast', () => ({ toast: toasts }));

const group = fixture('PUT /v2/group-tag-customer/:id', tagGroupView, {
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
});

const duplicateError = (invalid: number[]) =>
  new ApiError({
    kind: 'http',
    status: 422,
    message: 'Tên tag bị trùng',
    body: { statusCode: 422, message: 'Tên tag bị trùng', code: 'duplicate_tag', invalid },
  });

const save = vi.spyOn(TAG_GROUPS, 'save');
beforeEach(() => {
  save.mockReset();
  toasts.error.mockReset();
});
const saved = () =>
  save.mockResolvedValue({ data: group, message: 'Cập nhật nhóm tags thành công' });

/** The dialog as the page opens it (a new group without `record`); its onOpenChange. */
function renderDialog(record: TagGroup | null = null) {
  const onOpenChange = vi.fn();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <TagGroupDialog open record={record} onOpenChange={onOpenChange} />
    </QueryClientProvider>,
  );
  return onOpenChange;
}

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
    renderDialog();
    await user.click(screen.getByRole('button', { name: 'Lưu' }));
    expect(screen.getByText('Tên nhóm tags không được bỏ trống')).toBeVisible();
    expect(screen.getByText('Tên tag không được bỏ trống')).toBeVisible();
    expect(save).not.toHaveBeenCalled();
  });

  it('adds and removes tag inputs and sends trimmed values', async () => {
    const user = userEvent.setup();
    saved();
    const onOpenChange = renderDialog();
    await user.type(screen.getByLabelText(/Tên nhóm tags/), '  Kênh ');
    await user.type(screen.getByLabelText('Tag 1'), ' Zalo ');
    await user.click(screen.getByRole('button', { name: 'Thêm tag' }));
    await user.type(screen.getByLabelText('Tag 2'), 'Bỏ');
    await user.click(screen.getByRole('button', { name: 'Thêm tag' }));
    await user.type(screen.getByLabelText('Tag 3'), 'Facebook  ');
    await user.click(screen.getByRole('button', { name: 'Xóa tag 2' }));
    await user.click(screen.getByRole('button', { name: 'Lưu' }));
    expect(save).toHaveBeenCalledWith({
      id: null,
      body: { name: 'Kênh', tags: ['Zalo', 'Facebook'], tag_ids: [null, null] },
    });
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
  });

  it('sends the id each tag started as, so a renamed tag keeps its customers', async () => {
    const user = userEvent.setup();
    saved();
    renderDialog(group);
    await user.clear(screen.getByLabelText('Tag 2'));
    await user.type(screen.getByLabelText('Tag 2'), 'Bóng đá');
    await user.click(screen.getByRole('button', { name: 'Xóa tag 3' }));
    await user.click(screen.getByRole('button', { name: 'Thêm tag' }));
    await user.type(screen.getByLabelText('Tag 4'), 'Công nghệ');
    await user.click(screen.getByRole('button', { name: 'Lưu' }));
    expect(save).toHaveBeenCalledWith({
      id: 'tg1',
      body: {
        name: 'Sở thích',
        tags: ['Du lịch', 'Bóng đá', 'Ẩm thực', 'Công nghệ'],
        tag_ids: ['t1', 't2', 't4', null],
      },
    });
  });

  it('marks exactly the duplicate indices with a red border and no text', async () => {
    const user = userEvent.setup();
    save.mockRejectedValue(duplicateError([2]));
    const onOpenChange = renderDialog(group);
    expect(screen.getByLabelText('Tag 3')).toHaveValue('du lich');
    await user.click(screen.getByRole('button', { name: 'Lưu' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Tag 3')).toHaveAttribute('aria-invalid', 'true'),
    );
    expect(save).toHaveBeenCalledWith({
      id: 'tg1',
      body: {
        name: 'Sở thích',
        tags: ['Du lịch', 'Thể thao', 'du lich', 'Ẩm thực'],
        tag_ids: ['t1', 't2', 't3', 't4'],
      },
    });
    expect(screen.getByLabelText('Tag 3')).toHaveClass('border-red-500');
    for (const label of ['Tag 1', 'Tag 2', 'Tag 4']) {
      expect(screen.getByLabelText(label)).not.toHaveAttribute('aria-invalid');
      expect(screen.getByLabelText(label)).not.toHaveClass('border-red-500');
    }
    // No text: the general message is the toast's business.
    expect(toasts.error).toHaveBeenCalledWith('Tên tag bị trùng');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText('Tên tag bị trùng')).toBeNull();
    expect(onOpenChange).not.toHaveBeenCalledWith(false);

    // Editing the marked field clears its mark.
    await user.type(screen.getByLabelText('Tag 3'), 'x');
    expect(screen.getByLabelText('Tag 3')).not.toHaveClass('border-red-500');
  });

  it('marks several indices', async () => {
    const user = userEvent.setup();
    save.mockRejectedValue(duplicateError([0, 3]));
    renderDialog(group);
    await user.click(screen.getByRole('button', { name: 'Lưu' }));
    await waitFor(() => expect(screen.getByLabelText('Tag 1')).toHaveClass('border-red-500'));
    expect(screen.getByLabelText('Tag 4')).toHaveClass('border-red-500');
    expect(screen.getByLabelText('Tag 2')).not.toHaveClass('border-red-500');
    expect(screen.getByLabelText('Tag 3')).not.toHaveClass('border-red-500');
  });

  it('puts a refused name under its field, without a toast, and stays open', async () => {
    const user = userEvent.setup();
    save.mockRejectedValue(
      new ApiError({
        kind: 'http',
        status: 422,
        message: 'Tên nhóm tags đã tồn tại',
        fieldErrors: [{ param: 'name', message: 'Tên nhóm tags đã tồn tại' }],
      }),
    );
    const onOpenChange = renderDialog(group);
    await user.click(screen.getByRole('button', { name: 'Lưu' }));
    expect(await screen.findByText('Tên nhóm tags đã tồn tại')).toBeVisible();
    expect(screen.getByLabelText(/Tên nhóm tags/)).toHaveAttribute('aria-invalid', 'true');
    expect(toasts.error).not.toHaveBeenCalled();
    expect(onOpenChange).not.toHaveBeenCalledWith(false);
  });
});
