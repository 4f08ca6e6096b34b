import { formatPhone } from '@omnicare/shared/customers/phone-format';
import {
  QUEUE_OVERFLOW,
  QUEUE_STRATEGY,
  type QueueView,
} from '@omnicare/shared/telephony/queues.schemas';
import { usePageHandle } from '@/app/route-declaration';
import { AreaNav } from '@/components/layout/area-nav';
import { ListPage } from '@/components/list/list-page';
import {
  DeleteRowButton,
  EditRowButton,
  ListTable,
  RowActions,
} from '@/components/list/list-table';
import { deleteConfirmText } from '@/components/ui/confirm-dialog';
import { TableCell, TableHead, TableRow } from '@/components/ui/table';
import { removeWithFeedback } from '@/lib/mutation-feedback';
import { useCan } from '@/lib/use-can';
import { useRecordDialog } from '@/lib/use-record-dialog';
import { QueueDialog } from '../components/queue-dialog';
import { useDeleteQueue, useQueues } from '../telephony.queries';
import { TELEPHONY_TEXT as TEXT } from '../telephony-text';

function overflowText(queue: QueueView) {
  if (queue.overflow_action === 'queue' && queue.overflow_queue)
    return `${QUEUE_OVERFLOW.label('queue')}: ${queue.overflow_queue.name}`;
  return QUEUE_OVERFLOW.label(queue.overflow_action);
}

/** /switchboard/queue: the call queues, managed by administrators and supervisors. */
export function QueuesPage() {
  const { title } = usePageHandle();
  const canEdit = useCan('queue.manage');
  const query = useQueues();
  const remove = useDeleteQueue();
  const dialog = useRecordDialog<QueueView>();
  const rows = query.isError ? [] : (query.data ?? []);
  return (
    <ListPage
      nav={<AreaNav area="switchboard" />}
      title={title}
      add={canEdit && { label: TEXT.addQueue, onClick: dialog.add }}
      dialogs={
        <QueueDialog open={dialog.open} onOpenChange={dialog.onOpenChange} record={dialog.record} />
      }
    >
      <ListTable
        label={TEXT.queueTable}
        query={query}
        empty={rows.length === 0}
        columns={7}
        skeletonRows={5}
        head={
          <>
            <TableHead>{TEXT.name}</TableHead>
            <TableHead>{TEXT.hotlines}</TableHead>
            <TableHead>{TEXT.members}</TableHead>
            <TableHead className="w-32">{TEXT.strategy}</TableHead>
            <TableHead className="w-36 text-right">{TEXT.ringTimeout}</TableHead>
            <TableHead className="w-48">{TEXT.overflow}</TableHead>
            <TableHead className="w-24 text-right">{TEXT.actions}</TableHead>
          </>
        }
      >
        {rows.map((queue) => (
          <TableRow key={queue._id}>
            <TableCell className="font-medium text-slate-900">{queue.name}</TableCell>
            <TableCell className="tabular-nums">
              {queue.hotlines.map((hotline) => formatPhone(hotline) || hotline).join(', ') ||
                TEXT.none}
            </TableCell>
            <TableCell>
              <span
                className="block max-w-72 truncate"
                title={queue.members.map((member) => member.name).join(', ')}
              >
                {queue.members.map((member) => member.name).join(', ') || TEXT.none}
              </span>
            </TableCell>
            <TableCell>{QUEUE_STRATEGY.label(queue.strategy)}</TableCell>
            <TableCell className="text-right tabular-nums">
              {queue.ring_timeout_seconds} / {queue.max_wait_seconds}
            </TableCell>
            <TableCell>{overflowText(queue)}</TableCell>
            <TableCell>
              {canEdit && (
                <RowActions>
                  <EditRowButton
                    label={`${TEXT.edit} ${queue.name}`}
                    tooltip={TEXT.edit}
                    onClick={() => dialog.edit(queue)}
                  />
                  <DeleteRowButton
                    label={`${TEXT.delete} ${queue.name}`}
                    title={deleteConfirmText(queue.name)}
                    description={TEXT.deleteHint}
                    onConfirm={() => removeWithFeedback(() => remove.mutateAsync(queue._id))}
                  />
                </RowActions>
              )}
            </TableCell>
          </TableRow>
        ))}
      </ListTable>
    </ListPage>
  );
}
