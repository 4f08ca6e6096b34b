import { useEffect, useRef, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { GitMerge, Loader2, Trash2, X } from 'lucide-react';
import {
  TICKET_BULK_MAX,
  type TicketBulkItem,
  type TicketBulkRequest,
  type TicketListItem,
} from '@omnicare/shared/tickets/tickets.schemas';
import { TICKET_STATUS } from '@omnicare/shared/tickets/ticket-enums';
import { Button } from '@/components/ui/button';
import {
  BulkResultsDialog,
  BulkSelectionSummary,
  type BulkOutcome,
  type WholeResultChoice,
} from '@/components/bulk/bulk-parts';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { NativeSelect } from '@/components/ui/native-select';
import { toast } from '@/lib/toast';
import { useCan } from '@/lib/use-can';
import { TagPicker } from '@/features/customers/components/customer-pickers';
import { AssigneePicker } from './assignee-picker';
import { isJobActive, useJob } from '@/features/customers/components/use-job';
import { bulkTickets } from '../tickets.api';
import { TicketBulkMergeDialog } from './ticket-bulk-merge-dialog';
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
  merge: 'Gộp',
  merged: (ok: number, code: string) => `Đã gộp ${ok} ticket vào ${code}`,
  running: (processed: number, total: number) => `Đang xử lý ${processed}/${total} ticket…`,
  jobFailed: 'Thao tác hàng loạt bị gián đoạn, vui lòng thử lại',
} as const;

type BulkChange = Omit<TicketBulkRequest, 'ids' | 'filter'>;
/** How an ended action is told: its dialog of failures, or a toast; and whether rows went. */
interface BulkAnnouncement {
  deleted: boolean;
  dialog?: {
    names: ReadonlyMap<string, string>;
    outcomes: BulkOutcome[];
    succeeded: number;
    failed: number;
  };
  success?: string;
  error?: string;
}
/** What an action's answer is reported with (at once, or when its background job ends). */
interface BulkAsked {
  change: BulkChange;
  targetCode?: string;
  names: ReadonlyMap<string, string>;
}
export type TicketBulkFilter = NonNullable<TicketBulkRequest['filter']>;

/** The whole result of the list's filters, offered once the whole page is picked. */
export interface WholeResult extends WholeResultChoice {
  /** The list's filters, search and sort as the bulk endpoint reads them. */
  filter: TicketBulkFilter;
}

/**
 * The bar over the list while tickets are picked: assign, status, priority, add a tag, merge,
 * delete (for the roles that may).
 * Each applies at once to the picked tickets; the answer says how many changed and why not.
 * Over TICKET_BULK_SYNC_MAX tickets the server runs it as a job: its progress shows here (even
 * once the selection is gone) and its per-ticket results when it ends.
 */
export function TicketBulkBar({
  selected,
  whole,
  onClear,
  onDone,
}: {
  selected: TicketListItem[];
  whole?: WholeResult;
  onClear: () => void;
  onDone: (deleted: boolean) => void;
}) {
  const priorities = useTicketSettingsList('priorities');
  // Deleting is for the roles holding `ticket.delete`; the server refuses the others.
  const mayDelete = useCan('ticket.delete');
  const [assignee, setAssignee] = useState<string | null>(null);
  const [tag, setTag] = useState<string | null>(null);
  const [merging, setMerging] = useState(false);
  const [outcome, setOutcome] = useState<{
    names: ReadonlyMap<string, string>;
    outcomes: BulkOutcome[];
    succeeded: number;
    failed: number;
  } | null>(null);
  // A bulk over many tickets runs as a job on the server: followed here until it ends.
  const [running, setRunning] = useState<(BulkAsked & { jobId: string }) | null>(null);
  const [announcement, setAnnouncement] = useState<BulkAnnouncement | null>(null);
  const job = useJob(running?.jobId ?? null, { silent: true });
  const byFilter = Boolean(whole?.chosen);
  const count = byFilter && whole ? whole.total : selected.length;

  /** The dialog naming what failed, or the toast, of an action's results. */
  function outcomeOf(
    asked: BulkAsked,
    results: TicketBulkItem[],
    failed = results.filter((item) => !item.ok).length,
    succeeded = results.length - failed,
  ) {
    const deleted = asked.change.action === 'delete' || asked.change.action === 'merge';
    if (failed > 0)
      return {
        deleted,
        dialog: {
          names: asked.names,
          outcomes: results.map((item) => ({ ...item, id: item._id })),
          succeeded,
          failed,
        },
      };
    const success =
      asked.change.action === 'merge' && asked.targetCode
        ? BULK_TEXT.merged(succeeded, asked.targetCode)
        : BULK_TEXT.done(succeeded, failed);
    return { deleted, success };
  }

  const run = useMutation({
    mutationFn: ({ change }: { change: BulkChange; targetCode?: string }) =>
      bulkTickets(
        byFilter && whole
          ? { ...change, filter: whole.filter }
          : {
              ...change,
              // The target picked among the selection is not merged into itself.
              ids: selected
                .map((row) => row._id)
                .filter((id) => change.action !== 'merge' || id !== change.target_id),
            },
      ),
    onSuccess: ({ data }, { change, targetCode }) => {
      const asked = {
        change,
        targetCode,
        names: new Map(selected.map((row) => [row._id, `${row.code} ${row.subject}`])),
      };
      if ('results' in data) {
        const answer = outcomeOf(asked, data.results, data.failed, data.succeeded);
        if (answer.dialog) setOutcome(answer.dialog);
        else toast.success(answer.success);
        onDone(answer.deleted);
        return;
      }
      setRunning({ ...asked, jobId: data._id });
      // What is done so far shows at once; the rest when the job ends.
      onDone(change.action === 'delete' || change.action === 'merge');
    },
  });

  // The job ended (read after a reconnect too): its per-ticket results as an answer's would be.
  const ended =
    running && job.data?._id === running.jobId && !isJobActive(job.data) ? job.data : undefined;
  if (running && ended) {
    setRunning(null);
    const answer: BulkAnnouncement =
      ended.status === 'failed'
        ? { deleted: false, error: ended.error ?? BULK_TEXT.jobFailed }
        : outcomeOf(running, ended.items ?? []);
    if (answer.dialog) setOutcome(answer.dialog);
    setAnnouncement(answer);
  }
  // Told once per ended job (toast, the list read again), after the render that saw it end.
  const announced = useRef<BulkAnnouncement | null>(null);
  useEffect(() => {
    if (!announcement || announced.current === announcement) return;
    announced.current = announcement;
    if (announcement.error) toast.error(announcement.error);
    else if (announcement.success) toast.success(announcement.success);
    onDone(announcement.deleted);
  });

  const progress = running && (
    <p role="status" className="flex items-center gap-2 text-sm text-slate-600">
      <Loader2 className="size-4 animate-spin" aria-hidden="true" />
      {BULK_TEXT.running(job.data?.processed ?? 0, job.data?.total ?? count)}
    </p>
  );
  // The outcome stays on screen after the rows went (deleted, merged, unpicked).
  const outcomeDialog = outcome && (
    <BulkResultsDialog
      outcomes={outcome.outcomes}
      succeeded={outcome.succeeded}
      failed={outcome.failed}
      names={outcome.names}
      onClose={() => setOutcome(null)}
    />
  );
  if (selected.length === 0)
    return (
      <>
        {outcomeDialog}
        {progress}
      </>
    );
  const busy = run.isPending || Boolean(running);
  const act = (change: BulkChange) => run.mutate({ change });
  return (
    <>
      {outcomeDialog}
      {progress}
      <div
        role="toolbar"
        aria-label={BULK_TEXT.selected(count)}
        className="flex flex-wrap items-center gap-2 rounded-lg border border-teal-200 bg-teal-50/60 px-3 py-2 text-sm"
      >
        <BulkSelectionSummary
          pickedText={BULK_TEXT.selected(selected.length)}
          whole={whole}
          picked={selected.length}
          max={TICKET_BULK_MAX}
          noun="ticket"
        />
        {busy && <Loader2 className="size-4 animate-spin" aria-hidden="true" />}
        <div className="w-56">
          <AssigneePicker
            id="bulk-assignee"
            aria-label={BULK_TEXT.assign}
            value={assignee}
            placeholder={BULK_TEXT.assign}
            onChange={(value, _option, group) => {
              setAssignee(null);
              if (value)
                act({
                  action: 'assign',
                  assignee_id: value,
                  ...(group ? { group_id: group._id } : {}),
                });
            }}
          />
        </div>
        <NativeSelect
          aria-label={BULK_TEXT.status}
          className="w-44"
          value=""
          disabled={busy}
          onChange={(event) =>
            act({ action: 'status', status: event.target.value as BulkChange['status'] })
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
          onChange={(event) => act({ action: 'priority', priority_id: event.target.value })}
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
              if (value) act({ action: 'tags', add_tag_ids: [value] });
            }}
          />
        </div>
        <Button
          variant="outline"
          size="sm"
          disabled={busy || (!byFilter && selected.length < 1)}
          onClick={() => setMerging(true)}
        >
          <GitMerge aria-hidden="true" />
          {BULK_TEXT.merge}
        </Button>
        <TicketBulkMergeDialog
          open={merging}
          onOpenChange={setMerging}
          selected={selected}
          count={count}
          byFilter={byFilter}
          onMerge={(target) =>
            run
              .mutateAsync({
                change: { action: 'merge', target_id: target.value },
                targetCode: target.code,
              })
              .then(() => setMerging(false))
          }
        />
        {mayDelete && (
          <ConfirmDialog
            title={BULK_TEXT.deleteConfirm(count)}
            description={BULK_TEXT.irreversible}
            onConfirm={() =>
              run.mutateAsync({ change: { action: 'delete' } }).catch(() => undefined)
            }
            trigger={
              <Button variant="outline" size="sm" disabled={busy}>
                <Trash2 aria-hidden="true" />
                {BULK_TEXT.delete}
              </Button>
            }
          />
        )}
        <span className="flex-1" />
        <Button variant="ghost" size="sm" onClick={onClear}>
          <X aria-hidden="true" />
          {BULK_TEXT.clear}
        </Button>
      </div>
    </>
  );
}
