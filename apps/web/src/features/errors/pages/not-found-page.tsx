import { Link, useSearchParams } from 'react-router';
import { TriangleAlert } from 'lucide-react';
import { MESSAGES } from '@omnicare/shared/platform/errors';
import { Button } from '@/components/ui/button';

/** /page-404: title and message from the search parameters, with the spec's defaults. */
export function NotFoundPage() {
  const [params] = useSearchParams();
  const title = params.get('title') || MESSAGES.notFoundTitle;
  const message = params.get('message') || MESSAGES.notFoundMessage;
  return (
    <main className="flex min-h-screen flex-col items-center justify-center bg-slate-50 px-4 text-center">
      <span className="flex size-16 items-center justify-center rounded-full bg-amber-50 text-amber-600 ring-8 ring-amber-50/50">
        <TriangleAlert className="size-8" aria-hidden="true" />
      </span>
      <h1 className="mt-6 text-2xl font-semibold tracking-tight text-slate-900">{title}</h1>
      <p className="mt-2 max-w-md text-sm text-slate-600">{message}</p>
      <Button asChild size="lg" className="mt-8">
        <Link to="/">{MESSAGES.backHome}</Link>
      </Button>
    </main>
  );
}
