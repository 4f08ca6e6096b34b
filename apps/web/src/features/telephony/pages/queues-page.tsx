import { formatPhone } from '@omnicare/shared/customers/phone-format';
import {
  QUEUE_OVERFLOW,
  QUEUE_STRATEGY,
  type QueueView,
} from '@omnicare/shared/telephony/queues.schemas';
import { CatalogueListPage } from '@/components/catalogue/catalogue-list-page';
import { AreaNav } from '@/components/layout/area-nav';
import { useCan } from '@/lib/use-can';
import { QueueDialog } from '../components/queue-dialog';
import { QUEUES } from '../telephony.queries';
import { TELEPHONY_TEXT as TEXT } from '../telephony-text';

function overflowText(queue: QueueView) {
  if (queue.overflow_action === 'queue' && queue.overflow_queue)
    return `${QUEUE_OVERFLOW.label('queue')}: ${queue.overflow_queue.name}`;
  return QUEUE_OVERFLOW.label(queue.overflow_action);
}

const members = (queue: QueueView) => queue.members.map((member) => member.name).join(', ');

/** /switchboard/queue: the call queues, managed by administrators and supervisors. */
export function QueuesPage() {
  return (
    <CatalogueListPage
      catalogue={QUEUES}
      nav={<AreaNav area="switchboard" />}
      addLabel={TEXT.addQueue}
      tableLabel={TEXT.queueTable}
      deleteHint={TEXT.deleteHint}
      canEdit={useCan('queue.manage')}
      dialog={QueueDialog}
      columns={[
        {
          head: TEXT.name,
          cell: (queue) => <span className="font-medium text-slate-900">{queue.name}</span>,
        },
        {
          head: TEXT.hotlines,
          className: 'tabular-nums',
          cell: (queue) =>
            queue.hotlines.map((hotline) => formatPhone(hotline) || hotline).join(', ') ||
            TEXT.none,
        },
        {
          head: TEXT.members,
          cell: (queue) => (
            <span className="block max-w-72 truncate" title={members(queue)}>
              {members(queue) || TEXT.none}
            </span>
          ),
        },
        {
          head: TEXT.strategy,
          className: 'w-32',
          cell: (queue) => QUEUE_STRATEGY.label(queue.strategy),
        },
        {
          head: TEXT.ringTimeout,
          className: 'w-36 text-right tabular-nums',
          cell: (queue) => `${queue.ring_timeout_seconds} / ${queue.max_wait_seconds}`,
        },
        { head: TEXT.overflow, className: 'w-48', cell: overflowText },
      ]}
    />
  );
}
