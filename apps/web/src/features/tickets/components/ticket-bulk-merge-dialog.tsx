import { useId, useState } from 'react';
import { Loader2 } from 'lucide-react';
import type { TicketListItem } from '@omnicare/shared/tickets/tickets.schemas';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { FieldError, Label } from '@/components/ui/label';
import type { ComboOption } from '@/components/ui/use-combobox-source';
import { isApiError } from '@/lib/errors';
import { TicketPicker } from './ticket-picker';

export const BULK_MERGE_TEXT = {
  title: (count: number) => `Gộp ${count} ticket`,
  description:
    'Chọn ticket đích: một ticket trong số đã chọn, hoặc tìm ticket khác theo mã hoặc tiêu đề.',
  amongSelected: 'Trong các ticket đã chọn',
  other: 'Hoặc ticket khác',
  search: 'Tìm ticket đích theo mã hoặc tiêu đề',
  summary: (count: number, code: string) =>
    `${count} ticket sẽ được đóng và gộp vào ${code}; bình luận, tệp đính kèm và liên kết của chúng chuyển sang ${code}. Thao tác này không thể hoàn tác.`,
  confirm: 'Gộp ticket',
  cancel: 'Hủy',
  /** Of the selection shown, at most this many are offered as targets. */
  shownMax: 20,
} as const;

export interface MergeTarget {
  value: string;
  code: string;
}

/**
 * The bulk bar's 'Gộp': the target is one of the selected tickets (radio list) or any other
 * found by search; the summary says how many close into it. The target itself is left out of
 * what is merged (by ids), or fails alone on the server (by filter).
 */
export function TicketBulkMergeDialog({
  open,
  onOpenChange,
  selected,
  count,
  byFilter,
  onMerge,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  selected: TicketListItem[];
  /** How many tickets the action covers (the filter's total when chosen by filter). */
  count: number;
  byFilter: boolean;
  onMerge: (target: MergeTarget) => Promise<unknown>;
}) {
  const id = useId();
  const [target, setTarget] = useState<(MergeTarget & { option?: ComboOption }) | null>(null);
  const [error, setError] = useState<string | undefined>();
  const [pending, setPending] = useState(false);
  const close = (next: boolean) => {
    if (pending) return;
    if (!next) {
      setTarget(null);
      setError(undefined);
    }
    onOpenChange(next);
  };
  const amongSelected = target ? selected.some((row) => row._id === target.value) : false;
  const merged = target && amongSelected && !byFilter ? count - 1 : count;
  const confirm = async () => {
    if (!target) return;
    setPending(true);
    try {
      await onMerge(target);
      setTarget(null);
      setError(undefined);
    } catch (failure) {
      setError(isApiError(failure) ? failure.fieldErrors[0]?.message : undefined);
    } finally {
      setPending(false);
    }
  };
  const shown = selected.slice(0, BULK_MERGE_TEXT.shownMax);
  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>{BULK_MERGE_TEXT.title(count)}</DialogTitle>
          <DialogDescription>{BULK_MERGE_TEXT.description}</DialogDescription>
        </DialogHeader>
        <fieldset className="flex flex-col gap-1.5">
          <legend className="mb-1 text-sm font-medium text-slate-700">
            {BULK_MERGE_TEXT.amongSelected}
          </legend>
          <ul className="flex max-h-56 flex-col gap-0.5 overflow-y-auto rounded-md border border-slate-200 p-1">
            {shown.map((row) => (
              <li key={row._id}>
                <label className="flex cursor-pointer items-center gap-2 rounded px-2 py-1.5 text-sm hover:bg-slate-50">
                  <input
                    type="radio"
                    name={`${id}-target`}
                    className="accent-teal-700"
                    checked={target?.value === row._id}
                    onChange={() => {
                      setTarget({ value: row._id, code: row.code });
                      setError(undefined);
                    }}
                  />
                  <span className="text-slate-500 tabular-nums">{row.code}</span>{' '}
                  <span className="truncate text-slate-800">{row.subject}</span>
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${id}-other`}>{BULK_MERGE_TEXT.other}</Label>
          <TicketPicker
            id={`${id}-other`}
            openOnly
            exclude={selected.map((row) => row._id)}
            value={target && !amongSelected ? target.value : null}
            knownOptions={target?.option ? [target.option] : []}
            placeholder={BULK_MERGE_TEXT.search}
            invalid={Boolean(error)}
            describedBy={error ? `${id}-error` : undefined}
            onChange={(value, option) => {
              setTarget(
                value && option
                  ? { value, code: option.label.split(' · ')[0] ?? option.label, option }
                  : null,
              );
              setError(undefined);
            }}
          />
          <FieldError id={`${id}-error`} message={error} />
        </div>
        {target && (
          <p
            className="rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-950"
            data-testid="bulk-merge-summary"
          >
            {BULK_MERGE_TEXT.summary(merged, target.code)}
          </p>
        )}
        <DialogFooter>
          <Button variant="outline" onClick={() => close(false)} disabled={pending}>
            {BULK_MERGE_TEXT.cancel}
          </Button>
          <Button disabled={!target || pending || merged < 1} onClick={() => void confirm()}>
            {pending && <Loader2 className="animate-spin" aria-hidden="true" />}
            {BULK_MERGE_TEXT.confirm}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
