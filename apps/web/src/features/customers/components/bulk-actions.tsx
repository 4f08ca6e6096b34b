import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { FolderMinus, FolderPlus, Loader2, Tag, TagX, Trash2, UserCheck, X } from 'lucide-react';
import { Button } from '@/components/ui/button';
import {
  BULK_COMMON_TEXT,
  BulkResultsDialog,
  BulkSelectionSummary,
} from '@/components/bulk/bulk-parts';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { toast } from '@/lib/toast';
import type {
  CustomerBulkAction,
  CustomerBulkAnswer,
  CustomerBulkRequest,
  CustomerFilterRequest,
  CustomerListItem,
} from '@omnicare/shared/customers/customers.schemas';
import { CUSTOMER_BULK_MAX } from '@omnicare/shared/customers/customers.schemas';
import { runBulk } from '../customers.api';
import { StaffPicker } from '@/features/users/components/staff-picker';
import { BULK_TEXT, COMMON_TEXT, CUSTOMER_TEXT } from '../customers-text';
import { CustomerGroupPicker, TagPicker } from './customer-pickers';

type PickAction = Exclude<CustomerBulkAction, 'delete'>;
const PICK: Record<PickAction, { title: string; label: string }> = {
  add_group: { title: BULK_TEXT.addGroup, label: BULK_TEXT.pickGroup },
  add_tag: { title: BULK_TEXT.addTag, label: BULK_TEXT.pickTag },
  remove_group: { title: BULK_TEXT.removeGroup, label: BULK_TEXT.pickGroup },
  remove_tag: { title: BULK_TEXT.removeTag, label: BULK_TEXT.pickTag },
  assign_owner: { title: BULK_TEXT.assignOwner, label: BULK_TEXT.pickOwner },
};
const UNASSIGN = '__none__';

function PickDialog({
  action,
  count,
  onClose,
  onApply,
}: {
  action: PickAction;
  count: number;
  onClose: () => void;
  onApply: (value: string) => Promise<unknown>;
}) {
  const [value, setValue] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const picker = {
    id: 'bulk-pick',
    value,
    onChange: (next: string | null) => setValue(next),
    placeholder: PICK[action].label,
  };
  return (
    <Dialog open onOpenChange={(open) => !open && !pending && onClose()}>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>{PICK[action].title}</DialogTitle>
          <DialogDescription>{CUSTOMER_TEXT.selected(count)}</DialogDescription>
        </DialogHeader>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="bulk-pick">{PICK[action].label}</Label>
          {(action === 'add_group' || action === 'remove_group') && (
            <CustomerGroupPicker {...picker} />
          )}
          {(action === 'add_tag' || action === 'remove_tag') && <TagPicker {...picker} />}
          {action === 'assign_owner' && (
            <StaffPicker
              {...picker}
              extraOptions={[{ value: UNASSIGN, label: BULK_TEXT.unassign }]}
            />
          )}
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={onClose} disabled={pending}>
            {COMMON_TEXT.cancel}
          </Button>
          <Button
            disabled={!value || pending}
            onClick={() => {
              setPending(true);
              void onApply(value ?? '')
                .then(onClose)
                .catch(() => undefined)
                .finally(() => setPending(false));
            }}
          >
            {pending && <Loader2 className="animate-spin" aria-hidden="true" />}
            {BULK_TEXT.apply}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

export interface BulkActionsProps {
  selected: CustomerListItem[];
  /** The whole result of the list's filter, once the whole page is picked. */
  whole: {
    /** Every row of the page is picked: 'Chọn tất cả N kết quả' is offered. */
    offered: boolean;
    /** The choice is every customer the filter finds. */
    chosen: boolean;
    onChoose: () => void;
    /** How many the filter finds, and whether the server stopped counting. */
    total: number;
    capped: boolean;
    /** The list's filter as the address holds it (the export's query); the server checks it. */
    filter: Record<string, unknown>;
  };
  canDelete: boolean;
  onClear: () => void;
  /** After any action: reload the list, keep or drop the selection. */
  onDone: (action: CustomerBulkAction) => void;
}

/**
 * The bar shown while rows are selected: add to group, tag, assign owner, delete; with the
 * whole page picked it offers the whole result of the filter (sent as the filter, not ids).
 */
export function BulkActions({ selected, whole, canDelete, onClear, onDone }: BulkActionsProps) {
  const [picking, setPicking] = useState<PickAction | null>(null);
  // The rows went out of sight (another page, term or filter): nothing is left to act on.
  if (picking && selected.length === 0) setPicking(null);
  const [answer, setAnswer] = useState<CustomerBulkAnswer | null>(null);
  const names = new Map(selected.map((customer) => [customer._id, customer.name]));
  const [resultNames, setResultNames] = useState(names);
  const byFilter = whole.chosen;
  const count = byFilter ? whole.total : selected.length;
  const target = byFilter
    ? { filter: whole.filter as CustomerFilterRequest }
    : { ids: selected.map((customer) => customer._id) };
  const mutation = useMutation({
    mutationFn: runBulk,
    onSuccess: (result, payload) => {
      // All done: a toast that says what was done; otherwise each failure is named.
      if (result.failed === 0) toast.success(BULK_TEXT.done[payload.action](result.succeeded));
      else {
        setResultNames(names);
        setAnswer(result);
      }
      onDone(payload.action);
    },
  });

  const apply = (action: PickAction, value: string) => {
    const payload: CustomerBulkRequest = { action, ...target };
    if (action === 'add_group' || action === 'remove_group') payload.group_id = value;
    if (action === 'add_tag' || action === 'remove_tag') payload.tag_id = value;
    if (action === 'assign_owner') payload.owner_id = value === UNASSIGN ? null : value;
    return mutation.mutateAsync(payload);
  };

  return (
    <>
      {selected.length > 0 && (
        <div
          role="toolbar"
          aria-label={BULK_COMMON_TEXT.resultTitle}
          className="flex flex-wrap items-center gap-2 rounded-lg border border-teal-200 bg-teal-50 px-3 py-2 text-sm"
        >
          <BulkSelectionSummary
            pickedText={CUSTOMER_TEXT.selected(selected.length)}
            whole={whole}
            picked={selected.length}
            max={CUSTOMER_BULK_MAX}
            noun="khách hàng"
          />
          <Button variant="ghost" size="sm" onClick={onClear}>
            <X aria-hidden="true" />
            {CUSTOMER_TEXT.clearSelection}
          </Button>
          <span className="flex-1" />
          <Button variant="outline" size="sm" onClick={() => setPicking('add_group')}>
            <FolderPlus aria-hidden="true" />
            {BULK_TEXT.addGroup}
          </Button>
          <Button variant="outline" size="sm" onClick={() => setPicking('add_tag')}>
            <Tag aria-hidden="true" />
            {BULK_TEXT.addTag}
          </Button>
          <Button variant="outline" size="sm" onClick={() => setPicking('remove_group')}>
            <FolderMinus aria-hidden="true" />
            {BULK_TEXT.removeGroup}
          </Button>
          <Button variant="outline" size="sm" onClick={() => setPicking('remove_tag')}>
            <TagX aria-hidden="true" />
            {BULK_TEXT.removeTag}
          </Button>
          <Button variant="outline" size="sm" onClick={() => setPicking('assign_owner')}>
            <UserCheck aria-hidden="true" />
            {BULK_TEXT.assignOwner}
          </Button>
          {canDelete && (
            <ConfirmDialog
              title={BULK_TEXT.deleteTitle(count)}
              description={BULK_TEXT.deleteQuestion(count)}
              onConfirm={() =>
                mutation.mutateAsync({ action: 'delete', ...target }).catch(() => undefined)
              }
              trigger={
                <Button variant="destructive" size="sm">
                  <Trash2 aria-hidden="true" />
                  {BULK_TEXT.delete}
                </Button>
              }
            />
          )}
        </div>
      )}
      {picking && (
        <PickDialog
          action={picking}
          count={count}
          onClose={() => setPicking(null)}
          onApply={(value) => apply(picking, value)}
        />
      )}
      {answer && (
        <BulkResultsDialog
          outcomes={answer.results}
          succeeded={answer.succeeded}
          failed={answer.failed}
          names={resultNames}
          onClose={() => setAnswer(null)}
        />
      )}
    </>
  );
}
