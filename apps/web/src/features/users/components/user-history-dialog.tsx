import { useState } from 'react';
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
import { useUserTimeline } from '../users.queries';
import { USERS_TEXT } from '../users-text';

/** A staff member's history, as the server words it (fields from → to), in the shared timeline. */
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
  const audit = useUserTimeline(user._id, page, pageSize);
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
        entries={audit.data?.data ?? []}
        pending={audit.isPending}
        failed={audit.isError}
        onRetry={() => void audit.refetch()}
        emptyText={USERS_TEXT.noHistory}
        noteOf={(entry) =>
          entry.impersonator ? USERS_TEXT.viewedBy(entry.impersonator.name) : undefined
        }
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
