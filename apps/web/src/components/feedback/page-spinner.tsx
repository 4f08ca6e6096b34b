import { Loader2 } from 'lucide-react';

export function PageSpinner({ label = 'Đang tải...' }: { label?: string }) {
  return (
    <div
      role="status"
      className="flex min-h-40 flex-1 items-center justify-center gap-2 text-sm text-slate-500"
    >
      <Loader2 className="size-5 animate-spin text-teal-700" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}
