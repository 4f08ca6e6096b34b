import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { ArrowLeft, Loader2, MailCheck } from 'lucide-react';
import {
  forgotPasswordBody,
  loginBody,
  resetPasswordBody,
} from '@omnicare/shared/auth/auth.schemas';
import {
  FORGOT_PASSWORD_CARD_WIDTH_PX,
  FORGOT_PASSWORD_CODE_LENGTH,
} from '@omnicare/shared/platform/constants';
import { MESSAGES } from '@omnicare/shared/platform/errors';
import { BrandMark } from '@/components/feedback/brand-mark';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { FieldError, Label } from '@/components/ui/label';
import { ApiError, applyFieldErrors, errorMessage } from '@/lib/errors';
import { toast } from '@/lib/toast';
import { UI_TEXT } from '@/lib/web-constants';
import { confirmReset, requestResetCode } from '../auth.api';

interface EmailForm {
  email: string;
}
interface ResetForm {
  code: string;
  password: string;
  confirm: string;
}

/** Step two: the code and the new password twice (the repeat only needs to be filled and equal). */
const resetForm = resetPasswordBody
  .pick({ code: true, password: true })
  .extend({ confirm: loginBody.shape.password })
  .refine((values) => values.password === values.confirm, {
    path: ['confirm'],
    message: UI_TEXT.passwordMismatch,
  });

function EmailStep({ onSent }: { onSent: (email: string) => void }) {
  const form = useForm<EmailForm>({
    resolver: zodResolver(forgotPasswordBody),
    defaultValues: { email: '' },
  });
  const { errors } = form.formState;
  const mutation = useMutation({
    mutationFn: requestResetCode,
    onSuccess: (_data, body) => onSent(body.email),
    onError: (error) => applyFieldErrors(error, form.setError, ['email'] as const),
  });
  return (
    <form
      className="flex flex-col gap-4"
      noValidate
      onSubmit={(event) => void form.handleSubmit((values) => mutation.mutate(values))(event)}
    >
      <div className="flex flex-col gap-1.5">
        <Label htmlFor="forgot-email">Email</Label>
        <Input
          id="forgot-email"
          type="email"
          autoComplete="email"
          placeholder="ten@congty.vn"
          autoFocus
          aria-invalid={errors.email ? true : undefined}
          aria-describedby={errors.email ? 'forgot-email-error' : undefined}
          {...form.register('email')}
        />
        <FieldError id="forgot-email-error" message={errors.email?.message} />
      </div>
      <Button type="submit" size="lg" className="w-full" disabled={mutation.isPending}>
        {mutation.isPending && <Loader2 className="animate-spin" aria-hidden="true" />}
        {UI_TEXT.continue}
      </Button>
    </form>
  );
}

/** Seconds before another code may be asked for; the server allows 3 per 10 minutes. */
const RESEND_WAIT_S = 60;
const RESEND_BLOCKED_S = 10 * 60;

const formatWait = (seconds: number) =>
  seconds >= 60
    ? `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`
    : `${seconds} giây`;

/** Seconds left until a moment, ticking every second; `restart` sets a new wait. */
function useCountdown(initial: number) {
  const [until, setUntil] = useState(() => Date.now() + initial * 1000);
  const [now, setNow] = useState(() => Date.now());
  const left = Math.max(0, Math.ceil((until - now) / 1000));
  useEffect(() => {
    if (left <= 0) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [left > 0]); // eslint-disable-line react-hooks/exhaustive-deps
  return {
    left,
    restart: (seconds: number) => {
      setUntil(Date.now() + seconds * 1000);
      setNow(Date.now());
    },
  };
}

function ResetStep({ email, onDone }: { email: string; onDone: () => void }) {
  const form = useForm<ResetForm>({
    resolver: zodResolver(resetForm),
    defaultValues: { code: '', password: '', confirm: '' },
  });
  const { errors } = form.formState;
  // A code was just mailed: 'Gửi lại mã' waits, counting down, rather than meeting the limit.
  const countdown = useCountdown(RESEND_WAIT_S);
  const resend = useMutation({
    mutationFn: requestResetCode,
    // A refusal for too many codes becomes a longer wait, not an error toast.
    meta: { silent: true },
    onSuccess: () => {
      toast.info(MESSAGES.resetCodeSent);
      countdown.restart(RESEND_WAIT_S);
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 429) countdown.restart(RESEND_BLOCKED_S);
      else toast.error(errorMessage(error));
    },
  });
  const mutation = useMutation({
    mutationFn: (values: ResetForm) =>
      confirmReset({ email, code: values.code, password: values.password }),
    onSuccess: onDone,
    onError: (error) => applyFieldErrors(error, form.setError, ['code', 'password'] as const),
  });
  const field = (name: keyof ResetForm) => ({
    id: `reset-${name}`,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `reset-${name}-error` : undefined,
  });
  return (
    <form
      className="flex flex-col gap-4"
      noValidate
      onSubmit={(event) => void form.handleSubmit((values) => mutation.mutate(values))(event)}
    >
      <div className="flex items-start gap-2 rounded-md border border-teal-100 bg-teal-50 px-3 py-2 text-sm text-teal-900">
        <MailCheck className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <span>{MESSAGES.resetCodeSent}</span>
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor="reset-code">Mã xác nhận</Label>
        <Input
          {...field('code')}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={FORGOT_PASSWORD_CODE_LENGTH}
          placeholder={'•'.repeat(FORGOT_PASSWORD_CODE_LENGTH)}
          className="font-mono tracking-[0.5em]"
          autoFocus
          {...form.register('code')}
        />
        <FieldError id="reset-code-error" message={errors.code?.message} />
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor="reset-password">Mật khẩu mới</Label>
        <Input
          {...field('password')}
          type="password"
          autoComplete="new-password"
          {...form.register('password')}
        />
        <FieldError id="reset-password-error" message={errors.password?.message} />
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor="reset-confirm">Nhập lại mật khẩu mới</Label>
        <Input
          {...field('confirm')}
          type="password"
          autoComplete="new-password"
          {...form.register('confirm')}
        />
        <FieldError id="reset-confirm-error" message={errors.confirm?.message} />
      </div>
      <Button type="submit" size="lg" className="w-full" disabled={mutation.isPending}>
        {mutation.isPending && <Loader2 className="animate-spin" aria-hidden="true" />}
        Đặt lại mật khẩu
      </Button>
      <Button
        type="button"
        variant="link"
        size="sm"
        className="self-center"
        disabled={resend.isPending || countdown.left > 0}
        onClick={() => resend.mutate({ email })}
      >
        {countdown.left > 0 ? `Gửi lại mã sau ${formatWait(countdown.left)}` : 'Gửi lại mã'}
      </Button>
    </form>
  );
}

/** /forgot-password: email, then the 4-digit code with a new password; ends at /login. */
export function ForgotPasswordPage() {
  const navigate = useNavigate();
  const [email, setEmail] = useState<string | null>(null);
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-6 bg-slate-50 px-4 py-10">
      <BrandMark className="text-slate-900" />
      <Card className="w-full" style={{ maxWidth: FORGOT_PASSWORD_CARD_WIDTH_PX }}>
        <CardHeader>
          <CardTitle>{email ? 'Đặt lại mật khẩu' : 'Quên mật khẩu'}</CardTitle>
          <CardDescription>
            {email
              ? `Nhập mã gồm ${FORGOT_PASSWORD_CODE_LENGTH} chữ số đã gửi tới ${email} và mật khẩu mới.`
              : `Nhập email của bạn. Một mã xác nhận gồm ${FORGOT_PASSWORD_CODE_LENGTH} chữ số sẽ được gửi đến email này.`}
          </CardDescription>
        </CardHeader>
        <CardContent>
          {email ? (
            <ResetStep
              email={email}
              onDone={() => {
                toast.success(MESSAGES.passwordChanged);
                void navigate('/login', { replace: true });
              }}
            />
          ) : (
            <EmailStep onSent={setEmail} />
          )}
        </CardContent>
      </Card>
      <Link
        to="/login"
        className="flex items-center gap-1 rounded text-sm text-slate-600 outline-none hover:text-teal-800 focus-visible:ring-2 focus-visible:ring-teal-600/50"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        Quay lại đăng nhập
      </Link>
    </main>
  );
}
