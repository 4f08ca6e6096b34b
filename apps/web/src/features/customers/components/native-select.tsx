import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

/** A plain select styled like the inputs: empty values, long lists and tests stay simple. */
export function NativeSelect({ className, ...props }: ComponentProps<'select'>) {
  return (
    <select
      className={cn(
        'h-9 w-full min-w-0 rounded-md border border-slate-300 bg-white px-2.5 text-sm text-slate-800 shadow-xs outline-none focus-visible:border-teal-600 focus-visible:ring-2 focus-visible:ring-teal-600/25 disabled:cursor-not-allowed disabled:bg-slate-50 disabled:opacity-60 aria-invalid:border-red-500',
        className,
      )}
      {...props}
    />
  );
}
