import { useState } from 'react';
import { Pencil, Plus, Search, Trash2 } from 'lucide-react';
import { isAdministrator } from '@omnicare/shared/users/roles';
import type { Group } from '@omnicare/shared/groups/groups.schemas';
import { PageHeader, usePageHandle } from '@/components/feedback/placeholder-page';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog, deleteConfirmText } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { Input } from '@/components/ui/input';
import { PaginationBar } from '@/components/ui/pagination-bar';
import { Skeleton } from '@/components/ui/skeleton';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import { Tooltip } from '@/components/ui/tooltip';
import { toast } from '@/lib/toast';
import { useListParams } from '@/lib/use-list-params';
import { useCurrentUser } from '@/stores/session-store';
import { DepartmentFormDialog } from '../components/department-form-dialog';
import { SettingsGroupNav } from '../components/users-sub-nav';
import { useDeleteDepartment, useDepartmentList } from '../users.queries';

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(-2)
    .map((part) => part[0]?.toUpperCase() ?? '')
    .join('');

const AVATAR_COLORS = [
  'bg-teal-100 text-teal-800',
  'bg-sky-100 text-sky-800',
  'bg-amber-100 text-amber-800',
  'bg-violet-100 text-violet-800',
];

/** Up to four initials bubbles and the member count. */
export function MemberAvatars({ members }: { members: Group['members'] }) {
  const shown = members.slice(0, 4);
  return (
    <div className="flex items-center gap-2">
      <div className="flex -space-x-1.5" aria-hidden="true">
        {shown.map((member, index) => (
          <span
            key={member._id}
            title={member.name}
            className={`flex size-7 items-center justify-center rounded-full text-[10px] font-semibold tracking-tight ring-2 ring-white ${AVATAR_COLORS[index % AVATAR_COLORS.length]}`}
          >
            {initials(member.name)}
          </span>
        ))}
      </div>
      <span className="text-[13px] whitespace-nowrap text-slate-600">
        {members.length} thành viên
        {/* The bubbles only show initials: screen readers get the names. */}
        {members.length > 0 && (
          <span className="sr-only">: {members.map((member) => member.name).join(', ')}</span>
        )}
      </span>
    </div>
  );
}

/** /settings/users/departments: staff departments (groups with target 'user'). */
export function DepartmentsPage() {
  const { title } = usePageHandle();
  const canEdit = isAdministrator(useCurrentUser()?.role);
  const list = useListParams();
  const name = list.debouncedSearch.trim();
  const departments = useDepartmentList({
    page: list.page,
    page_size: list.pageSize,
    ...(name ? { name } : {}),
  });
  const rows = departments.data?.data ?? [];
  const remove = useDeleteDepartment();
  const [editing, setEditing] = useState<{ group: Group | null } | null>(null);
  const columns = canEdit ? 5 : 4;

  return (
    <div className="flex flex-col gap-4">
      <SettingsGroupNav anyOf="/settings/users/departments" />
      <PageHeader
        title={title}
        actions={
          canEdit && (
            <Button onClick={() => setEditing({ group: null })}>
              <Plus aria-hidden="true" />
              Thêm phòng ban
            </Button>
          )
        }
      />
      <Card className="flex flex-col gap-3 p-3 sm:p-4">
        <div className="relative max-w-sm">
          <Search
            className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-slate-400"
            aria-hidden="true"
          />
          <Input
            type="search"
            value={list.search}
            onChange={(event) => list.setSearch(event.target.value)}
            placeholder="Tìm theo tên phòng ban"
            aria-label="Tìm phòng ban"
            className="h-8 pl-8"
          />
        </div>
        <Table aria-label="Danh sách phòng ban" aria-busy={departments.isFetching}>
          <TableHeader>
            <TableRow>
              <TableHead>Tên phòng ban</TableHead>
              <TableHead>Tổ chức</TableHead>
              <TableHead>Trưởng phòng</TableHead>
              <TableHead>Thành viên</TableHead>
              {canEdit && <TableHead className="text-right">Thao tác</TableHead>}
            </TableRow>
          </TableHeader>
          <TableBody>
            {departments.isPending &&
              Array.from({ length: 10 }, (_, index) => (
                <TableRow key={index}>
                  <TableCell colSpan={columns}>
                    <Skeleton className="h-7" />
                  </TableCell>
                </TableRow>
              ))}
            {!departments.isPending && rows.length === 0 && (
              <TableRow className="hover:bg-transparent">
                <TableCell colSpan={columns}>
                  <EmptyState />
                </TableCell>
              </TableRow>
            )}
            {rows.map((group) => (
              <TableRow key={group._id}>
                <TableCell className="max-w-72">
                  <div className="flex min-w-0 flex-col">
                    <span className="truncate font-medium text-slate-900">{group.name}</span>
                    {group.description && (
                      <span className="truncate text-xs text-slate-500">{group.description}</span>
                    )}
                  </div>
                </TableCell>
                <TableCell>{group.organization_name ?? '—'}</TableCell>
                <TableCell>{group.leader_name ?? '—'}</TableCell>
                <TableCell>
                  <MemberAvatars members={group.members} />
                </TableCell>
                {canEdit && (
                  <TableCell>
                    <div className="flex justify-end gap-0.5">
                      <Tooltip content="Chỉnh sửa">
                        <Button
                          variant="ghost"
                          size="icon-sm"
                          aria-label={`Chỉnh sửa ${group.name}`}
                          onClick={() => setEditing({ group })}
                        >
                          <Pencil />
                        </Button>
                      </Tooltip>
                      <ConfirmDialog
                        tooltip
                        trigger={
                          <Button
                            variant="ghost"
                            size="icon-sm"
                            aria-label={`Xóa ${group.name}`}
                            className="text-red-600 hover:text-red-700"
                          >
                            <Trash2 />
                          </Button>
                        }
                        title="Xóa phòng ban"
                        description={deleteConfirmText(group.name)}
                        onConfirm={() =>
                          remove
                            .mutateAsync(group._id)
                            .then((result) => toast.success(result.message))
                            .catch(() => undefined)
                        }
                      />
                    </div>
                  </TableCell>
                )}
              </TableRow>
            ))}
          </TableBody>
        </Table>
        <PaginationBar
          page={list.page}
          pageSize={list.pageSize}
          total={departments.data?.total ?? 0}
          onPageChange={list.setPage}
          onPageSizeChange={list.setPageSize}
        />
      </Card>
      <DepartmentFormDialog
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        group={editing?.group ?? null}
      />
    </div>
  );
}
