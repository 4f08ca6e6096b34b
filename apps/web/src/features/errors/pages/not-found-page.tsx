import { Link, useSearchParams } from 'react-router';
import { TriangleAlert } from 'lucide-react';
import { MESSAGES } from '@omnicare/shared/platform/errors';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';

/** Longest title and message shown: the address carries them, anybody can make them long. */
const TITLE_MAX = 120;
const MESSAGE_MAX = 500;
const bounded = (text: string, max: number) =>
  text.length > max ? `${text.slice(0, max - 1)}…` : text;

/** The 404 notice: title and message wrapped (a long word too) and bounded. */
function NotFoundNotice({ className }: { className?: string }) {
  const [params] = useSearchParams();
  const title = bounded(params.get('title') || MESSAGES.notFoundTitle, TITLE_MAX);
  const message = bounded(params.get('message') || MESSAGES.notFoundMessage, MESSAGE_MAX);
  return (
    <div className={cn('flex flex-col items-center justify-center px-4 text-center', className)}>
      <span className="flex size-16 items-center justify-center rounded-full bg-amber-50 text-amber-600 ring-8 ring-amber-50/50">
        <TriangleAlert className="size-8" aria-hidden="true" />
      </span>
      <h1 className="mt-6 w-full max-w-2xl text-2xl font-semibold tracking-tight [overflow-wrap:anywhere] text-slate-900">
        {title}
      </h1>
      <p className="mt-2 w-full max-w-md text-sm [overflow-wrap:anywhere] whitespace-pre-line text-slate-600">
        {message}
      </p>
      <Button asChild size="lg" className="mt-8">
        <Link to="/">{MESSAGES.backHome}</Link>
      </Button>
    </div>
  );
}

/** /page-404: title and message from the search parameters, with the spec's defaults. */
export function NotFoundPage() {
  return (
    <main className="flex min-h-screen bg-slate-50">
      <NotFoundNotice className="flex-1" />
    </main>
  );
}

/** A mistyped address while signed in: the same notice inside the app's frame. */
export function NotFoundInLayout() {
  return <NotFoundNotice className="flex-1 py-12" />;
}
