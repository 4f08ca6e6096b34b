import { UserRound } from 'lucide-react';
import { cn } from '@/lib/cn';

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const picked = parts.length > 1 ? [parts[parts.length - 2], parts[parts.length - 1]] : parts;
  return (
    picked
      .map((part) => part?.[0] ?? '')
      .join('')
      .toUpperCase() || '?'
  );
}

/** The customer's picture, else the initials of the last two words of the name. */
export function CustomerAvatar({
  name,
  url,
  size = 'sm',
  className,
}: {
  name: string;
  url: string | null | undefined;
  size?: 'sm' | 'lg';
  className?: string;
}) {
  const box = size === 'lg' ? 'size-20 text-xl' : 'size-8 text-xs';
  if (url) {
    return (
      <img
        src={url}
        alt={name}
        className={cn('shrink-0 rounded-full border border-slate-200 object-cover', box, className)}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      className={cn(
        'flex shrink-0 items-center justify-center rounded-full bg-teal-100 font-semibold text-teal-800',
        box,
        className,
      )}
    >
      {name.trim() ? initials(name) : <UserRound className="size-1/2" />}
    </span>
  );
}
