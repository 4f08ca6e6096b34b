import { useRef, useState, type ChangeEvent } from 'react';
import { Link } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { AlertCircle, Eye, EyeOff, Loader2 } from 'lucide-react';
import { loginBody } from '@omnicare/shared/auth/auth.schemas';
import { PRODUCT_NAME } from '@omnicare/shared/platform/constants';
import { BrandMark } from '@/components/feedback/brand-mark';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { FieldError, Label } from '@/components/ui/label';
import { errorMessage, fieldErrorMessages } from '@/lib/errors';
import { UI_TEXT } from '@/lib/web-constants';
import { useSessionStore } from '@/stores/session-store';
import { login } from '../auth.api';

const FIELDS = ['email', 'password'] as const;
type Field = (typeof FIELDS)[number];
type Errors = Partial<Record<Field, string>>;

/** The shared schema's first message for each field that breaks it. */
function checkLogin(values: Record<Field, string>) {
  const parsed = loginBody.safeParse(values);
  const errors: Errors = {};
  for (const issue of parsed.error?.issues ?? []) {
    const field = FIELDS.find((name) => name === issue.path[0]);
    if (field) errors[field] ??= issue.message;
  }
  return { body: parsed.data, errors };
}

/**
 * The sign-in form, checked by the shared schema as every form is. The first screen of a cold
 * visit, so it holds its two fields itself rather than loading a form library: once submitted
 * it checks again on every change, and a refusal puts the focus on the first field it names.
 */
export function LoginPage() {
  const signIn = useSessionStore((state) => state.signIn);
  const [showPassword, setShowPassword] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [values, setValues] = useState<Record<Field, string>>({ email: '', password: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [submitted, setSubmitted] = useState(false);
  const inputs = useRef<Partial<Record<Field, HTMLInputElement | null>>>({});
  const focusFirst = (found: Errors) =>
    inputs.current[FIELDS.find((name) => found[name]) ?? 'email']?.focus();

  const mutation = useMutation({
    mutationFn: login,
    meta: { silent: true },
    // Signing in is enough: the public-only guard then leaves /login for `redirect` or /.
    onSuccess: (user) => signIn(user),
    onError: (error) => {
      const named = fieldErrorMessages(error, FIELDS);
      if (named) {
        setErrors(named);
        focusFirst(named);
      }
      setServerError(errorMessage(error));
    },
  });

  const change = (field: Field) => (event: ChangeEvent<HTMLInputElement>) => {
    const next = { ...values, [field]: event.target.value };
    setValues(next);
    // The former refusal no longer applies once the user corrects what they typed.
    setServerError(null);
    if (submitted) setErrors(checkLogin(next).errors);
  };

  const onSubmit = () => {
    setSubmitted(true);
    setServerError(null);
    const checked = checkLogin(values);
    setErrors(checked.errors);
    if (checked.body) mutation.mutate(checked.body);
    else focusFirst(checked.errors);
  };

  return (
    <main className="grid min-h-screen bg-slate-50 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.1fr)]">
      <section
        aria-hidden="true"
        className="relative hidden overflow-hidden bg-gradient-to-br from-teal-800 via-teal-700 to-cyan-700 p-12 text-white lg:flex lg:flex-col lg:justify-between"
      >
        <BrandMark className="[&>span:first-child]:bg-white/15" />
        <div className="max-w-md">
          <p className="text-3xl leading-tight font-semibold">
            Chăm sóc khách hàng đa kênh, gọn trong một màn hình.
          </p>
          <p className="mt-4 text-sm leading-relaxed text-teal-50/90">
            Ticket, hội thoại, tổng đài, chiến dịch và báo cáo cho chuyên viên, trưởng bộ phận, giám
            sát viên và quản trị viên.
          </p>
        </div>
        <p className="text-xs text-teal-100/80">© {PRODUCT_NAME}</p>
        <div className="pointer-events-none absolute -right-24 -bottom-24 size-96 rounded-full bg-white/5" />
        <div className="pointer-events-none absolute -top-16 right-24 size-48 rounded-full bg-white/5" />
      </section>
      <section className="flex items-center justify-center px-4 py-10">
        <div className="w-full max-w-sm">
          <BrandMark className="mb-8 text-slate-900 lg:hidden" />
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{UI_TEXT.login}</h1>
          <p className="mt-1 text-sm text-slate-500">
            Đăng nhập bằng tài khoản được cấp để tiếp tục.
          </p>
          <form
            className="mt-8 flex flex-col gap-4"
            onSubmit={(event) => {
              event.preventDefault();
              onSubmit();
            }}
            noValidate
          >
            {serverError && (
              <div
                role="alert"
                className="flex items-start gap-2 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700"
              >
                <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                <span>{serverError}</span>
              </div>
            )}
            <div className="flex flex-col gap-1.5">
              <Label htmlFor="login-email">Email</Label>
              <Input
                id="login-email"
                type="email"
                autoComplete="username"
                placeholder="ten@congty.vn"
                autoFocus
                aria-invalid={errors.email ? true : undefined}
                aria-describedby={errors.email ? 'login-email-error' : undefined}
                name="email"
                ref={(input) => {
                  inputs.current.email = input;
                }}
                value={values.email}
                onChange={change('email')}
              />
              <FieldError id="login-email-error" message={errors.email} />
            </div>
            <div className="flex flex-col gap-1.5">
              <Label htmlFor="login-password">Mật khẩu</Label>
              <div className="relative">
                <Input
                  id="login-password"
                  type={showPassword ? 'text' : 'password'}
                  autoComplete="current-password"
                  className="pr-10"
                  aria-invalid={errors.password ? true : undefined}
                  aria-describedby={errors.password ? 'login-password-error' : undefined}
                  name="password"
                  ref={(input) => {
                    inputs.current.password = input;
                  }}
                  value={values.password}
                  onChange={change('password')}
                />
                {/* After the password in the tab order, shown on the label's line. */}
                <Link
                  to="/forgot-password"
                  className="absolute right-0 bottom-full mb-1.5 rounded text-[13px] leading-none text-teal-700 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-teal-600/50"
                >
                  Quên mật khẩu?
                </Link>
                <button
                  type="button"
                  onClick={() => setShowPassword((value) => !value)}
                  aria-label={showPassword ? 'Ẩn mật khẩu' : 'Hiện mật khẩu'}
                  aria-pressed={showPassword}
                  className="absolute top-1/2 right-1.5 -translate-y-1/2 rounded p-1 text-slate-500 outline-none hover:text-slate-800 focus-visible:ring-2 focus-visible:ring-teal-600/50"
                >
                  {showPassword ? <EyeOff className="size-4" /> : <Eye className="size-4" />}
                </button>
              </div>
              <FieldError id="login-password-error" message={errors.password} />
            </div>
            <Button type="submit" size="lg" className="mt-2 w-full" disabled={mutation.isPending}>
              {mutation.isPending && <Loader2 className="animate-spin" aria-hidden="true" />}
              {UI_TEXT.login}
            </Button>
          </form>
        </div>
      </section>
    </main>
  );
}
