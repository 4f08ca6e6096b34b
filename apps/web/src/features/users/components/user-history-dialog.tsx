import { useState } from 'react';
import { ArrowRight } from 'lucide-react';
import { auditActionLabel } from '@omnicare/shared/audit/audit-actions';
import { formatDateTime } from '@omnicare/shared/platform/time';
import type { StaffUser } from '@omnicare/shared/users/users.schemas';
import { Badge } from '@/components/ui/badge';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { PaginationBar } from '@/components/ui/pagination-bar';
import { Skeleton } from '@/components/ui/skeleton';
import { useUserAudit } from '../users.queries';
import { USERS_TEXT } from '../users-text';
import { diffRecords } from '../audit-diff';

export function UserHistoryDialog({
  user,
  onOpenChange,
}: {
  user: StaffUser | null;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={user !== null} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[88vh] max-w-2xl overflow-y-auto">
        {user && <UserHistory user={user} />}
      </DialogContent>
    </Dialog>
  );
}

function UserHistory({ user }: { user: StaffUser }) {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(10);
  const audit = useUserAudit(user._id, page, pageSize);
  const entries = audit.data?.data ?? [];
  return (
    <div className="flex flex-col gap-4">
      <DialogHeader>
        <DialogTitle>{USERS_TEXT.history}</DialogTitle>
        <DialogDescription>
          {user.name} · {user.email}
        </DialogDescription>
      </DialogHeader>
      {audit.isPending ? (
        <div className="flex flex-col gap-2">
          {Array.from({ length: 3 }, (_, index) => (
            <Skeleton key={index} className="h-14" />
          ))}
        </div>
      ) : entries.length === 0 ? (
        <EmptyState message={USERS_TEXT.noHistory} />
      ) : (
        <ol className="flex flex-col gap-2" aria-label={USERS_TEXT.history}>
          {entries.map((entry) => {
            const changes = entry.action === 'create' ? [] : diffRecords(entry.before, entry.after);
            return (
              <li key={entry._id} className="rounded-lg border border-slate-200 px-3 py-2 text-sm">
                <div className="flex flex-wrap items-center gap-2">
                  <Badge variant="secondary">
                    {auditActionLabel(`${entry.entity}.${entry.action}`)}
                  </Badge>
                  <span className="text-slate-700">{entry.actor?.name ?? USERS_TEXT.system}</span>
                  {entry.impersonator && (
                    <span className="text-xs text-slate-500">
                      {USERS_TEXT.viewedBy(entry.impersonator.name)}
                    </span>
                  )}
                  <time
                    className="ml-auto text-xs text-slate-500 tabular-nums"
                    dateTime={entry.created_at}
                  >
                    {formatDateTime(entry.created_at)}
                  </time>
                </div>
                {changes.length > 0 && (
                  <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-[13px]">
                    {changes.map((change) => (
                      <div key={change.field} className="contents">
                        <dt className="text-slate-500">{change.label}</dt>
                        <dd className="flex min-w-0 flex-wrap items-center gap-1.5 text-slate-800">
                          <span className="break-all text-slate-500 line-through decoration-slate-300">
                            {change.before}
                          </span>
                          <ArrowRight className="size-3 text-slate-400" aria-hidden="true" />
                          <span className="break-all">{change.after}</span>
                        </dd>
                      </div>
                    ))}
                  </dl>
                )}
              </li>
            );
          })}
        </ol>
      )}
      <PaginationBar
        page={page}
        pageSize={pageSize}
        total={audit.data?.total ?? 0}
        onPageChange={setPage}
        onPageSizeChange={(size) => {
          setPageSize(size);
          setPage(1);
        }}
      />
    </div>
  );
}
