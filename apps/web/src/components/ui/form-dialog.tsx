import type { FormEvent, ReactNode } from 'react';
import { Loader2 } from 'lucide-react';
import { cn } from '@/lib/cn';
import { useGuardedSubmit } from '@/lib/use-guarded-submit';
import { UI_TEXT } from '@/lib/web-constants';
import { Button } from './button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from './dialog';
import { FieldError, Label } from './label';

/**
 * A dialog around one form. The form is mounted only while the dialog is open, so each opening
 * starts from the record's values (give it a `key` per record).
 */
export function FormDialog({
  open,
  onOpenChange,
  className,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Of the dialog's content: its width, height and scrolling. */
  className?: string;
  children: ReactNode;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className={className}>{open && children}</DialogContent>
    </Dialog>
  );
}

/**
 * The form of a FormDialog: title and description, the fields, then 'Hủy' and 'Lưu'. A submit
 * runs once at a time (`onSubmit` should return its work's promise): while it runs, or while
 * `pending`, both buttons are disabled and 'Lưu' spins; the browser's own validation is off
 * (messages come from the shared schemas).
 */
export function DialogForm({
  title,
  description,
  descriptionClassName,
  onSubmit,
  onCancel,
  pending,
  submitText = UI_TEXT.formSave,
  className,
  footerClassName,
  children,
}: {
  title: ReactNode;
  description: ReactNode;
  /** e.g. 'sr-only' where the description is only for screen readers. */
  descriptionClassName?: string;
  onSubmit: (event: FormEvent<HTMLFormElement>) => unknown;
  onCancel: () => void;
  pending: boolean;
  /** The submit button's text: 'Lưu' unless the form does something more particular. */
  submitText?: string;
  className?: string;
  footerClassName?: string;
  children: ReactNode;
}) {
  // Once at a time: a double click on 'Lưu' saves once.
  const guarded = useGuardedSubmit(onSubmit);
  const busy = pending || guarded.busy;
  return (
    <form onSubmit={guarded.submit} noValidate className={cn('flex flex-col gap-4', className)}>
      <DialogHeader>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription className={descriptionClassName}>{description}</DialogDescription>
      </DialogHeader>
      {children}
      <DialogFooter className={footerClassName}>
        <Button variant="outline" onClick={onCancel} disabled={busy}>
          {UI_TEXT.formCancel}
        </Button>
        <Button type="submit" disabled={busy}>
          {busy && <Loader2 className="animate-spin" aria-hidden="true" />}
          {submitText}
        </Button>
      </DialogFooter>
    </form>
  );
}

/** What ties a control (a picker's props) to the error text of the FormField with this id. */
export const fieldErrorLink = (id: string, error: string | undefined) => ({
  invalid: error ? true : undefined,
  describedBy: error ? `${id}-error` : undefined,
});

/** The same as aria attributes, for inputs. */
export function fieldAria(id: string, error: string | undefined) {
  const link = fieldErrorLink(id, error);
  return { 'aria-invalid': link.invalid, 'aria-describedby': link.describedBy };
}

/**
 * A labelled field: the label (with a red '*' when required), the control, a hint while there
 * is no error, and the error text at `${id}-error` (see fieldAria).
 */
export function FormField({
  id,
  label,
  required,
  hint,
  error,
  className,
  children,
}: {
  id: string;
  label: string;
  required?: boolean;
  hint?: ReactNode;
  error?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <Label htmlFor={id}>
        {label}
        {required && <span className="ml-0.5 text-red-600">*</span>}
      </Label>
      {children}
      {hint && !error && <p className="text-xs text-slate-500">{hint}</p>}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
