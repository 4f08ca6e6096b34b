import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

export function Input({ className, type = 'text', ...props }: ComponentProps<'input'>) {
  return (
    <input
      type={type}
      data-slot="input"
      className={cn(
        'flex h-9 w-full min-w-0 rounded-md border border-slate-300 bg-white px-3 py-1 text-sm text-slate-900 shadow-xs transition-colors outline-none placeholder:text-slate-400',
        'focus-visible:border-teal-600 focus-visible:ring-2 focus-visible:ring-teal-600/25',
        'disabled:cursor-not-allowed disabled:bg-slate-50 disabled:opacity-60',
        'aria-invalid:border-red-500 aria-invalid:focus-visible:ring-red-500/25',
        className,
      )}
      {...props}
    />
  );
}

export function Textarea({ className, ...props }: ComponentProps<'textarea'>) {
  return (
    <textarea
      data-slot="textarea"
      className={cn(
        'flex min-h-20 w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-xs outline-none placeholder:text-slate-400',
        'focus-visible:border-teal-600 focus-visible:ring-2 focus-visible:ring-teal-600/25',
        'aria-invalid:border-red-500',
        className,
      )}
      {...props}
    />
  );
}
