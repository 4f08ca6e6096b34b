import { Link, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { AlertCircle, CheckCircle2, Loader2 } from 'lucide-react';
import { FORGOT_PASSWORD_CARD_WIDTH_PX } from '@omnicare/shared/platform/constants';
import { BrandMark } from '@/components/feedback/brand-mark';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { errorMessage } from '@/lib/errors';
import { useCurrentUser } from '@/stores/session-store';
import { completeEmailOauthConnect } from '../channels.queries';
import { EMAIL_TEXT as TEXT } from '../channels-text';

const SETTINGS = '/settings/multi-channels/email';

/**
 * /email-redirect: where the OAuth2 provider (Google, Microsoft, a custom server) sends the
 * administrator back after its consent page, with `code` and `state`, or `error` and
 * `error_description` (RFC 6749 §4.1.2). The page posts them to the server, which holds the
 * PKCE verifier by state and exchanges the code; it says what happened in Vietnamese and leads
 * back to the mailboxes. A public route (the spec names no landing for email; this one mirrors
 * /zalo-redirect), but the completion needs the session of the administrator who started it.
 */
export function EmailRedirectPage() {
  const [params] = useSearchParams();
  const user = useCurrentUser();
  const state = params.get('state') ?? '';
  const code = params.get('code') ?? undefined;
  const body = {
    state,
    code,
    error: params.get('error') ?? (code ? undefined : 'no_code'),
    error_description: params.get('error_description') ?? undefined,
  };
  // One exchange per state: a query (not retried, never refetched) survives a remount.
  const completion = useQuery({
    queryKey: ['email-oauth-complete', state],
    queryFn: () => completeEmailOauthConnect(body),
    enabled: !!state && !!user,
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
    meta: { silent: true },
  });

  const failure = !state
    ? TEXT.missingState
    : !user
      ? TEXT.signIn
      : completion.isError
        ? errorMessage(completion.error)
        : null;
  const mailbox = completion.data?.data;

  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-6 bg-slate-50 px-4 py-10">
      <BrandMark className="text-slate-900" />
      <Card className="w-full" style={{ maxWidth: FORGOT_PASSWORD_CARD_WIDTH_PX }}>
        <CardHeader>
          <CardTitle>
            {failure
              ? TEXT.failedTitle
              : completion.isSuccess
                ? TEXT.completedTitle
                : TEXT.completing}
          </CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          {failure ? (
            <div
              role="alert"
              className="flex items-start gap-2 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700"
            >
              <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              <span>{failure}</span>
            </div>
          ) : completion.isSuccess && mailbox ? (
            <p role="status" className="flex items-start gap-2 text-sm text-emerald-800">
              <CheckCircle2 className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              {TEXT.completed(mailbox.name, String(mailbox.settings.from_address ?? ''))}
            </p>
          ) : (
            <p role="status" className="flex items-center gap-2 text-sm text-slate-600">
              <Loader2 className="size-4 animate-spin" aria-hidden="true" />
              {TEXT.completing}
            </p>
          )}
          {!completion.isPending || failure ? (
            <Link
              to={user ? SETTINGS : '/login'}
              className="self-start text-sm font-medium text-teal-800 underline"
            >
              {user ? TEXT.backToSettings : TEXT.signInLink}
            </Link>
          ) : null}
        </CardContent>
      </Card>
    </main>
  );
}
