import { Link, useNavigate, useSearchParams } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { AlertCircle, Loader2 } from 'lucide-react';
import { z } from 'zod';
import { newPasswordField } from '@omnicare/shared/platform/validation';
import { FORGOT_PASSWORD_CARD_WIDTH_PX } from '@omnicare/shared/platform/constants';
import { BrandMark } from '@/components/feedback/brand-mark';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { FieldError, Label } from '@/components/ui/label';
import { errorMessage, fieldErrorMessages } from '@/lib/errors';
import { UI_TEXT } from '@/lib/web-constants';
import { useSessionStore } from '@/stores/session-store';
import { acceptInvite } from '../auth.api';

const passwordForm = z
  .object({ password: newPasswordField(), confirm: z.string() })
  .refine((values) => values.password === values.confirm, {
    path: ['confirm'],
    message: UI_TEXT.passwordMismatch,
  });
type PasswordForm = z.infer<typeof passwordForm>;

/**
 * /accept-invite?email=…&token=…: the invitee sets their own password and is signed in (the
 * signed-in frame then opens the home page).
 */
export function AcceptInvitePage() {
  const [params] = useSearchParams();
  const email = params.get('email') ?? '';
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const signIn = useSessionStore((state) => state.signIn);
  const form = useForm<PasswordForm>({
    resolver: zodResolver(passwordForm),
    defaultValues: { password: '', confirm: '' },
  });
  const { errors } = form.formState;
  const mutation = useMutation({
    meta: { silent: true },
    mutationFn: (values: PasswordForm) => acceptInvite({ email, token, password: values.password }),
    onSuccess: (user) => {
      signIn(user);
      void navigate('/', { replace: true });
    },
    onError: (error) => {
      const password = fieldErrorMessages(error, ['password'] as const)?.password;
      if (password) form.setError('password', { type: 'server', message: password });
    },
  });
  // A broken link (or one used or expired) is said once, above the form.
  const linkError =
    mutation.error && !fieldErrorMessages(mutation.error, ['password'] as const)?.password
      ? errorMessage(mutation.error)
      : !email || !token
        ? 'Liên kết mời không đúng hoặc đã hết hạn'
        : null;
  const field = (name: keyof PasswordForm) => ({
    id: `invite-${name}`,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `invite-${name}-error` : undefined,
  });

  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-6 bg-slate-50 px-4 py-10">
      <BrandMark className="text-slate-900" />
      <Card className="w-full" style={{ maxWidth: FORGOT_PASSWORD_CARD_WIDTH_PX }}>
        <CardHeader>
          <CardTitle>Nhận lời mời</CardTitle>
          <CardDescription className="[overflow-wrap:anywhere]">
            Đặt mật khẩu cho tài khoản {email} để bắt đầu sử dụng.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <form
            className="flex flex-col gap-4"
            noValidate
            onSubmit={(event) => void form.handleSubmit((values) => mutation.mutate(values))(event)}
          >
            {linkError && (
              <div
                role="alert"
                className="flex items-start gap-2 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700"
              >
                <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                <span>
                  {linkError}. Hãy nhờ quản trị viên gửi lại lời mời, hoặc{' '}
                  <Link to="/forgot-password" className="underline">
                    đặt lại mật khẩu
                  </Link>
                  .
                </span>
              </div>
            )}
            <div className="flex flex-col gap-1.5">
              <Label htmlFor="invite-password">Mật khẩu</Label>
              <Input
                {...field('password')}
                type="password"
                autoComplete="new-password"
                autoFocus
                {...form.register('password')}
              />
              {errors.password ? (
                <FieldError id="invite-password-error" message={errors.password.message} />
              ) : (
                <p className="text-xs text-slate-500">Ít nhất 8 ký tự, có chữ và số.</p>
              )}
            </div>
            <div className="flex flex-col gap-1.5">
              <Label htmlFor="invite-confirm">Nhập lại mật khẩu</Label>
              <Input
                {...field('confirm')}
                type="password"
                autoComplete="new-password"
                {...form.register('confirm')}
              />
              <FieldError id="invite-confirm-error" message={errors.confirm?.message} />
            </div>
            <Button type="submit" size="lg" className="w-full" disabled={mutation.isPending}>
              {mutation.isPending && <Loader2 className="animate-spin" aria-hidden="true" />}
              Đặt mật khẩu và đăng nhập
            </Button>
          </form>
        </CardContent>
      </Card>
    </main>
  );
}
