import { useEffect, useRef, useState } from 'react';
import { isRouteErrorResponse, useNavigate, useRouteError } from 'react-router';
import { ServerCrash } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { isChunkLoadError } from '@/lib/chunk-reload';
import { errorReporter } from '@/lib/error-reporter';
import { UI_TEXT } from '@/lib/web-constants';

function describe(error: unknown): { message: string; stack?: string } {
  if (isRouteErrorResponse(error)) return { message: `${error.status} ${error.statusText}` };
  if (error instanceof Error) return { message: error.message, stack: error.stack };
  return { message: String(error) };
}

/** The generic error screen (spec section 2), shown for any render error; reports it once. */
export function ErrorScreen({ error }: { error: unknown }) {
  const navigate = useNavigate();
  const [showDetails, setShowDetails] = useState(false);
  const reported = useRef(false);
  const details = describe(error);

  useEffect(() => {
    // Lazy pages already reloaded once for a chunk failure (withChunkReload): this one stays.
    if (reported.current) return;
    reported.current = true;
    errorReporter.report(
      {
        kind: isChunkLoadError(error) ? 'chunk' : 'render',
        message: details.message,
        stack: details.stack,
      },
      { immediate: true },
    );
  }, [error, details.message, details.stack]);

  return (
    <div
      role="alert"
      className="flex min-h-[60vh] flex-1 flex-col items-center justify-center px-4 py-12 text-center"
    >
      <span className="flex size-16 items-center justify-center rounded-full bg-red-50 text-red-600 ring-8 ring-red-50/50">
        <ServerCrash className="size-8" aria-hidden="true" />
      </span>
      <h1 className="mt-6 text-2xl font-semibold tracking-tight text-slate-900">
        {UI_TEXT.errorScreenTitle}
      </h1>
      <p className="mt-2 text-sm text-slate-600">{UI_TEXT.errorScreenText}</p>
      <div className="mt-8 flex items-center gap-2">
        <Button size="lg" onClick={() => void navigate('/')}>
          {UI_TEXT.errorScreenBack}
        </Button>
        <Button
          size="lg"
          variant="outline"
          aria-expanded={showDetails}
          onClick={() => setShowDetails((v) => !v)}
        >
          {showDetails ? UI_TEXT.hideError : UI_TEXT.showError}
        </Button>
      </div>
      {showDetails && (
        <pre className="mt-6 max-h-64 w-full max-w-2xl overflow-auto rounded-lg bg-slate-900 p-4 text-left text-xs text-slate-100">
          {details.message}
          {details.stack ? `\n\n${details.stack}` : ''}
        </pre>
      )}
    </div>
  );
}

/** Route error element: the router's caught error goes to the error screen. */
export function RouteErrorScreen() {
  const error = useRouteError();
  return <ErrorScreen error={error} />;
}
