import type { Presence } from '@omnicare/shared/users/presence';
import { cn } from '@/lib/cn';

const PRESENCE_DOT: Partial<Record<Presence, string>> = {
  AVAILABLE: 'bg-emerald-500',
  NOACD: 'bg-teal-500',
  ONCAMPAIGN: 'bg-sky-500',
  TYPING: 'bg-emerald-400',
  'NOT AVAILABLE': 'bg-red-500',
  LOGOUT: 'bg-slate-400',
};

/** A person's work status as a coloured dot (the header's colours; breaks are amber). */
export function PresenceDot({
  presence,
  className,
}: {
  presence: Presence | undefined;
  className?: string;
}) {
  return (
    <span
      className={cn(
        'size-2 shrink-0 rounded-full',
        (presence && PRESENCE_DOT[presence]) ?? 'bg-amber-500',
        className,
      )}
      aria-hidden="true"
    />
  );
}
