import { useState } from 'react';
import { Delete, Phone } from 'lucide-react';
import {
  SIP_CONNECTION_STATE,
  type SipConnectionState,
} from '@omnicare/shared/telephony/softphone';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { Switch } from '@/components/ui/switch';
import { cn } from '@/lib/cn';
import { useCallStore } from '../call-store';
import { isDialable, normalizeDialNumber } from '../softphone-rules';
import { SOFTPHONE_TEXT as TEXT } from '../softphone-text';

const DOT: Record<SipConnectionState, string> = {
  idle: 'bg-slate-300',
  connecting: 'bg-amber-400 animate-pulse',
  connected: 'bg-amber-400 animate-pulse',
  registered: 'bg-emerald-500',
  unregistered: 'bg-slate-400',
  disconnected: 'bg-amber-500 animate-pulse',
  registration_failed: 'bg-red-500',
  unreachable: 'bg-red-500',
  unsupported: 'bg-red-500',
  microphone_denied: 'bg-red-500',
  load_failed: 'bg-red-500',
};

export const KEYS = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '*', '0', '#'] as const;

/** Twelve keys (digits, * and #): the dialpad and the in-call DTMF keypad share it. */
export function Keypad({
  onKey,
  testIdPrefix,
  disabled,
}: {
  onKey: (key: string) => void;
  testIdPrefix: string;
  disabled?: boolean;
}) {
  return (
    <div className="grid grid-cols-3 gap-1.5">
      {KEYS.map((key) => (
        <Button
          key={key}
          variant="outline"
          className="h-10 text-base font-semibold tabular-nums"
          disabled={disabled}
          data-testid={`${testIdPrefix}-${key === '*' ? 'star' : key === '#' ? 'hash' : key}`}
          onClick={() => onKey(key)}
        >
          {key}
        </Button>
      ))}
    </div>
  );
}

/** The connection state as a dot and, on wide screens, its words. */
export function ConnectionStatus() {
  const connection = useCallStore((state) => state.connection);
  const gateway = useCallStore((state) => state.activeGateway);
  const label = SIP_CONNECTION_STATE.label(connection);
  return (
    <span
      data-testid="softphone-connection"
      data-state={connection}
      role="status"
      aria-label={`${TEXT.connection}: ${label}`}
      title={gateway ? `${label} · ${gateway}` : label}
      className="flex items-center gap-1.5 text-xs text-slate-600"
    >
      <span className={cn('size-2 rounded-full', DOT[connection])} aria-hidden="true" />
      <span className="hidden max-w-56 truncate xl:inline">{label}</span>
    </span>
  );
}

/** The dialpad's body: the number field, the keys, call, auto-answer. */
export function Dialpad({ onCall }: { onCall: (number: string) => boolean }) {
  const [value, setValue] = useState('');
  const connection = useCallStore((state) => state.connection);
  const isInCall = useCallStore((state) => state.isInCall);
  const isAutoAnswer = useCallStore((state) => state.isAutoAnswer);
  const setAutoAnswer = useCallStore((state) => state.setAutoAnswer);
  const number = normalizeDialNumber(value);
  const canCall = isDialable(number) && connection === 'registered' && !isInCall;
  const submit = () => {
    if (canCall && onCall(number)) setValue('');
  };
  return (
    <div className="flex flex-col gap-3" data-testid="softphone-dialpad">
      <div className="flex items-center gap-1">
        <Input
          data-testid="dialpad-input"
          aria-label={TEXT.numberInput}
          placeholder={TEXT.numberPlaceholder}
          inputMode="tel"
          autoComplete="off"
          value={value}
          onChange={(event) => setValue(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') submit();
          }}
          className="h-10 text-base tabular-nums"
        />
        <Button
          variant="ghost"
          size="icon"
          aria-label={TEXT.backspace}
          disabled={!value}
          onClick={() => setValue((text) => text.slice(0, -1))}
        >
          <Delete />
        </Button>
      </div>
      {value && number !== value.trim() && (
        <p className="-mt-2 text-xs text-slate-500" data-testid="dialpad-normalized">
          {number || TEXT.invalidNumber}
        </p>
      )}
      <Keypad testIdPrefix="dialpad-key" onKey={(key) => setValue((text) => text + key)} />
      <Button
        data-testid="dialpad-call"
        className="h-10 bg-emerald-600 hover:bg-emerald-700"
        disabled={!canCall}
        onClick={submit}
      >
        <Phone />
        {TEXT.call}
      </Button>
      {connection !== 'registered' && (
        <p className="text-xs text-slate-500">{SIP_CONNECTION_STATE.label(connection)}</p>
      )}
      <label className="flex items-center justify-between gap-2 border-t border-slate-100 pt-3 text-sm text-slate-700">
        {TEXT.autoAnswer}
        <Switch
          data-testid="softphone-auto-answer"
          checked={isAutoAnswer}
          onCheckedChange={(checked) => setAutoAnswer(checked)}
        />
      </label>
    </div>
  );
}

/** The header's softphone: the status dot and the dialpad; nothing without a SIP account. */
export function SoftphoneHeader({
  onCall,
  onOpen,
}: {
  onCall: (number: string) => boolean;
  /** The dialpad opens: the engine says why voice cannot work, if it cannot. */
  onOpen?: () => void;
}) {
  const hasSipAccount = useCallStore((state) => state.hasSipAccount);
  const connection = useCallStore((state) => state.connection);
  const [open, setOpen] = useState(false);
  if (!hasSipAccount) return null;
  return (
    <Popover
      open={open}
      onOpenChange={(next) => {
        if (next) onOpen?.();
        setOpen(next);
      }}
    >
      <PopoverTrigger asChild>
        <button
          type="button"
          data-testid="softphone-toggle"
          aria-label={`${TEXT.openDialpad} (${SIP_CONNECTION_STATE.label(connection)})`}
          className="flex h-8 items-center gap-2 rounded-full border border-slate-200 bg-white px-3 text-[13px] text-slate-700 outline-none hover:bg-slate-50 focus-visible:ring-2 focus-visible:ring-teal-600/50"
        >
          <Phone className="size-4 text-teal-700" aria-hidden="true" />
          <ConnectionStatus />
        </button>
      </PopoverTrigger>
      <PopoverContent align="end" className="w-72">
        <p className="mb-3 text-sm font-medium text-slate-900">{TEXT.dialpad}</p>
        <Dialpad
          onCall={(number) => {
            const ok = onCall(number);
            if (ok) setOpen(false);
            return ok;
          }}
        />
      </PopoverContent>
    </Popover>
  );
}
