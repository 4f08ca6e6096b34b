import { useState } from 'react';
import type { MouseEvent, ReactElement, ReactNode } from 'react';
import { AlertDialog } from 'radix-ui';
import { Loader2 } from 'lucide-react';
import { cn } from '@/lib/cn';
import { UI_TEXT } from '@/lib/web-constants';
import { buttonVariants } from './button';
import { contentClass, overlayClass } from './dialog';
import { Tooltip } from './tooltip';

/** 'Bạn có chắc chắn muốn xóa {name} không?' (spec section 2). */
export const deleteConfirmText = (name: string): string => UI_TEXT.deleteQuestion(name);

export interface ConfirmDialogProps {
  /** The element that opens the dialog, e.g. a delete icon button in a table row. */
  trigger?: ReactElement;
  /** Opened by its owner instead of a trigger (a navigation to confirm). */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  onConfirm: () => unknown;
  title?: ReactNode;
  description?: ReactNode;
  confirmText?: string;
  cancelText?: string;
  /** Shows a tooltip on the trigger: true for the default 'Xóa', or a text of its own. */
  tooltip?: boolean | string;
  destructive?: boolean;
}

const stop = (event: MouseEvent) => event.stopPropagation();

/**
 * The shared confirmation dialog (spec section 2): closed by default; the trigger click opens it
 * and is not passed to the parent row; cancel closes; confirm runs the action, then closes.
 */
export function ConfirmDialog({
  trigger,
  onConfirm,
  title = UI_TEXT.confirmTitle,
  description = UI_TEXT.confirmDescription,
  confirmText = UI_TEXT.confirmAction,
  cancelText = UI_TEXT.confirmCancel,
  tooltip,
  destructive = true,
  open: controlledOpen,
  onOpenChange,
}: ConfirmDialogProps) {
  const [ownOpen, setOwnOpen] = useState(false);
  const open = controlledOpen ?? ownOpen;
  const setOpen = (next: boolean) => {
    setOwnOpen(next);
    onOpenChange?.(next);
  };
  const [pending, setPending] = useState(false);
  const tooltipText = tooltip === true ? UI_TEXT.confirmTooltip : tooltip || undefined;

  async function confirm(event: MouseEvent) {
    // Keep the dialog open while the action runs; close when it is done.
    event.preventDefault();
    setPending(true);
    try {
      await onConfirm();
    } finally {
      setPending(false);
      setOpen(false);
    }
  }

  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => !pending && setOpen(next)}>
      {trigger && (
        <Tooltip content={tooltipText}>
          <AlertDialog.Trigger asChild onClick={stop}>
            {trigger}
          </AlertDialog.Trigger>
        </Tooltip>
      )}
      <AlertDialog.Portal>
        <AlertDialog.Overlay className={overlayClass} onClick={stop} />
        {/* Portals still bubble React events to the row: stop them here too. */}
        <AlertDialog.Content className={cn(contentClass, 'max-w-[425px]')} onClick={stop}>
          <div className="flex flex-col gap-2">
            <AlertDialog.Title className="text-base font-semibold text-slate-900">
              {title}
            </AlertDialog.Title>
            <AlertDialog.Description className="text-sm text-slate-600">
              {description}
            </AlertDialog.Description>
          </div>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel
              className={buttonVariants({ variant: 'outline' })}
              disabled={pending}
            >
              {cancelText}
            </AlertDialog.Cancel>
            <AlertDialog.Action
              className={buttonVariants({ variant: destructive ? 'destructive' : 'default' })}
              onClick={(event) => void confirm(event)}
              disabled={pending}
            >
              {pending && <Loader2 className="animate-spin" aria-hidden="true" />}
              {confirmText}
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
