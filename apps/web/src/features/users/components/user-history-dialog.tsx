import { useState } from 'react';
import type { ActivityEntry } from '@omnicare/shared/audit/activity.schemas';
import type { AuditEntry } from '@omnicare/shared/audit/audit.schemas';
import type { StaffUser } from '@omnicare/shared/users/users.schemas';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { PaginationBar } from '@/components/ui/pagination-bar';
import { ActivityTimeline } from '@/components/timeline/activity-timeline';
import { useUserAudit } from '../users.queries';
import { USERS_TEXT } from '../users-text';
import { diffRecords } from '../audit-diff';

/** A staff audit entry as the shared timeline shows it: its changes from → to. */
function activityOf(entry: AuditEntry): ActivityEntry {
  const changes = entry.action === 'create' ? [] : diffRecords(entry.before, entry.after);
  const shown = (value: string) => (value === '—' ? null : value);
  return {
    _id: entry._id,
    kind: `${entry.entity}.${entry.action}`,
    actor: entry.actor,
    at: entry.created_at,
    objects: [],
    changes: changes.map((change) => ({
      field: change.field,
      label: change.label,
      from: shown(change.before),
      to: shown(change.after),
    })),
  };
}

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
  const rows = audit.data?.data ?? [];
  const entries = rows.map(activityOf);
  const impersonators = new Map(
    rows.flatMap((row) =>
      row.impersonator ? [[row._id, USERS_TEXT.viewedBy(row.impersonator.name)] as const] : [],
    ),
  );
  return (
    <div className="flex flex-col gap-4">
      <DialogHeader>
        <DialogTitle>{USERS_TEXT.history}</DialogTitle>
        <DialogDescription>
          {user.name} · {user.email}
        </DialogDescription>
      </DialogHeader>
      <ActivityTimeline
        title={USERS_TEXT.history}
        titleId="user-history"
        showTitle={false}
        entries={entries}
        pending={audit.isPending}
        failed={audit.isError}
        onRetry={() => void audit.refetch()}
        emptyText={USERS_TEXT.noHistory}
        noteOf={(entry) => impersonators.get(entry._id)}
      />
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
