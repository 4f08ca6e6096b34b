import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { AlertCircle, CheckCircle2, Loader2 } from 'lucide-react';
import type { ChannelView } from '@omnicare/shared/channels/channels.schemas';
import { FORGOT_PASSWORD_CARD_WIDTH_PX } from '@omnicare/shared/platform/constants';
import { BrandMark } from '@/components/feedback/brand-mark';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { errorMessage } from '@/lib/errors';
import { useCurrentUser } from '@/stores/session-store';

/** What a landing says, in Vietnamese. */
export interface OauthLandingText {
  completing: string;
  completedTitle: string;
  failedTitle: string;
  missingState: string;
  signIn: string;
  backToSettings: string;
  login: string;
}

/**
 * The landing page a provider sends the administrator back to after its permission page
 * (/zalo-redirect, /email-redirect): posts what it sent (`complete`, once per state: a query,
 * not retried, never refetched, so a remount does not exchange the code twice), says what
 * happened in Vietnamese and leads back to the channel's settings. A public route (outside the
 * signed-in frame), but the completion needs the session of the administrator who started it.
 */
export function OauthLanding({
  kind,
  state,
  complete,
  completed,
  settings,
  text,
}: {
  kind: string;
  state: string;
  complete: () => Promise<{ data: ChannelView }>;
  /** The success message, from the connected channel. */
  completed: (channel: ChannelView) => string;
  settings: string;
  text: OauthLandingText;
}) {
  const user = useCurrentUser();
  const completion = useQuery({
    queryKey: [`${kind}-oauth-complete`, state],
    queryFn: complete,
    enabled: !!state && !!user,
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
    meta: { silent: true },
  });
  const failure = !state
    ? text.missingState
    : !user
      ? text.signIn
      : completion.isError
        ? errorMessage(completion.error)
        : null;
  const channel = completion.data?.data;

  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-6 bg-slate-50 px-4 py-10">
      <BrandMark className="text-slate-900" />
      <Card className="w-full" style={{ maxWidth: FORGOT_PASSWORD_CARD_WIDTH_PX }}>
        <CardHeader>
          <CardTitle>
            {failure
              ? text.failedTitle
              : completion.isSuccess
                ? text.completedTitle
                : text.completing}
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
          ) : completion.isSuccess && channel ? (
            <p role="status" className="flex items-start gap-2 text-sm text-emerald-800">
              <CheckCircle2 className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              {completed(channel)}
            </p>
          ) : (
            <p role="status" className="flex items-center gap-2 text-sm text-slate-600">
              <Loader2 className="size-4 animate-spin" aria-hidden="true" />
              {text.completing}
            </p>
          )}
          {!completion.isPending || failure ? (
            <Link
              to={user ? settings : '/login'}
              className="self-start text-sm font-medium text-teal-800 underline"
            >
              {user ? text.backToSettings : text.login}
            </Link>
          ) : null}
        </CardContent>
      </Card>
    </main>
  );
}
