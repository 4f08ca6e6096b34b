import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Loader2, Trash2, X } from 'lucide-react';
import type { TicketBulkRequest, TicketListItem } from '@omnicare/shared/tickets/tickets.schemas';
import { TICKET_STATUS } from '@omnicare/shared/tickets/ticket-enums';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { NativeSelect } from '@/components/ui/native-select';
import { toast } from '@/lib/toast';
import { TagPicker } from '@/features/customers/components/customer-pickers';
import { StaffPicker } from '@/features/users/components/staff-picker';
import { bulkTickets } from '../tickets.api';
import { useTicketSettingsList } from '../tickets.queries';

const BULK_TEXT = {
  selected: (count: number) => `Đã chọn ${count} ticket`,
  assign: 'Giao cho',
  status: 'Đổi trạng thái',
  priority: 'Đổi mức độ ưu tiên',
  addTag: 'Thêm tag',
  delete: 'Xóa',
  deleteConfirm: (count: number) => `Bạn có chắc chắn muốn xóa ${count} ticket đã chọn không?`,
  irreversible: 'Thao tác này không thể hoàn tác.',
  done: (ok: number, failed: number) =>
    failed === 0
      ? `Đã cập nhật ${ok} ticket`
      : `Đã cập nhật ${ok} ticket, ${failed} ticket không cập nhật được`,
  clear: 'Bỏ chọn',
} as const;

type BulkChange = Omit<TicketBulkRequest, 'ids' | 'filter'>;

/**
 * The bar over the list while tickets are picked: assign, status, priority, add a tag, delete.
 * Each applies at once to the picked tickets; the answer says how many changed and why not.
 */
export function TicketBulkBar({
  selected,
  onClear,
  onDone,
}: {
  selected: TicketListItem[];
  onClear: () => void;
  onDone: (deleted: boolean) => void;
}) {
  const priorities = useTicketSettingsList('priorities');
  const [assignee, setAssignee] = useState<string | null>(null);
  const [tag, setTag] = useState<string | null>(null);
  const run = useMutation({
    mutationFn: (change: BulkChange) =>
      bulkTickets({ ...change, ids: selected.map((row) => row._id) }),
    onSuccess: ({ data }, change) => {
      const failed = data.results.find((item) => !item.ok);
      if (failed)
        toast.error(`${BULK_TEXT.done(data.succeeded, data.failed)}. ${failed.message ?? ''}`);
      else toast.success(BULK_TEXT.done(data.succeeded, data.failed));
      onDone(change.action === 'delete');
    },
  });
  if (selected.length === 0) return null;
  const busy = run.isPending;
  return (
    <div
      role="toolbar"
      aria-label={BULK_TEXT.selected(selected.length)}
      className="flex flex-wrap items-center gap-2 rounded-lg border border-teal-200 bg-teal-50/60 px-3 py-2 text-sm"
    >
      <span className="font-medium text-teal-900">{BULK_TEXT.selected(selected.length)}</span>
      {busy && <Loader2 className="size-4 animate-spin" aria-hidden="true" />}
      <div className="w-56">
        <StaffPicker
          id="bulk-assignee"
          value={assignee}
          placeholder={BULK_TEXT.assign}
          onChange={(value) => {
            setAssignee(null);
            if (value) run.mutate({ action: 'assign', assignee_id: value });
          }}
        />
      </div>
      <NativeSelect
        aria-label={BULK_TEXT.status}
        className="w-44"
        value=""
        disabled={busy}
        onChange={(event) =>
          run.mutate({ action: 'status', status: event.target.value as BulkChange['status'] })
        }
      >
        <option value="">{BULK_TEXT.status}</option>
        {TICKET_STATUS.options().map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </NativeSelect>
      <NativeSelect
        aria-label={BULK_TEXT.priority}
        className="w-48"
        value=""
        disabled={busy}
        onChange={(event) => run.mutate({ action: 'priority', priority_id: event.target.value })}
      >
        <option value="">{BULK_TEXT.priority}</option>
        {(priorities.data ?? []).map((item) => (
          <option key={item._id} value={item._id}>
            {item.name}
          </option>
        ))}
      </NativeSelect>
      <div className="w-44">
        <TagPicker
          id="bulk-tag"
          value={tag}
          placeholder={BULK_TEXT.addTag}
          onChange={(value) => {
            setTag(null);
            if (value) run.mutate({ action: 'tags', add_tag_ids: [value] });
          }}
        />
      </div>
      <ConfirmDialog
        title={BULK_TEXT.deleteConfirm(selected.length)}
        description={BULK_TEXT.irreversible}
        onConfirm={() => run.mutateAsync({ action: 'delete' }).catch(() => undefined)}
        trigger={
          <Button variant="outline" size="sm" disabled={busy}>
            <Trash2 aria-hidden="true" />
            {BULK_TEXT.delete}
          </Button>
        }
      />
      <span className="flex-1" />
      <Button variant="ghost" size="sm" onClick={onClear}>
        <X aria-hidden="true" />
        {BULK_TEXT.clear}
      </Button>
    </div>
  );
}
