import { CheckCircle2, XCircle } from 'lucide-react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';

/** Words of the bulk bars that do not depend on what is picked. */
export const BULK_COMMON_TEXT = {
  resultTitle: 'Kết quả thao tác hàng loạt',
  resultSummary: (ok: number, failed: number) => `${ok} thành công, ${failed} thất bại`,
  ok: 'Thành công',
  failed: 'Thất bại',
  close: 'Đóng',
  selectAllMatching: (total: number) => `Chọn tất cả ${total.toLocaleString('vi-VN')} kết quả`,
  allMatchingSelected: (total: number, noun: string) =>
    `Đã chọn tất cả ${total.toLocaleString('vi-VN')} ${noun} theo bộ lọc`,
  tooManyForAll: (max: number, noun: string) =>
    `Thao tác theo bộ lọc tối đa ${max.toLocaleString('vi-VN')} ${noun} mỗi lần; hãy lọc hẹp hơn`,
} as const;

/** What the list offers once its whole page is picked: every row its filter finds. */
export interface WholeResultChoice {
  offered: boolean;
  chosen: boolean;
  onChoose: () => void;
  total: number;
  /** The server stopped counting: the total is a floor. */
  capped: boolean;
}

/**
 * The start of a bulk bar: how many are picked, and the offer to pick every row the filter finds
 * (or why it cannot: more than `max`).
 */
export function BulkSelectionSummary({
  pickedText,
  whole,
  picked,
  max,
  noun,
}: {
  /** 'Đã chọn 3 ticket'. */
  pickedText: string;
  whole: WholeResultChoice | undefined;
  picked: number;
  max: number;
  /** What the rows are, in the sentences: 'ticket', 'khách hàng'. */
  noun: string;
}) {
  const fits = whole ? !whole.capped && whole.total <= max : false;
  return (
    <>
      <span className="font-medium text-teal-900">
        {whole?.chosen ? BULK_COMMON_TEXT.allMatchingSelected(whole.total, noun) : pickedText}
      </span>
      {whole?.offered &&
        !whole.chosen &&
        whole.total > picked &&
        (fits ? (
          <Button variant="link" size="sm" className="h-auto px-1" onClick={whole.onChoose}>
            {BULK_COMMON_TEXT.selectAllMatching(whole.total)}
          </Button>
        ) : (
          <span className="text-[13px] text-slate-600">
            {BULK_COMMON_TEXT.tooManyForAll(max, noun)}
          </span>
        ))}
    </>
  );
}

export interface BulkOutcome {
  id: string;
  ok: boolean;
  message?: string | null;
}

/** After a bulk action where some rows failed: each row by name, with its reason. */
export function BulkResultsDialog({
  outcomes,
  succeeded,
  failed,
  names,
  onClose,
}: {
  outcomes: BulkOutcome[];
  succeeded: number;
  failed: number;
  names: ReadonlyMap<string, string>;
  onClose: () => void;
}) {
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>{BULK_COMMON_TEXT.resultTitle}</DialogTitle>
          <DialogDescription>{BULK_COMMON_TEXT.resultSummary(succeeded, failed)}</DialogDescription>
        </DialogHeader>
        <ul className="flex max-h-80 flex-col divide-y divide-slate-100 overflow-y-auto rounded-lg border border-slate-200 text-sm">
          {outcomes.map((outcome) => (
            <li key={outcome.id} className="flex items-start gap-2 px-3 py-2">
              {outcome.ok ? (
                <CheckCircle2
                  className="mt-0.5 size-4 shrink-0 text-emerald-600"
                  aria-label={BULK_COMMON_TEXT.ok}
                />
              ) : (
                <XCircle
                  className="mt-0.5 size-4 shrink-0 text-red-600"
                  aria-label={BULK_COMMON_TEXT.failed}
                />
              )}
              <span className="min-w-0 flex-1">
                <span className="font-medium text-slate-800">
                  {names.get(outcome.id) ?? outcome.id}
                </span>
                {!outcome.ok && outcome.message && (
                  <span className="block text-[13px] text-red-700">{outcome.message}</span>
                )}
              </span>
            </li>
          ))}
        </ul>
        <DialogFooter>
          <Button onClick={onClose}>{BULK_COMMON_TEXT.close}</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
