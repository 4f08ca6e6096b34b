import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Loader2 } from 'lucide-react';
import type { TicketMergeView } from '@omnicare/shared/tickets/ticket-comments.schemas';
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
import { toast } from '@/lib/toast';
import { mergeTicket } from '../tickets.api';
import { TicketPicker } from './ticket-picker';

export const MERGE_TEXT = {
  action: 'Gộp vào ticket khác',
  title: (code: string) => `Gộp ticket ${code} vào ticket khác`,
  description: 'Chọn ticket sẽ nhận toàn bộ trao đổi của ticket này (tìm theo mã hoặc tiêu đề).',
  target: 'Ticket đích',
  pick: 'Chọn ticket đích',
  whatHappens: 'Khi gộp:',
  closes: (code: string, target: string) =>
    `Ticket ${code} được đóng, kèm ghi chú nội bộ "Đã gộp vào ticket ${target}".`,
  moves: (code: string, target: string) =>
    `Toàn bộ bình luận, tệp đính kèm và liên kết của ${code} chuyển sang ${target}.`,
  keeps: (target: string) => `Trạng thái, người xử lý và các trường của ${target} giữ nguyên.`,
  irreversible: 'Thao tác này không thể hoàn tác.',
  confirm: 'Gộp ticket',
  cancel: 'Hủy',
} as const;

const codeOf = (option: ComboOption) => option.label.split(' · ')[0] ?? option.label;

/**
 * 'Gộp vào ticket khác': pick the target by code or subject, read what the merge does, confirm.
 * A refusal of the server (target closed, not found…) stays in the dialog under the picker.
 */
export function TicketMergeDialog({
  ticket,
  open,
  onOpenChange,
  onMerged,
}: {
  ticket: { _id: string; code: string };
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onMerged: (result: TicketMergeView) => void;
}) {
  const [target, setTarget] = useState<ComboOption | null>(null);
  const [error, setError] = useState<string | undefined>();
  const merge = useMutation({
    meta: { silent: true },
    mutationFn: (targetId: string) => mergeTicket(ticket._id, targetId),
    onSuccess: ({ data, message }) => {
      toast.success(message);
      onOpenChange(false);
      onMerged(data);
    },
    onError: (failure) => {
      const field = isApiError(failure) ? failure.fieldErrors[0]?.message : undefined;
      if (field) setError(field);
      else toast.error(failure.message);
    },
  });
  const close = (next: boolean) => {
    if (merge.isPending) return;
    if (!next) {
      setTarget(null);
      setError(undefined);
    }
    onOpenChange(next);
  };
  const targetCode = target ? codeOf(target) : '';
  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>{MERGE_TEXT.title(ticket.code)}</DialogTitle>
          <DialogDescription>{MERGE_TEXT.description}</DialogDescription>
        </DialogHeader>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="merge-target">{MERGE_TEXT.target}</Label>
          <TicketPicker
            id="merge-target"
            value={target?.value ?? null}
            knownOptions={target ? [target] : []}
            exclude={[ticket._id]}
            openOnly
            placeholder={MERGE_TEXT.pick}
            invalid={Boolean(error)}
            describedBy={error ? 'merge-target-error' : undefined}
            onChange={(_value, option) => {
              setTarget(option);
              setError(undefined);
            }}
          />
          <FieldError id="merge-target-error" message={error} />
        </div>
        {target && (
          <div
            className="rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-950"
            data-testid="merge-summary"
          >
            <p className="font-medium">{MERGE_TEXT.whatHappens}</p>
            <ul className="mt-1 list-disc space-y-0.5 pl-5">
              <li>{MERGE_TEXT.closes(ticket.code, targetCode)}</li>
              <li>{MERGE_TEXT.moves(ticket.code, targetCode)}</li>
              <li>{MERGE_TEXT.keeps(targetCode)}</li>
            </ul>
            <p className="mt-2 font-medium">{MERGE_TEXT.irreversible}</p>
          </div>
        )}
        <DialogFooter>
          <Button variant="outline" onClick={() => close(false)} disabled={merge.isPending}>
            {MERGE_TEXT.cancel}
          </Button>
          <Button
            disabled={!target || merge.isPending}
            onClick={() => target && merge.mutate(target.value)}
          >
            {merge.isPending && <Loader2 className="animate-spin" aria-hidden="true" />}
            {MERGE_TEXT.confirm}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
