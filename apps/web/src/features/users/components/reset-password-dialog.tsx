import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Loader2 } from 'lucide-react';
import { loginBody } from '@omnicare/shared/auth/auth.schemas';
import { adminResetPasswordBody } from '@omnicare/shared/users/users.schemas';
import type { StaffUser } from '@omnicare/shared/users/users.schemas';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { FieldError, Label } from '@/components/ui/label';
import { applyFieldErrors, errorMessage } from '@/lib/errors';
import { toast } from '@/lib/toast';
import { UI_TEXT } from '@/lib/web-constants';
import { useResetStaffPassword } from '../users.queries';
import { USERS_TEXT } from '../users-text';

const resetForm = adminResetPasswordBody
  .extend({ confirm: loginBody.shape.password })
  .refine((values) => values.password === values.confirm, {
    path: ['confirm'],
    message: UI_TEXT.passwordMismatch,
  });

export function ResetPasswordDialog({
  user,
  onOpenChange,
}: {
  user: StaffUser | null;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={user !== null} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-md">
        {user && <ResetPasswordForm user={user} onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function ResetPasswordForm({ user, onDone }: { user: StaffUser; onDone: () => void }) {
  const uid = useId();
  const form = useForm({
    resolver: zodResolver(resetForm),
    defaultValues: { password: '', confirm: '' },
  });
  const { errors } = form.formState;
  const reset = useResetStaffPassword();
  const onSubmit = form.handleSubmit(async ({ password }) => {
    try {
      const result = await reset.mutateAsync({ id: user._id, password });
      toast.success(result.message);
      onDone();
    } catch (error) {
      if (!applyFieldErrors(error, form.setError, ['password'] as const))
        toast.error(errorMessage(error));
    }
  });
  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="flex flex-col gap-4">
      <DialogHeader>
        <DialogTitle>{USERS_TEXT.resetPassword}</DialogTitle>
        <DialogDescription>{USERS_TEXT.resetPasswordHint(user.name)}</DialogDescription>
      </DialogHeader>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${uid}-password`}>{USERS_TEXT.newPassword}</Label>
        <Input
          id={`${uid}-password`}
          type="password"
          autoComplete="new-password"
          aria-invalid={errors.password ? true : undefined}
          aria-describedby={errors.password ? `${uid}-password-error` : undefined}
          {...form.register('password')}
        />
        <FieldError id={`${uid}-password-error`} message={errors.password?.message} />
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${uid}-confirm`}>{USERS_TEXT.confirmPassword}</Label>
        <Input
          id={`${uid}-confirm`}
          type="password"
          autoComplete="new-password"
          aria-invalid={errors.confirm ? true : undefined}
          aria-describedby={errors.confirm ? `${uid}-confirm-error` : undefined}
          {...form.register('confirm')}
        />
        <FieldError id={`${uid}-confirm-error`} message={errors.confirm?.message} />
      </div>
      <DialogFooter>
        <Button variant="outline" onClick={onDone} disabled={reset.isPending}>
          {USERS_TEXT.cancel}
        </Button>
        <Button type="submit" disabled={reset.isPending}>
          {reset.isPending && <Loader2 className="animate-spin" aria-hidden="true" />}
          {USERS_TEXT.resetPassword}
        </Button>
      </DialogFooter>
    </form>
  );
}
