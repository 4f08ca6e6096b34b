import type { ReactNode } from 'react';
import { Trash2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';

/** The bin of a row, behind the shared confirmation ('Xóa' tooltip). */
export function DeleteRowButton({
  label,
  title,
  description,
  onConfirm,
  className = 'text-red-600 hover:bg-red-50 hover:text-red-700',
}: {
  label: string;
  title: ReactNode;
  description: ReactNode;
  onConfirm: () => unknown;
  className?: string;
}) {
  return (
    <ConfirmDialog
      tooltip
      title={title}
      description={description}
      onConfirm={onConfirm}
      trigger={
        <Button variant="ghost" size="icon-sm" className={className} aria-label={label}>
          <Trash2 />
        </Button>
      }
    />
  );
}
