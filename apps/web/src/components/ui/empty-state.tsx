import type { ReactNode } from 'react';
import { Inbox } from 'lucide-react';
import { MESSAGES } from '@omnicare/shared/platform/errors';
import { cn } from '@/lib/cn';

/** The empty list text of the spec: 'Không có dữ liệu.'. */
export function EmptyState({
  message = MESSAGES.emptyList,
  className,
  children,
}: {
  message?: string;
  className?: string;
  children?: ReactNode;
}) {
  return (
    <div
      className={cn(
        'flex flex-col items-center justify-center gap-2 py-10 text-sm text-slate-500',
        className,
      )}
    >
      <Inbox className="size-8 text-slate-300" aria-hidden="true" />
      <p>{message}</p>
      {children}
    </div>
  );
}
