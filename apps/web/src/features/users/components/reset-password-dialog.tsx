import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { loginBody } from '@omnicare/shared/auth/auth.schemas';
import { adminResetPasswordBody } from '@omnicare/shared/users/users.schemas';
import type { StaffUser } from '@omnicare/shared/users/users.schemas';
import { DialogForm, FormDialog, FormField, fieldAria } from '@/components/ui/form-dialog';
import { Input } from '@/components/ui/input';
import { applyFieldErrors } from '@/lib/errors';
import { saveForm } from '@/lib/mutation-feedback';
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
    <FormDialog open={user !== null} onOpenChange={onOpenChange} className="max-w-md">
      {user && <ResetPasswordForm user={user} onDone={() => onOpenChange(false)} />}
    </FormDialog>
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
  const onSubmit = form.handleSubmit(({ password }) =>
    saveForm(() => reset.mutateAsync({ id: user._id, password }), {
      onSaved: onDone,
      showFieldErrors: (error) => applyFieldErrors(error, form.setError, ['password'] as const),
    }),
  );
  const passwordId = `${uid}-password`;
  const confirmId = `${uid}-confirm`;
  return (
    <DialogForm
      title={USERS_TEXT.resetPassword}
      description={USERS_TEXT.resetPasswordHint(user.name)}
      onSubmit={onSubmit}
      onCancel={onDone}
      pending={reset.isPending}
      submitText={USERS_TEXT.resetPassword}
    >
      <FormField id={passwordId} label={USERS_TEXT.newPassword} error={errors.password?.message}>
        <Input
          id={passwordId}
          type="password"
          autoComplete="new-password"
          {...fieldAria(passwordId, errors.password?.message)}
          {...form.register('password')}
        />
      </FormField>
      <FormField id={confirmId} label={USERS_TEXT.confirmPassword} error={errors.confirm?.message}>
        <Input
          id={confirmId}
          type="password"
          autoComplete="new-password"
          {...fieldAria(confirmId, errors.confirm?.message)}
          {...form.register('confirm')}
        />
      </FormField>
    </DialogForm>
  );
}
