import type { ReactNode } from 'react';
import { AlertTriangle, Inbox, Loader2, RotateCcw } from 'lucide-react';
import { MESSAGES } from '@omnicare/shared/platform/errors';
import { cn } from '@/lib/cn';
import { UI_TEXT } from '@/lib/web-constants';
import { Button } from './button';

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

/**
 * A list that failed to load: said so where the rows would be, with 'Thử lại', never shown as
 * an empty list (an agent would take it for 'no such customer' and create a duplicate).
 */
export function LoadErrorState({
  onRetry,
  retrying = false,
  className,
}: {
  onRetry: () => unknown;
  retrying?: boolean;
  className?: string;
}) {
  return (
    <div
      role="alert"
      className={cn(
        'flex flex-col items-center justify-center gap-2 py-10 text-sm text-slate-600',
        className,
      )}
    >
      <AlertTriangle className="size-8 text-amber-500" aria-hidden="true" />
      <p>{UI_TEXT.loadFailed}</p>
      <Button variant="outline" size="sm" onClick={() => void onRetry()} disabled={retrying}>
        {retrying ? (
          <Loader2 className="animate-spin" aria-hidden="true" />
        ) : (
          <RotateCcw aria-hidden="true" />
        )}
        {UI_TEXT.retry}
      </Button>
    </div>
  );
}
