import { useState } from 'react';
import type { StaffUser } from '@omnicare/shared/users/users.schemas';
import { ROLE } from '@omnicare/shared/users/roles';
import { Card } from '@/components/ui/card';
import { PaginationBar } from '@/components/ui/pagination-bar';
import { ListTable, listCountKnown, type ListQueryState } from '@/components/list/list-table';
import { TableCell, TableHead, TableRow } from '@/components/ui/table';
import { StaffStatusBadge } from './staff-status-badge';

type StaffPage = ListQueryState & { data?: { data: StaffUser[]; total: number } };

/** Page and page size of a staff list; a new size goes back to page 1. */
export function useStaffPaging() {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(10);
  const changePageSize = (size: number) => {
    setPageSize(size);
    setPage(1);
  };
  return { page, pageSize, setPage, changePageSize };
}

/**
 * A read-only, paged list of staff (name and email, role, agent id, state) under a title, as
 * the organization and tenant pages show their people.
 */
export function StaffTableCard({
  title,
  staff,
  paging,
}: {
  title: string;
  staff: StaffPage;
  paging: ReturnType<typeof useStaffPaging>;
}) {
  const rows = staff.data?.data ?? [];
  return (
    <Card className="flex flex-col gap-3 p-3 sm:p-4">
      <h2 className="text-sm font-semibold text-slate-900">{title}</h2>
      <ListTable
        label={title}
        query={staff}
        empty={rows.length === 0}
        columns={4}
        skeletonRows={3}
        head={
          <>
            <TableHead>Nhân viên</TableHead>
            <TableHead>Vai trò</TableHead>
            <TableHead>Mã NV</TableHead>
            <TableHead>Trạng thái</TableHead>
          </>
        }
      >
        {rows.map((user) => (
          <TableRow key={user._id}>
            <TableCell>
              <div className="flex min-w-0 flex-col">
                <span className="truncate font-medium text-slate-900">{user.name}</span>
                <span className="truncate text-xs text-slate-500">{user.email}</span>
              </div>
            </TableCell>
            <TableCell>{ROLE.label(user.role)}</TableCell>
            <TableCell className="font-mono text-xs">{user.agent_id}</TableCell>
            <TableCell>
              <StaffStatusBadge active={user.active} />
            </TableCell>
          </TableRow>
        ))}
      </ListTable>
      <PaginationBar
        page={paging.page}
        pageSize={paging.pageSize}
        total={listCountKnown(staff) ? (staff.data?.total ?? 0) : undefined}
        onPageChange={paging.setPage}
        onPageSizeChange={paging.changePageSize}
      />
    </Card>
  );
}
