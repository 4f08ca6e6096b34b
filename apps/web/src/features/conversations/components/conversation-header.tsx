import { useState } from 'react';
import { Link } from 'react-router';
import {
  ArrowRightLeft,
  CheckCircle2,
  ExternalLink,
  RotateCcw,
  UserRound,
  UserRoundCheck,
} from 'lucide-react';
import type { ConversationRow } from '@omnicare/shared/conversations/conversations.schemas';
import type { RecordViewer } from '@omnicare/shared/realtime/record-presence';
import { TICKET_STATUS, isUnsolved } from '@omnicare/shared/tickets/ticket-enums';
import type { TicketDetail } from '@omnicare/shared/tickets/tickets.schemas';
import { useShellNavigation } from '@/components/layout/shell-navigation';
import { RecordPresence } from '@/components/record/record-presence';
import { Avatar } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { NativeSelect } from '@/components/ui/native-select';
import { TagPicker } from '@/features/customers/components/customer-pickers';
import { useTicketSettingsList } from '@/features/tickets/tickets.queries';
import { CHAT_TEXT } from '../conversations-text';
import { useUpdateConversation } from '../conversations.queries';
import { ReferralBadge } from './referral-badge';
import { ChannelMark, channelLabel } from './channel-mark';
import { TransferDialog } from './transfer-dialog';

/** A button's words where the pane is wide; narrower, its icon and its name for readers. */
const Wide = ({ children }: { children: string }) => (
  <span className="hidden 2xl:inline" aria-hidden>
    {children}
  </span>
);

/**
 * Who the conversation is with and where from, and what an agent does with it: take it,
 * transfer it, tag it, set its priority, close or reopen it, open it as a ticket tab.
 */
export function ConversationHeader({
  ticket,
  row,
  me,
  others,
}: {
  ticket: TicketDetail;
  row: ConversationRow | undefined;
  me: string | undefined;
  others: RecordViewer[];
}) {
  const { recordPath } = useShellNavigation();
  const update = useUpdateConversation(ticket._id, me);
  const priorities = useTicketSettingsList('priorities');
  const [transferring, setTransferring] = useState(false);
  const name = row?.customer?.name ?? ticket.requester?.name ?? CHAT_TEXT.unknownCustomer;
  const open = isUnsolved(ticket.status);
  const mine = !!me && ticket.assignee?._id === me;

  return (
    <header className="flex flex-col gap-2 border-b border-slate-200 bg-white px-4 py-2.5">
      <div className="flex items-center gap-3">
        <Avatar name={name} url={row?.customer?.avatar_url} />
        <div className="flex min-w-0 flex-1 flex-col">
          <h2 className="truncate text-[15px] font-semibold text-slate-900" title={name}>
            {name}
          </h2>
          <p className="flex min-w-0 items-center gap-1.5 text-xs whitespace-nowrap text-slate-500">
            <ChannelMark source={ticket.source} />
            <span className="font-mono">{ticket.code}</span>
            <span aria-hidden>·</span>
            <span className="min-w-0 truncate">
              {channelLabel(ticket.source)}
              {row?.channel ? ` · ${row.channel.name}` : ''}
            </span>
            <ReferralBadge referral={row?.referral} />
            <Badge variant={open ? 'secondary' : 'success'} className="shrink-0 py-0">
              {TICKET_STATUS.label(ticket.status)}
            </Badge>
          </p>
        </div>
        <div className="flex shrink-0 items-center gap-1.5">
          {!mine && open && (
            <Button
              size="sm"
              disabled={update.isPending || !me}
              onClick={() => update.mutate({ assignee_id: me })}
            >
              <UserRoundCheck aria-hidden />
              {CHAT_TEXT.assignMe}
            </Button>
          )}
          <Button
            variant="outline"
            size="sm"
            aria-label={CHAT_TEXT.transfer}
            title={CHAT_TEXT.transfer}
            onClick={() => setTransferring(true)}
          >
            <ArrowRightLeft aria-hidden />
            <Wide>{CHAT_TEXT.transfer}</Wide>
          </Button>
          {open ? (
            <Button
              variant="outline"
              size="sm"
              aria-label={CHAT_TEXT.resolve}
              title={CHAT_TEXT.resolve}
              disabled={update.isPending}
              onClick={() => update.mutate({ status: 'solved' })}
            >
              <CheckCircle2 aria-hidden />
              <Wide>{CHAT_TEXT.resolve}</Wide>
            </Button>
          ) : (
            <Button
              variant="outline"
              size="sm"
              aria-label={CHAT_TEXT.reopen}
              title={CHAT_TEXT.reopen}
              disabled={update.isPending || ticket.status === 'closed'}
              onClick={() => update.mutate({ status: 'open' })}
            >
              <RotateCcw aria-hidden />
              <Wide>{CHAT_TEXT.reopen}</Wide>
            </Button>
          )}
          <Button variant="ghost" size="sm" asChild>
            <Link
              to={recordPath('ticket', ticket.number)}
              aria-label={CHAT_TEXT.openAsTicket}
              title={CHAT_TEXT.openAsTicket}
            >
              <ExternalLink aria-hidden />
              <Wide>{CHAT_TEXT.openAsTicket}</Wide>
            </Link>
          </Button>
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <span
          className="flex min-w-0 flex-1 items-center gap-1 text-xs text-slate-500"
          title={
            ticket.assignee ? CHAT_TEXT.assignedTo(ticket.assignee.name) : CHAT_TEXT.unassigned
          }
        >
          <UserRound className="size-3.5 shrink-0" aria-label={CHAT_TEXT.assignee} />
          <span className="truncate">
            {ticket.assignee?.name ?? CHAT_TEXT.unassigned}
            {ticket.group ? ` · ${ticket.group.name}` : ''}
          </span>
        </span>
        <NativeSelect
          aria-label={CHAT_TEXT.priority}
          className="h-8 w-36 text-[13px]"
          value={ticket.priority?._id ?? ''}
          disabled={update.isPending}
          onChange={(event) => update.mutate({ priority_id: event.target.value || null })}
        >
          <option value="">{CHAT_TEXT.noPriority}</option>
          {ticket.priority &&
            !priorities.data?.some((item) => item._id === ticket.priority?._id) && (
              <option value={ticket.priority._id}>{ticket.priority.name}</option>
            )}
          {(priorities.data ?? []).map((priority) => (
            <option key={priority._id} value={priority._id}>
              {priority.name}
            </option>
          ))}
        </NativeSelect>
        <div className="w-56">
          <TagPicker
            size="sm"
            multiple
            commitOnClose
            aria-label={CHAT_TEXT.tags}
            placeholder={CHAT_TEXT.tags}
            maxChips={2}
            value={ticket.tags.map((tag) => tag._id)}
            knownOptions={ticket.tags.map((tag) => ({ value: tag._id, label: tag.name }))}
            onChange={(tag_ids) => update.mutate({ tag_ids })}
          />
        </div>
      </div>
      <RecordPresence kind="ticket" others={others} changedByOther={null} />
      <TransferDialog ticketId={ticket._id} open={transferring} onOpenChange={setTransferring} />
    </header>
  );
}
