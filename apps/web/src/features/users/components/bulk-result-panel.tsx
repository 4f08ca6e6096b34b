import { CheckCircle2, X, XCircle } from 'lucide-react';
import type { BulkResult } from '@omnicare/shared/users/users.schemas';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { USERS_TEXT } from '../users-text';

export interface BulkReport {
  /** The server's summary, e.g. '2/3 thành công, 1 thất bại'. */
  message: string;
  results: BulkResult[];
  /** Names of the users the action was asked for, by id. */
  names: Readonly<Record<string, string>>;
}

const SHOWN_SUCCESSES = 10;

/** What a bulk action did to each user: which failed and why, which succeeded. */
export function BulkResultPanel({
  report,
  onDismiss,
}: {
  report: BulkReport;
  onDismiss: () => void;
}) {
  const failures = report.results.filter((result) => !result.ok);
  const successes = report.results.filter((result) => result.ok);
  const nameOf = (id: string) => report.names[id] ?? id;
  const shown = successes.slice(0, SHOWN_SUCCESSES).map((result) => nameOf(result.id));
  return (
    <section
      role="status"
      aria-label={USERS_TEXT.bulkResultTitle}
      className={cn(
        'relative rounded-lg border px-4 py-3 text-sm',
        failures.length ? 'border-amber-200 bg-amber-50/70' : 'border-emerald-200 bg-emerald-50/70',
      )}
    >
      <Button
        variant="ghost"
        size="icon-sm"
        className="absolute top-1.5 right-1.5"
        aria-label="Đóng kết quả"
        onClick={onDismiss}
      >
        <X />
      </Button>
      <div className="flex flex-wrap items-center gap-2 pr-8">
        <h2 className="font-semibold text-slate-900">{USERS_TEXT.bulkResultTitle}</h2>
        <span className="text-slate-700">{report.message}</span>
        <Badge variant="success">{successes.length} thành công</Badge>
        {failures.length > 0 && <Badge variant="warning">{failures.length} thất bại</Badge>}
      </div>
      {failures.length > 0 && (
        <div className="mt-2">
          <p className="text-slate-700">{USERS_TEXT.bulkFailedList}</p>
          <ul className="mt-1 flex flex-col gap-1" aria-label="Nhân viên không thực hiện được">
            {failures.map((result) => (
              <li key={result.id} className="flex items-start gap-2">
                <XCircle className="mt-0.5 size-4 shrink-0 text-red-600" aria-hidden="true" />
                <span>
                  <span className="font-medium text-slate-900">{nameOf(result.id)}</span>
                  {result.message && <span className="text-slate-600">: {result.message}</span>}
                </span>
              </li>
            ))}
          </ul>
        </div>
      )}
      {successes.length > 0 && (
        <p className="mt-2 flex items-start gap-2 text-slate-600">
          <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-emerald-600" aria-hidden="true" />
          <span>
            {shown.join(', ')}
            {successes.length > shown.length && ` và ${successes.length - shown.length} người khác`}
          </span>
        </p>
      )}
    </section>
  );
}
