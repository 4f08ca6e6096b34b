import type { ReactNode } from 'react';

/** A screen's title (its h1) with the screen's actions on the right. */
export function PageHeader({ title, actions }: { title: string; actions?: ReactNode }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <h1 className="text-xl font-semibold tracking-tight text-slate-900">{title}</h1>
      {actions}
    </div>
  );
}
