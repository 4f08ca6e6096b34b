import { Headset } from 'lucide-react';
import { PRODUCT_NAME } from '@omnicare/shared/platform/constants';
import { cn } from '@/lib/cn';

export function BrandMark({
  className,
  compact = false,
}: {
  className?: string;
  compact?: boolean;
}) {
  return (
    <span className={cn('flex items-center gap-2 font-semibold tracking-tight', className)}>
      <span className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-teal-700 text-white shadow-sm">
        <Headset className="size-4.5" aria-hidden="true" />
      </span>
      {!compact && <span className="text-base">{PRODUCT_NAME}</span>}
    </span>
  );
}
