import { Link, useSearchParams } from 'react-router';
import { TriangleAlert } from 'lucide-react';
import { TIKTOK_TEXT as TEXT } from '@/features/channels/channels-text';
import { Button } from '@/components/ui/button';

/** The provider's words are shown, bounded: anybody can write them into the address. */
const bounded = (text: string, max = 300) =>
  text.length > max ? `${text.slice(0, max - 1)}…` : text;

/**
 * /tiktok-redirect (public, spec section 2's callback routes): where TikTok's OAuth sends the
 * browser back with `code` and `state`, or `error` (and `error_description`). TikTok cannot be
 * connected yet: the page says so, or shows the provider's error; the code is never shown nor
 * sent anywhere.
 */
export function TiktokRedirectPage() {
  const [params] = useSearchParams();
  const error = params.get('error');
  const description = params.get('error_description');
  const returned = Boolean(params.get('code') || params.get('state'));
  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-50 px-4">
      <div className="flex w-full max-w-lg flex-col items-center gap-4 rounded-lg border border-slate-200 bg-white p-8 text-center shadow-sm">
        <span className="flex size-12 items-center justify-center rounded-full bg-amber-50 text-amber-600">
          <TriangleAlert className="size-6" aria-hidden="true" />
        </span>
        <h1 className="text-xl font-semibold text-slate-900">{TEXT.redirectTitle}</h1>
        {error ? (
          <div role="alert" className="flex flex-col gap-1 text-sm text-red-700">
            <p>{TEXT.redirectError}</p>
            <p className="font-mono [overflow-wrap:anywhere]">
              {bounded(description ? `${error}: ${description}` : error)}
            </p>
          </div>
        ) : null}
        <p className="text-sm text-slate-600">
          {returned || error ? TEXT.redirectNotYet : TEXT.redirectNothing}
        </p>
        <p className="text-sm text-slate-600">{TEXT.explain}</p>
        <Button asChild variant="outline">
          <Link to="/settings/multi-channels/tiktok">{TEXT.back}</Link>
        </Button>
      </div>
    </main>
  );
}
