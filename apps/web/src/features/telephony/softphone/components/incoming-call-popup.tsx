import { Phone, PhoneOff } from 'lucide-react';
import { formatPhone } from '@omnicare/shared/customers/phone-format';
import { GENDER } from '@omnicare/shared/customers/customer-enums';
import { formatCalendarDay } from '@omnicare/shared/platform/time';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { useCallStore } from '../call-store';
import { SOFTPHONE_TEXT as TEXT } from '../softphone-text';

function Fact({ label, value, testId }: { label: string; value: string | null; testId: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className="truncate text-sm text-slate-800" data-testid={testId}>
        {value || '—'}
      </dd>
    </div>
  );
}

/** The ringing call: who calls (from the customers) and answer / reject. */
export function IncomingCallPopup({
  onAnswer,
  onReject,
}: {
  onAnswer: () => void;
  onReject: () => void;
}) {
  const ringing = useCallStore(
    (state) => state.direction === 'incoming' && state.callStatus === 'RINGING',
  );
  const caller = useCallStore((state) => state.caller);
  const number = useCallStore((state) => state.currentNumberCall);
  const hotline = useCallStore((state) => state.hotline);
  if (!ringing) return null;
  const name = caller?.name ?? TEXT.newCustomer;
  const shownNumber = formatPhone(number) || number;
  return (
    <div
      role="alertdialog"
      aria-labelledby="softphone-incoming-title"
      aria-describedby="softphone-incoming-name"
      data-testid="incoming-call-popup"
      className="fixed top-16 right-4 z-50 w-80 overflow-hidden rounded-xl border border-slate-200 bg-white shadow-2xl"
    >
      <div className="flex items-center justify-between bg-teal-700 px-4 py-2 text-white">
        <span id="softphone-incoming-title" className="flex items-center gap-2 text-sm font-medium">
          <span className="relative flex size-2.5">
            <span className="absolute inline-flex size-full animate-ping rounded-full bg-white/80" />
            <span className="relative inline-flex size-2.5 rounded-full bg-white" />
          </span>
          {TEXT.incomingCall}
        </span>
        {hotline && (
          <span className="text-xs text-teal-100">
            {TEXT.hotline} {formatPhone(hotline) || hotline}
          </span>
        )}
      </div>
      <div className="flex items-center gap-3 px-4 pt-4">
        <Avatar name={name} url={caller?.avatar} size="lg" className="size-14 text-lg" />
        <div className="min-w-0">
          <p
            id="softphone-incoming-name"
            data-testid="incoming-caller-name"
            className="truncate text-base font-semibold text-slate-900"
          >
            {name}
          </p>
          <p data-testid="incoming-caller-number" className="text-sm text-slate-600 tabular-nums">
            {shownNumber}
          </p>
        </div>
      </div>
      <dl className="grid grid-cols-3 gap-2 px-4 py-3">
        <Fact
          label={TEXT.gender}
          value={caller?.gender ? GENDER.label(caller.gender) : null}
          testId="incoming-caller-gender"
        />
        <Fact
          label={TEXT.dob}
          value={caller?.dob ? formatCalendarDay(caller.dob) : null}
          testId="incoming-caller-dob"
        />
        <Fact label={TEXT.group} value={caller?.group ?? null} testId="incoming-caller-group" />
      </dl>
      <div className="grid grid-cols-2 gap-2 border-t border-slate-100 p-3">
        <Button variant="destructive" data-testid="incoming-reject" onClick={onReject}>
          <PhoneOff />
          {TEXT.reject}
        </Button>
        <Button
          data-testid="incoming-answer"
          className="bg-emerald-600 hover:bg-emerald-700"
          onClick={onAnswer}
          autoFocus
        >
          <Phone />
          {TEXT.answer}
        </Button>
      </div>
    </div>
  );
}
