import { useCan } from '@/lib/use-can';
import type { Group } from '@omnicare/shared/groups/groups.schemas';
import { usePageHandle } from '@/lib/route-declaration';
import { ListPage, ListPagination } from '@/components/list/list-page';
import { DeleteRowButton } from '@/components/list/delete-row-button';
import { EditRowButton, ListTable, RowActions } from '@/components/list/list-table';
import { Badge } from '@/components/ui/badge';
import { deleteConfirmText } from '@/components/ui/confirm-dialog';
import { SearchInput } from '@/components/ui/search-input';
import { TableCell, TableHead, TableRow } from '@/components/ui/table';
import { removeWithFeedback } from '@/lib/mutation-feedback';
import { useListParamsInAddress } from '@/lib/use-list-params';
import { useRecordDialog } from '@/lib/use-record-dialog';
import { DepartmentFormDialog } from '../components/department-form-dialog';
import { SettingsGroupNav } from '@/components/layout/settings-group-nav';
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

/** How the department's tickets are assigned: automatically (with its capacity) or by hand. */
export function AssignmentSummary({ group }: { group: Group }) {
  if (!group.auto_assign) return <span className="text-[13px] text-slate-500">Thủ công</span>;
  return (
    <div className="flex flex-col items-start gap-0.5">
      <Badge variant="success">Tự động</Badge>
      <span className="text-xs whitespace-nowrap text-slate-500">
        {group.assign_capacity === null
          ? 'Không giới hạn'
          : `Tối đa ${group.assign_capacity} ticket/người`}
      </span>
    </div>
  );
}

/** /settings/users/departments: staff departments (groups with target 'user'). */
export function DepartmentsPage() {
  const { title } = usePageHandle();
  const canEdit = useCan('department.manage');
  // Search and page live in the address: Back steps through them.
  const list = useListParamsInAddress();
  const name = list.debouncedSearch.trim();
  const departments = useDepartmentList({
    page: list.page,
    page_size: list.pageSize,
    ...(name ? { name } : {}),
  });
  const rows = departments.data?.data ?? [];
  const remove = useDeleteDepartment();
  const dialog = useRecordDialog<Group>();
  const columns = canEdit ? 6 : 5;

  return (
    <ListPage
      nav={<SettingsGroupNav group="users" />}
      title={title}
      add={canEdit && { label: 'Thêm phòng ban', onClick: dialog.add }}
      dialogs={
        <DepartmentFormDialog
          open={dialog.open}
          onOpenChange={dialog.onOpenChange}
          group={dialog.record}
        />
      }
    >
      <SearchInput
        size="sm"
        className="max-w-sm"
        label="Tìm phòng ban"
        placeholder="Tìm theo tên phòng ban"
        value={list.search}
        onChange={list.setSearch}
      />
      <ListTable
        label="Danh sách phòng ban"
        query={departments}
        empty={rows.length === 0}
        columns={columns}
        head={
          <>
            <TableHead>Tên phòng ban</TableHead>
            <TableHead>Tổ chức</TableHead>
            <TableHead>Trưởng phòng</TableHead>
            <TableHead>Thành viên</TableHead>
            <TableHead>Phân công</TableHead>
            {canEdit && <TableHead className="text-right">Thao tác</TableHead>}
          </>
        }
      >
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
            <TableCell>
              <AssignmentSummary group={group} />
            </TableCell>
            {canEdit && (
              <TableCell>
                <RowActions>
                  <EditRowButton
                    label={`Chỉnh sửa ${group.name}`}
                    tooltip="Chỉnh sửa"
                    onClick={() => dialog.edit(group)}
                  />
                  <DeleteRowButton
                    label={`Xóa ${group.name}`}
                    className="text-red-600 hover:text-red-700"
                    title="Xóa phòng ban"
                    description={deleteConfirmText(group.name)}
                    onConfirm={() => removeWithFeedback(() => remove.mutateAsync(group._id))}
                  />
                </RowActions>
              </TableCell>
            )}
          </TableRow>
        ))}
      </ListTable>
      <ListPagination list={list} total={departments.data?.total ?? 0} query={departments} />
    </ListPage>
  );
}
