import { useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import {
  ArrowRightLeft,
  Grid3x3,
  GripHorizontal,
  Mic,
  MicOff,
  Pause,
  PhoneOff,
  Play,
} from 'lucide-react';
import { formatPhone } from '@omnicare/shared/customers/phone-format';
import { formatCallDuration } from '@omnicare/shared/telephony/calls.schemas';
import { CALL_FORWARD_ACTION, type CallForwardAction } from '@omnicare/shared/telephony/call-enums';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { cn } from '@/lib/cn';
import { useNow } from '@/lib/use-now';
import { useCurrentUser } from '@/stores/session-store';
import { fetchStaffPage } from '@/features/users/users.api';
import { useQueues } from '../../telephony.queries';
import { useCallStore } from '../call-store';
import { SOFTPHONE_TEXT as TEXT } from '../softphone-text';
import { Keypad } from './softphone-header';

export interface InCallActions {
  onHangup: () => void;
  onToggleMute: () => void;
  onToggleHold: () => void;
  onDtmf: (tone: string) => void;
  /** Blind transfer to a SIP user (agent) or a hotline (queue); resolves with success. */
  onTransfer: (target: string) => Promise<boolean>;
  /** Invites an agent (SIP user) into a 3-way call; resolves once they joined, or false. */
  onInvite: (target: string) => Promise<boolean>;
  onEndConference: () => void;
}

/** The panel's y counts from just below the header. */
const PANEL_TOP = 72;

/** The call's running time from its answer. */
export function CallTimer({ startTime }: { startTime: number | null }) {
  const now = useNow(1_000);
  const seconds = startTime ? Math.max(0, Math.floor((now - startTime) / 1000)) : 0;
  return (
    <span data-testid="in-call-timer" className="font-mono text-sm tabular-nums">
      {formatCallDuration(seconds)}
    </span>
  );
}

function AgentTransfer({
  onPick,
  testIdPrefix = 'transfer-agent',
}: {
  onPick: (sipUsername: string) => void;
  testIdPrefix?: string;
}) {
  const [keyword, setKeyword] = useState('');
  const text = keyword.trim();
  const agents = useQuery({
    queryKey: ['softphone', 'transfer-agents', text],
    queryFn: ({ signal }) =>
      fetchStaffPage({ keyword: text || undefined, page: 1, page_size: 20 }, signal),
    staleTime: 10_000,
  });
  const me = useCurrentUser();
  // Others only, those with a SIP account first (the rest shown greyed, they cannot take calls).
  const list = (agents.data?.list ?? [])
    .filter((agent) => agent.active && agent._id !== me?._id && agent._id !== me?.user_id)
    .sort((a, b) => Number(!a.sip_username) - Number(!b.sip_username));
  return (
    <div className="flex flex-col gap-2">
      <Input
        data-testid={`${testIdPrefix}-search`}
        aria-label={TEXT.chooseAgent}
        placeholder={TEXT.chooseAgent}
        value={keyword}
        onChange={(event) => setKeyword(event.target.value)}
        className="h-8"
      />
      <ul className="max-h-48 overflow-y-auto" data-testid={`${testIdPrefix}-list`}>
        {list.length === 0 && !agents.isLoading && (
          <li className="px-2 py-1.5 text-xs text-slate-500">{TEXT.noAgents}</li>
        )}
        {list.map((agent) => (
          <li key={agent._id}>
            <button
              type="button"
              disabled={!agent.sip_username}
              data-testid={`${testIdPrefix}-${agent.sip_username ?? agent._id}`}
              onClick={() => agent.sip_username && onPick(agent.sip_username)}
              className="flex w-full items-center gap-2 rounded px-2 py-1.5 text-left text-sm hover:bg-slate-100 disabled:cursor-not-allowed disabled:opacity-50"
            >
              <Avatar name={agent.name} url={null} />
              <span className="min-w-0 flex-1 truncate">{agent.name}</span>
              <span className="text-xs text-slate-500">
                {agent.sip_username ?? TEXT.noSipAccount}
              </span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

function QueueTransfer({ onPick }: { onPick: (hotline: string) => void }) {
  const queues = useQueues();
  return (
    <ul className="max-h-48 overflow-y-auto" data-testid="transfer-queue-list">
      {(queues.data ?? []).map((queue) => (
        <li key={queue._id}>
          <button
            type="button"
            disabled={queue.hotlines.length === 0}
            data-testid={`transfer-queue-${queue._id}`}
            onClick={() => queue.hotlines[0] && onPick(queue.hotlines[0])}
            className="flex w-full items-center justify-between gap-2 rounded px-2 py-1.5 text-left text-sm hover:bg-slate-100 disabled:cursor-not-allowed disabled:opacity-50"
          >
            <span className="truncate">{queue.name}</span>
            <span className="text-xs text-slate-500">
              {queue.hotlines[0] ? formatPhone(queue.hotlines[0]) : TEXT.queueNoHotline}
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}

/** The call-forward actions of spec section 3: transfer, invite, transferACD, transferIVR. */
function TransferMenu({ onTransfer, onInvite }: Pick<InCallActions, 'onTransfer' | 'onInvite'>) {
  const [action, setAction] = useState<CallForwardAction>('transfer');
  const [result, setResult] = useState<string | null>(null);
  const run = async (target: string) => {
    setResult(null);
    const ok = await onTransfer(target);
    setResult(ok ? TEXT.transferred : TEXT.transferFailed);
  };
  const invite = async (target: string) => {
    setResult(TEXT.inviting(target));
    const ok = await onInvite(target);
    setResult(ok ? TEXT.invited(target) : TEXT.inviteFailed);
  };
  return (
    <div className="flex flex-col gap-3" data-testid="transfer-menu">
      <div className="grid grid-cols-2 gap-1" role="tablist">
        {CALL_FORWARD_ACTION.options().map((option) => (
          <button
            key={option.value}
            type="button"
            role="tab"
            aria-selected={action === option.value}
            data-testid={`transfer-action-${option.value}`}
            onClick={() => {
              setAction(option.value);
              setResult(null);
            }}
            className={cn(
              'rounded-md px-2 py-1.5 text-xs font-medium',
              action === option.value
                ? 'bg-teal-700 text-white'
                : 'bg-slate-100 text-slate-700 hover:bg-slate-200',
            )}
          >
            {option.label}
          </button>
        ))}
      </div>
      {action === 'transfer' && <AgentTransfer onPick={(sip) => void run(sip)} />}
      {action === 'transferACD' && <QueueTransfer onPick={(hotline) => void run(hotline)} />}
      {action === 'invite' && (
        <>
          <p className="text-xs text-slate-500">{TEXT.inviteHint}</p>
          <AgentTransfer onPick={(sip) => void invite(sip)} testIdPrefix="invite-agent" />
        </>
      )}
      {action === 'transferIVR' && (
        <p className="text-xs text-slate-600" data-testid="transfer-ivr-unavailable">
          {TEXT.ivrNotConfigured}
        </p>
      )}
      {result && (
        <p
          className="text-xs font-medium text-slate-800"
          role="status"
          data-testid="transfer-result"
        >
          {result}
        </p>
      )}
    </div>
  );
}

/** The call in progress: draggable, with its timer and controls (fresh for each call). */
export function InCallPanel(actions: InCallActions) {
  const isInCall = useCallStore((state) => state.isInCall);
  const ringingIncoming = useCallStore(
    (state) => state.direction === 'incoming' && state.callStatus === 'RINGING',
  );
  const callId = useCallStore((state) => state.callInfo?.callId ?? '');
  if (!isInCall || ringingIncoming) return null;
  return <InCallPanelBody key={callId} {...actions} />;
}

function InCallPanelBody(actions: InCallActions) {
  const callStatus = useCallStore((state) => state.callStatus);
  const number = useCallStore((state) => state.currentNumberCall);
  const caller = useCallStore((state) => state.caller);
  const callInfo = useCallStore((state) => state.callInfo);
  const startTime = useCallStore((state) => state.startTime);
  const isMuted = useCallStore((state) => state.isMuted);
  const isOnHold = useCallStore((state) => state.isOnHold);
  const position = useCallStore((state) => state.positionInCall);
  const conferenceWith = useCallStore((state) => state.conferenceWith);
  const setPosition = useCallStore((state) => state.setPositionInCall);
  const [keypadOpen, setKeypadOpen] = useState(false);
  const [tones, setTones] = useState('');
  const drag = useRef<{ x: number; y: number; startX: number; startY: number } | null>(null);

  const established = startTime !== null;
  const name = caller?.name ?? TEXT.newCustomer;

  const onPointerDown = (event: ReactPointerEvent<HTMLDivElement>) => {
    drag.current = { x: event.clientX, y: event.clientY, startX: position.x, startY: position.y };
    event.currentTarget.setPointerCapture?.(event.pointerId);
  };
  const onPointerMove = (event: ReactPointerEvent<HTMLDivElement>) => {
    const from = drag.current;
    if (!from) return;
    // x counts from the right edge, y from below the header.
    const maxX = Math.max(0, window.innerWidth - 340);
    const maxY = Math.max(0, window.innerHeight - 200);
    setPosition({
      x: Math.min(maxX, Math.max(0, from.startX - (event.clientX - from.x))),
      y: Math.min(maxY, Math.max(0, from.startY + (event.clientY - from.y))),
    });
  };
  const onPointerUp = () => {
    drag.current = null;
  };

  return (
    <section
      aria-label={TEXT.inCall}
      data-testid="in-call-panel"
      data-status={callStatus}
      style={{ right: position.x, top: PANEL_TOP + position.y }}
      className="fixed z-40 w-80 overflow-hidden rounded-xl border border-slate-200 bg-white shadow-2xl"
    >
      <div
        data-testid="in-call-drag-handle"
        aria-label={TEXT.dragHandle}
        title={TEXT.dragHandle}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
        className="flex cursor-move touch-none items-center justify-between bg-slate-800 px-4 py-2 text-white select-none"
      >
        <span className="flex items-center gap-2 text-sm">
          <GripHorizontal className="size-4 text-slate-400" aria-hidden="true" />
          <span data-testid="in-call-status">{TEXT.status[callStatus]}</span>
        </span>
        <CallTimer startTime={startTime} />
      </div>
      <div className="flex items-center gap-3 px-4 py-3">
        <Avatar name={name} url={caller?.avatar} />
        <div className="min-w-0 flex-1">
          <p className="truncate text-sm font-semibold text-slate-900" data-testid="in-call-name">
            {caller?.customerNumber ? (
              <Link className="hover:underline" to={`/customers/${caller.customerNumber}`}>
                {name}
              </Link>
            ) : (
              name
            )}
          </p>
          <p className="text-xs text-slate-600 tabular-nums" data-testid="in-call-number">
            {formatPhone(number) || number}
          </p>
        </div>
        {callInfo?.ticketId && (
          <Button asChild variant="link" size="sm" className="px-0">
            <Link to={`/tickets/${callInfo.ticketId}`} data-testid="in-call-ticket">
              {TEXT.openTicket}
            </Link>
          </Button>
        )}
      </div>
      {conferenceWith && (
        <div
          className="flex items-center justify-between gap-2 border-t border-slate-100 bg-teal-50 px-4 py-2 text-xs text-teal-900"
          data-testid="in-call-conference"
        >
          <span className="truncate">{TEXT.conferenceWith(conferenceWith)}</span>
          <Button
            variant="outline"
            size="sm"
            className="h-7"
            data-testid="in-call-conference-end"
            onClick={actions.onEndConference}
          >
            {TEXT.endConference}
          </Button>
        </div>
      )}
      {keypadOpen && established && (
        <div className="border-t border-slate-100 px-4 py-3" data-testid="in-call-dtmf-keypad">
          <p
            className="mb-2 h-5 text-right font-mono text-sm text-slate-700"
            data-testid="in-call-dtmf-tones"
          >
            {tones || <span className="font-sans text-xs text-slate-400">{TEXT.dtmfHint}</span>}
          </p>
          <Keypad
            testIdPrefix="in-call-dtmf-key"
            onKey={(key) => {
              setTones((text) => (text + key).slice(-20));
              actions.onDtmf(key);
            }}
          />
        </div>
      )}
      <div className="grid grid-cols-5 gap-1 border-t border-slate-100 p-2">
        <PanelButton
          testId="in-call-mute"
          label={isMuted ? TEXT.unmute : TEXT.mute}
          pressed={isMuted}
          disabled={!established}
          onClick={actions.onToggleMute}
        >
          {isMuted ? <MicOff /> : <Mic />}
        </PanelButton>
        <PanelButton
          testId="in-call-hold"
          label={isOnHold ? TEXT.unhold : TEXT.hold}
          pressed={isOnHold}
          disabled={!established}
          onClick={actions.onToggleHold}
        >
          {isOnHold ? <Play /> : <Pause />}
        </PanelButton>
        <PanelButton
          testId="in-call-dtmf"
          label={TEXT.keypad}
          shortLabel={TEXT.keypadShort}
          pressed={keypadOpen}
          disabled={!established}
          onClick={() => setKeypadOpen((open) => !open)}
        >
          <Grid3x3 />
        </PanelButton>
        <Popover>
          <PopoverTrigger asChild disabled={!established}>
            <button
              type="button"
              data-testid="in-call-transfer"
              aria-label={TEXT.transfer}
              title={TEXT.transfer}
              disabled={!established}
              className="flex h-12 flex-col items-center justify-center gap-0.5 rounded-md text-[11px] text-slate-700 hover:bg-slate-100 disabled:opacity-40 [&_svg]:size-4"
            >
              <ArrowRightLeft />
              {TEXT.transferShort}
            </button>
          </PopoverTrigger>
          <PopoverContent align="end" className="w-80">
            <TransferMenu onTransfer={actions.onTransfer} onInvite={actions.onInvite} />
          </PopoverContent>
        </Popover>
        <PanelButton
          testId="in-call-hangup"
          label={TEXT.hangup}
          destructive
          onClick={actions.onHangup}
        >
          <PhoneOff />
        </PanelButton>
      </div>
    </section>
  );
}

function PanelButton({
  testId,
  label,
  shortLabel,
  pressed,
  disabled,
  destructive,
  onClick,
  children,
}: {
  testId: string;
  label: string;
  shortLabel?: string;
  pressed?: boolean;
  disabled?: boolean;
  destructive?: boolean;
  onClick: () => void;
  children: React.ReactNode;
}) {
  return (
    <button
      type="button"
      data-testid={testId}
      aria-label={label}
      aria-pressed={pressed === undefined ? undefined : pressed}
      title={label}
      disabled={disabled}
      onClick={onClick}
      className={cn(
        'flex h-12 flex-col items-center justify-center gap-0.5 rounded-md text-[11px] disabled:opacity-40 [&_svg]:size-4',
        destructive
          ? 'bg-red-600 text-white hover:bg-red-700'
          : pressed
            ? 'bg-teal-50 text-teal-800'
            : 'text-slate-700 hover:bg-slate-100',
      )}
    >
      {children}
      <span className="max-w-full truncate">{shortLabel ?? label}</span>
    </button>
  );
}
