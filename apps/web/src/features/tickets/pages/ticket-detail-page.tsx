import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Info } from 'lucide-react';
import { MESSAGE_DELIVERY_FIELD } from '@omnicare/shared/tickets/ticket-comments.schemas';
import { TICKET_MESSAGES, type TicketDetail } from '@omnicare/shared/tickets/tickets.schemas';
import { useCan } from '@/lib/use-can';
import { formatDateTime } from '@omnicare/shared/platform/time';
import { CHANNEL_SOURCE } from '@omnicare/shared/channels/channel-source';
import { RecordPresence } from '@/components/record/record-presence';
import { SAVED_MARK_MS } from '@/components/ui/saved-mark';
import { RichTextEditor } from '@/components/rich-text/rich-text-editor';
import { RichTextView } from '@/components/rich-text/rich-text-view';
import { ActivityTimeline } from '@/components/timeline/activity-timeline';
import { useRecordTab } from '@/components/layout/use-record-tab';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog, deleteConfirmText } from '@/components/ui/confirm-dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useResourceList } from '@/features/ticket-settings/ticket-settings.queries';
import type { TicketTemplate } from '@omnicare/shared/ticket-config/ticket-config.schemas';
import { Skeleton } from '@/components/ui/skeleton';
import { SegmentedTabs } from '@/components/ui/segmented-tabs';
import { cn } from '@/lib/cn';
import { CustomerPanel } from '@/features/customers/components/customer-panel';
import { STAFF_SOURCE } from '@/features/users/components/staff-picker';
import { errorMessage, isApiError } from '@/lib/errors';
import { toast } from '@/lib/toast';
import { useRecordPresence } from '@/lib/use-record-presence';
import { useCurrentUser } from '@/stores/session-store';
import {
  readTabDraft,
  recordTabTitle,
  removeTabDraft,
  saveTabDraft,
  useRecordTabsStore,
} from '@/stores/record-tabs-store';
import { SlaLabel, TicketStatusBadge } from '../components/ticket-badges';
import { TicketConversation, type CommentMode } from '../components/ticket-conversation';
import { TicketLinks } from '../components/ticket-links';
import { TicketTemplatePicker } from '../components/ticket-template-picker';
import { useOwnAssignee } from '../use-own-assignee';
import { TicketCallsCard } from '@/features/telephony/components/ticket-calls';
import { telephonyKeys } from '@/features/telephony/telephony.queries';
import { TicketMergeDialog } from '../components/ticket-merge-dialog';
import { DETAIL_ACTIONS_TEXT, TicketActionsMenu } from '../components/ticket-actions-menu';
import { useShortcuts, type Shortcut } from '@/components/shortcuts/shortcuts';
import { useShellNavigation } from '@/components/layout/shell-navigation';
import { ticketAfter } from '../ticket-list-order';
import {
  TicketProperties,
  type TicketFieldsPatch,
  type TicketFieldsValue,
} from '../components/ticket-properties';
import {
  createTicket,
  deleteTicket,
  fetchTicket,
  fetchTicketActivities,
  splitTicket,
  updateTicket,
} from '../tickets.api';
import { ticketKeys } from '../tickets.queries';
import { describeTicketFields, TICKET_TEXT } from '../tickets-text';

const isNewId = (id: string) => id.startsWith('new');

type SideTab = 'ticket' | 'customer';
const SIDE_TABS: readonly { value: SideTab; label: string }[] = [
  { value: 'ticket', label: TICKET_TEXT.propertiesTab },
  { value: 'customer', label: TICKET_TEXT.customerTab },
];

const fieldsOf = (ticket: TicketDetail): TicketFieldsValue => ({
  status: ticket.status,
  source: CHANNEL_SOURCE.is(ticket.source) ? ticket.source : 'hand',
  requester: ticket.requester,
  priority_id: ticket.priority?._id ?? null,
  type_id: ticket.type?._id ?? null,
  service_id: ticket.service?._id ?? null,
  group: ticket.group,
  assignee: ticket.assignee,
  tags: ticket.tags,
  followers: ticket.followers,
  cc: ticket.cc,
  due_at: ticket.due_at,
  custom: ticket.custom,
});

/** The params a change is about, as marks and errors name them ('status', 'custom.ma_hd'). */
const paramsOf = (patch: TicketFieldsPatch, custom: Record<string, unknown>): string[] =>
  Object.keys(patch).flatMap((key) =>
    key === 'custom'
      ? [...new Set([...Object.keys(custom), ...Object.keys(patch.custom ?? {})])]
          .filter(
            (field) => JSON.stringify(custom[field]) !== JSON.stringify(patch.custom?.[field]),
          )
          .map((field) => `custom.${field}`)
      : [key],
  );

/** Params just saved, each forgotten after `SAVED_MARK_MS`. */
function useSavedMarks() {
  const [saved, setSaved] = useState<ReadonlySet<string>>(() => new Set());
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());
  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach(clearTimeout);
  }, []);
  const mark = useCallback((params: string[]) => {
    setSaved((was) => new Set([...was, ...params]));
    const timer = setTimeout(() => {
      timers.current.delete(timer);
      setSaved((was) => new Set([...was].filter((param) => !params.includes(param))));
    }, SAVED_MARK_MS);
    timers.current.add(timer);
  }, []);
  return { saved, mark };
}

/** A failed save's 422 messages by param ('cc.1', 'custom.ma_hop_dong'…); {} for others. */
const fieldErrorsOf = (error: unknown): Record<string, string> =>
  isApiError(error)
    ? Object.fromEntries(error.fieldErrors.map((item) => [item.param, item.message]))
    : {};

/** /tickets/{number}: one ticket's record tab; /tickets/new…: a new ticket. */
export function TicketDetailPage() {
  const { ticketId = '' } = useParams();
  return isNewId(ticketId) ? (
    <NewTicket routeId={ticketId} />
  ) : (
    <ExistingTicket routeId={ticketId} />
  );
}

function ExistingTicket({ routeId }: { routeId: string }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { recordPath } = useShellNavigation();
  const me = useCurrentUser();
  const mayChangeClosed = useCan('ticket.change_closed');
  const closeTab = useRecordTabsStore((state) => state.close);
  const query = useQuery({
    queryKey: ticketKeys.ticket(routeId),
    queryFn: async ({ signal }) => {
      const found = await fetchTicket(routeId, signal);
      queryClient.setQueryData(ticketKeys.ticket(String(found.number)), found);
      return found;
    },
    meta: { silent: true },
  });
  const ticket = query.data;
  const { tabKey } = useRecordTab(
    'ticket',
    routeId,
    ticket ? { number: ticket.number, name: ticket.subject } : undefined,
  );
  const presence = useRecordPresence('ticket', ticket?._id);
  const activities = useQuery({
    queryKey: ticketKeys.activities(ticket?._id ?? ''),
    queryFn: ({ signal }) => fetchTicketActivities(ticket?._id ?? '', signal),
    enabled: Boolean(ticket),
    meta: { silent: true },
  });
  const [tab, setTab] = useState<'conversation' | 'activity'>('conversation');
  const [side, setSide] = useState<SideTab>('ticket');
  const conversation = useRef<{ compose: (mode: CommentMode) => void }>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [merging, setMerging] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const savedMarks = useSavedMarks();
  const save = useMutation({
    // A failure shows on the fields it was about: a refusal's own messages, else the error's.
    meta: { silent: true },
    mutationFn: (patch: TicketFieldsPatch) => updateTicket(ticket?._id ?? '', patch),
    onSuccess: ({ data }, patch) => {
      setErrors({});
      savedMarks.mark(paramsOf(patch, ticket?.custom ?? {}));
      queryClient.setQueryData(ticketKeys.ticket(routeId), data);
      void queryClient.invalidateQueries({ queryKey: ticketKeys.activities(data._id) });
      void queryClient.invalidateQueries({ queryKey: ticketKeys.lists });
    },
    onError: (error, patch) => {
      const fields = fieldErrorsOf(error);
      const params = paramsOf(patch, ticket?.custom ?? {});
      if (Object.keys(fields).length > 0 || params.length === 0) setErrors(fields);
      else setErrors(Object.fromEntries(params.map((param) => [param, errorMessage(error)])));
      if (Object.keys(fields).length === 0 && params.length === 0) toast.error(errorMessage(error));
    },
  });
  // A change saved anywhere else (a colleague, a workflow, the SLA job, another tab of mine):
  // read the ticket again; what is being typed here stays (TicketProperties, the reply box).
  const { lastChange } = presence;
  const ticketId = ticket?._id;
  useEffect(() => {
    if (!lastChange || !ticketId) return;
    for (const key of [ticketKeys.ticket(routeId), ticketKeys.activities(ticketId)])
      void queryClient.invalidateQueries({ queryKey: key });
    if (lastChange.fields.includes('comment') || lastChange.fields.includes(MESSAGE_DELIVERY_FIELD))
      void queryClient.invalidateQueries({ queryKey: ticketKeys.comments(ticketId) });
    // A call attached from the call history: the calls card reads the ticket's calls again.
    if (lastChange.fields.includes('call_linked'))
      void queryClient.invalidateQueries({ queryKey: telephonyKeys.callLists });
  }, [lastChange, ticketId, routeId, queryClient]);
  /** Everything a merge or split changed here: the ticket, its conversation, links, log, lists. */
  const reloadAll = (id: string) => {
    void query.refetch();
    for (const key of [
      ticketKeys.comments(id),
      ticketKeys.links(id),
      ticketKeys.activities(id),
      ticketKeys.lists,
    ])
      void queryClient.invalidateQueries({ queryKey: key });
  };
  const split = useMutation({
    mutationFn: (commentId: string) => splitTicket(ticket?._id ?? '', commentId),
    onSuccess: ({ data, message }) => {
      toast.success(`${message}: ${data.code}`);
      if (ticket) reloadAll(ticket._id);
      void navigate(recordPath('ticket', Number(data.code.replace(/\D/g, ''))));
    },
  });
  const remove = useMutation({
    mutationFn: () => deleteTicket(ticket?._id ?? ''),
    onSuccess: ({ message }) => {
      toast.success(message || TICKET_TEXT.deleted);
      void queryClient.invalidateQueries({ queryKey: ticketKeys.lists });
      closeTab(tabKey);
      void navigate('/tickets', { replace: true });
    },
  });

  const number = ticket?.number;
  const myId = me?._id;
  const composeIn = (mode: CommentMode) => {
    setTab('conversation');
    // The conversation may mount with this render (from the activity tab): ask after it.
    requestAnimationFrame(() => conversation.current?.compose(mode));
  };
  const shortcuts: Shortcut[] = [
    { key: 'r', label: 'Trả lời công khai', run: () => composeIn('public') },
    { key: 'n', label: 'Ghi chú nội bộ', run: () => composeIn('internal') },
    {
      key: 'a',
      label: 'Giao ticket cho tôi',
      run: () => myId && save.mutate({ assignee_id: myId }),
    },
    {
      key: 'j',
      label: 'Ticket tiếp theo trong danh sách',
      run: () => {
        const next = number === undefined ? null : ticketAfter(number);
        if (next === null) toast.info('Đây là ticket cuối cùng của danh sách vừa xem');
        else void navigate(recordPath('ticket', next));
      },
    },
  ];

  useShortcuts(shortcuts);

  if (query.isError)
    return (
      <div className="flex flex-col gap-4">
        <h1 className="text-xl font-semibold tracking-tight text-slate-900">
          {recordTabTitle('ticket', routeId)}
        </h1>
        <Card className="p-6 text-sm text-slate-600" role="alert">
          {isApiError(query.error) && query.error.status === 404
            ? TICKET_TEXT.notFoundOrHidden
            : query.error.message}
        </Card>
      </div>
    );
  if (!ticket) return <Skeleton className="h-96 w-full" />;
  // Closed is final but for administrators: the server refuses any change from others (422).
  const closedForMe = ticket.status === 'closed' && !mayChangeClosed;
  const mergeable = ticket.status !== 'closed' && !ticket.merged_into;

  return (
    <div className="flex flex-col gap-4">
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-1">
          {/* The tab keeps the spec's 'Ticket {id}'; the heading names it as people do. */}
          <h1
            data-testid="record-name"
            className="text-xl font-semibold tracking-tight break-words text-slate-900"
          >
            <span className="text-slate-500 tabular-nums">{ticket.code}</span>
            <span className="text-slate-400" aria-hidden="true">
              {' · '}
            </span>
            {ticket.subject}
          </h1>
          <div className="flex flex-wrap items-center gap-2 text-xs text-slate-500">
            <TicketStatusBadge status={ticket.status} />
            <span>
              {TICKET_TEXT.createdAt} {formatDateTime(ticket.created_at)}
              {ticket.created_by ? ` · ${ticket.created_by.name}` : ''}
            </span>
            {(ticket.sla_due_at || ticket.sla_breached_at) && (
              <span className="flex items-center gap-1">
                {TICKET_TEXT.sla}:
                <SlaLabel dueAt={ticket.sla_due_at} breachedAt={ticket.sla_breached_at} />
              </span>
            )}
            {ticket.due_at && (
              <span className="flex items-center gap-1" data-testid="ticket-due">
                {TICKET_TEXT.dueAt}:
                <SlaLabel dueAt={ticket.due_at} breachedAt={null} />
              </span>
            )}
          </div>
          <RecordPresence
            kind="ticket"
            others={presence.others}
            changedByOther={presence.changedByOther}
            describeFields={describeTicketFields}
          />
        </div>
        <TicketActionsMenu
          mergeable={mergeable}
          onMerge={() => setMerging(true)}
          onDelete={() => setDeleting(true)}
        />
        <ConfirmDialog
          open={deleting}
          onOpenChange={setDeleting}
          title={deleteConfirmText(ticket.code)}
          description="Thao tác này không thể hoàn tác."
          onConfirm={() => remove.mutateAsync().catch(() => undefined)}
        />
        <TicketMergeDialog
          ticket={ticket}
          open={merging}
          onOpenChange={setMerging}
          onMerged={() => reloadAll(ticket._id)}
        />
      </header>
      {ticket.merged_into && (
        <div
          role="status"
          data-testid="merged-banner"
          className="flex items-start gap-2 rounded-lg border border-sky-200 bg-sky-50 px-4 py-3 text-sm text-sky-950"
        >
          <Info className="mt-0.5 size-4 shrink-0 text-sky-700" aria-hidden="true" />
          <div>
            <p>
              {DETAIL_ACTIONS_TEXT.mergedInto}{' '}
              <Link
                to={recordPath('ticket', ticket.merged_into.number)}
                className="font-medium text-teal-800 underline-offset-2 hover:underline"
              >
                {ticket.merged_into.code}
              </Link>
              .
            </p>
            <p className="text-xs text-sky-900/80">{DETAIL_ACTIONS_TEXT.mergedHint}</p>
          </div>
        </div>
      )}
      {/*
        Beside the conversation: the ticket's properties on the left, the customer panel on the
        right from 1536 px; narrower, they share the left column as two tabs.
      */}
      <div className="grid gap-4 lg:grid-cols-[18rem_minmax(0,1fr)] lg:grid-rows-[auto_1fr] 2xl:grid-cols-[18rem_minmax(0,1fr)_22rem]">
        <div className="lg:col-start-1 lg:row-start-1 2xl:hidden">
          <SegmentedTabs
            label={TICKET_TEXT.sideTabs}
            options={SIDE_TABS}
            value={side}
            onChange={setSide}
          />
        </div>
        <aside
          aria-label={TICKET_TEXT.customerPanel}
          className={cn(
            'flex h-fit min-w-0 flex-col gap-4 lg:col-start-1 lg:row-start-2 2xl:col-start-3 2xl:row-span-2 2xl:row-start-1 2xl:flex',
            side === 'ticket' && 'hidden',
          )}
        >
          <CustomerPanel
            customerId={ticket.requester?._id ?? null}
            currentTicketId={ticket._id}
            emptyText={TICKET_TEXT.noRequester}
            onSaved={() => void query.refetch()}
          />
        </aside>
        <div
          className={cn(
            'flex h-fit flex-col gap-4 lg:col-start-1 lg:row-start-2 2xl:row-span-2 2xl:row-start-1 2xl:flex',
            side === 'customer' && 'hidden',
          )}
        >
          <Card className="p-4">
            <fieldset disabled={closedForMe} className="contents">
              {closedForMe && (
                <p className="mb-3 text-xs text-slate-500" data-testid="closed-note">
                  {TICKET_MESSAGES.closed}
                </p>
              )}
              <TicketProperties
                value={fieldsOf(ticket)}
                statusLocked={closedForMe}
                errors={errors}
                saved={savedMarks.saved}
                changedBy={presence.changedByOther?.by.name}
                onChange={(patch) => save.mutate(patch)}
              />
            </fieldset>
          </Card>
          <Card className="p-4">
            <TicketLinks ticketId={ticket._id} />
          </Card>
          <TicketCallsCard ticketId={ticket._id} />
        </div>
        <Card className="flex min-w-0 flex-col gap-4 p-4 lg:col-start-2 lg:row-span-2 lg:row-start-1">
          {ticket.description && (
            <RichTextView
              html={ticket.description}
              className="border-b border-slate-100 pb-3 text-sm"
            />
          )}
          <div role="tablist" className="flex gap-4 border-b border-slate-200 text-sm">
            {(
              [
                ['conversation', 'Trao đổi'],
                ['activity', 'Lịch sử thay đổi'],
              ] as const
            ).map(([value, label]) => (
              <button
                key={value}
                type="button"
                role="tab"
                aria-selected={tab === value}
                onClick={() => setTab(value)}
                className={
                  tab === value
                    ? 'border-b-2 border-teal-700 pb-2 font-medium text-teal-900'
                    : 'pb-2 text-slate-500'
                }
              >
                {label}
              </button>
            ))}
          </div>
          {tab === 'conversation' ? (
            <TicketConversation
              ticketId={ticket._id}
              tabKey={tabKey}
              closed={ticket.status === 'closed'}
              onTyping={presence.typed}
              ref={conversation}
              onSplit={(comment) => split.mutateAsync(comment._id)}
              onSent={(changed) => {
                presence.stoppedTyping();
                if (changed) {
                  // A macro's changes: the ticket as it answered, and the lists it shows in.
                  queryClient.setQueryData(ticketKeys.ticket(routeId), changed);
                  void queryClient.invalidateQueries({ queryKey: ticketKeys.lists });
                } else void query.refetch();
                void queryClient.invalidateQueries({ queryKey: ticketKeys.activities(ticket._id) });
              }}
            />
          ) : (
            <ActivityTimeline
              title="Lịch sử thay đổi"
              titleId="ticket-activity-title"
              showTitle={false}
              entries={activities.data?.data ?? []}
              pending={activities.isPending}
              failed={activities.isError}
              onRetry={() => void activities.refetch()}
            />
          )}
        </Card>
      </div>
    </div>
  );
}

interface NewTicketDraft {
  subject: string;
  description: string;
  fields: TicketFieldsValue;
  patch: TicketFieldsPatch;
  /** Custom field values, typed or brought by a template. */
  custom: Record<string, unknown>;
  /** The ticket template applied last, shown in its picker. */
  template_id?: string;
}
const EMPTY_FIELDS: TicketFieldsValue = {
  status: 'new',
  source: 'hand',
  requester: null,
  priority_id: null,
  type_id: null,
  service_id: null,
  group: null,
  assignee: null,
  tags: [],
  followers: [],
  cc: [],
  due_at: null,
  custom: {},
};

/** A new ticket in its own tab: everything typed is the tab's 'ticket' draft until created. */
function NewTicket({ routeId }: { routeId: string }) {
  const queryClient = useQueryClient();
  const { tabKey, openInstead } = useRecordTab('ticket', routeId, undefined);
  const [draft, setDraft] = useState<NewTicketDraft>(() => {
    const saved = readTabDraft(tabKey).ticket as Partial<NewTicketDraft> | undefined;
    return {
      subject: saved?.subject ?? '',
      description: saved?.description ?? '',
      fields: { ...EMPTY_FIELDS, ...saved?.fields },
      patch: saved?.patch ?? {},
      custom: saved?.custom ?? {},
      template_id: saved?.template_id,
    };
  });
  // An agent's ticket is theirs unless they pick someone else or nobody (the server's default).
  const own = useOwnAssignee();
  const ownAssignee = own && draft.patch.assignee_id === undefined ? own : null;
  const [errors, setErrors] = useState<Record<string, string>>({});
  const templates = useResourceList('templates');
  const change = (next: NewTicketDraft) => {
    setDraft(next);
    saveTabDraft(tabKey, 'ticket', next as unknown as Record<string, unknown>);
  };
  /** A ticket template fills what it holds; what it leaves empty stays as typed. */
  const applyTemplate = (template: TicketTemplate) => {
    const fields: Partial<TicketFieldsValue> = {
      ...(template.priority_id ? { priority_id: template.priority_id } : {}),
      ...(template.type_id ? { type_id: template.type_id } : {}),
      ...(template.service_id ? { service_id: template.service_id } : {}),
      ...(template.tags.length > 0 ? { tags: template.tags } : {}),
    };
    const patch: TicketFieldsPatch = {
      ...(fields.priority_id ? { priority_id: fields.priority_id } : {}),
      ...(fields.type_id ? { type_id: fields.type_id } : {}),
      ...(fields.service_id ? { service_id: fields.service_id } : {}),
      ...(fields.tags ? { tag_ids: template.tag_ids } : {}),
    };
    change({
      subject: template.subject || draft.subject,
      description: template.description || draft.description,
      fields: { ...draft.fields, ...fields },
      patch: { ...draft.patch, ...patch },
      custom: { ...draft.custom, ...template.custom },
      template_id: template._id,
    });
  };
  const create = useMutation({
    // Refusals naming fields show on them; anything else as a toast.
    meta: { silent: true },
    mutationFn: () =>
      createTicket({
        subject: draft.subject,
        description: draft.description,
        ...(ownAssignee ? { assignee_id: ownAssignee._id } : {}),
        ...draft.patch,
        ...(Object.keys(draft.custom).length > 0 ? { custom: draft.custom } : {}),
      }),
    onSuccess: ({ data, message }) => {
      toast.success(message || TICKET_TEXT.created);
      removeTabDraft(tabKey);
      queryClient.setQueryData(ticketKeys.ticket(String(data.number)), data);
      void queryClient.invalidateQueries({ queryKey: ticketKeys.lists });
      openInstead(data.number);
    },
    onError: (error) => {
      const fieldErrors = isApiError(error)
        ? (error.body as { errors?: { param: string; message: string }[] })?.errors
        : undefined;
      setErrors(Object.fromEntries((fieldErrors ?? []).map((item) => [item.param, item.message])));
      if (!fieldErrors?.length) toast.error(errorMessage(error));
    },
  });

  return (
    <form
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        if (!create.isPending) create.mutate();
      }}
    >
      <header className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-xl font-semibold tracking-tight text-slate-900">
          {recordTabTitle('ticket', routeId)}
        </h1>
        <Button type="submit" disabled={create.isPending}>
          Tạo ticket
        </Button>
      </header>
      <div className="grid gap-4 lg:grid-cols-[18rem_minmax(0,1fr)]">
        <Card className="h-fit p-4">
          <TicketProperties
            creating
            value={{
              ...draft.fields,
              ...(ownAssignee ? { assignee: ownAssignee } : {}),
              custom: draft.custom,
            }}
            errors={errors}
            onChange={({ custom, ...patch }, shown) => {
              // A field changed since the server refused it loses its message.
              const changed = [
                ...Object.keys(patch),
                ...Object.keys({ ...draft.custom, ...custom })
                  .filter((key) => custom && custom[key] !== draft.custom[key])
                  .map((key) => `custom.${key}`),
              ];
              setErrors((current) =>
                Object.fromEntries(
                  Object.entries(current).filter(
                    ([param]) =>
                      !changed.some((key) => param === key || param.startsWith(`${key}.`)),
                  ),
                ),
              );
              change({
                ...draft,
                fields: { ...draft.fields, ...shown, custom: {} },
                patch: { ...draft.patch, ...patch },
                custom: custom ?? draft.custom,
              });
            }}
          />
        </Card>
        <Card className="flex min-w-0 flex-col gap-3 p-4">
          {templates.data && templates.data.data.length > 0 && (
            <TicketTemplatePicker
              templates={templates.data.data}
              value={draft.template_id ?? null}
              onApply={applyTemplate}
            />
          )}
          <div className="flex flex-col gap-1">
            <Label htmlFor="ticket-subject">{TICKET_TEXT.subject}</Label>
            <Input
              id="ticket-subject"
              value={draft.subject}
              aria-invalid={Boolean(errors.subject)}
              onChange={(event) => change({ ...draft, subject: event.target.value })}
              placeholder="Tóm tắt yêu cầu của khách hàng"
            />
            {errors.subject && <p className="text-xs text-red-600">{errors.subject}</p>}
          </div>
          <div className="flex flex-col gap-1">
            <span className="text-sm font-medium">Mô tả</span>
            <RichTextEditor
              label="Mô tả"
              value={draft.description}
              onChange={(description) => change({ ...draft, description })}
              mentionSource={STAFF_SOURCE}
              placeholder="Mô tả chi tiết yêu cầu"
            />
            {errors.description && <p className="text-xs text-red-600">{errors.description}</p>}
          </div>
        </Card>
      </div>
    </form>
  );
}
