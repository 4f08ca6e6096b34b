import { Phone } from 'lucide-react';
import { formatPhone } from '@omnicare/shared/customers/phone-format';
import { cn } from '@/lib/cn';
import { useCallStore } from '../call-store';
import { softphone } from '../softphone-engine';
import { SOFTPHONE_TEXT as TEXT } from '../softphone-text';

/**
 * A phone icon that dials the number through the softphone (isClickToCall). Nothing shows for a
 * user without a SIP account; it is disabled while the softphone is not registered or in a call.
 * `number` may be a function resolving the number on click (a ticket's requester).
 */
export function ClickToCallButton({
  number,
  label,
  className,
  testId = 'click-to-call',
}: {
  number: string | null | (() => Promise<string | null>);
  label?: string;
  className?: string;
  testId?: string;
}) {
  const hasSipAccount = useCallStore((state) => state.hasSipAccount);
  const ready = useCallStore((state) => state.connection === 'registered' && !state.isInCall);
  if (!hasSipAccount || !number) return null;
  const shown = typeof number === 'string' ? formatPhone(number) || number : '';
  const title = label ?? TEXT.clickToCall(shown);
  return (
    <button
      type="button"
      data-testid={testId}
      aria-label={title}
      title={title}
      disabled={!ready}
      onClick={async (event) => {
        event.stopPropagation();
        const target = typeof number === 'string' ? number : await number();
        if (target) softphone.call(target, { isClickToCall: true });
      }}
      className={cn(
        'inline-flex size-7 shrink-0 items-center justify-center rounded-full text-teal-700 outline-none hover:bg-teal-50 focus-visible:ring-2 focus-visible:ring-teal-600/50 disabled:cursor-not-allowed disabled:opacity-40',
        className,
      )}
    >
      <Phone className="size-3.5" aria-hidden="true" />
    </button>
  );
}
