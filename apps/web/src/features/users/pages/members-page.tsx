import { useState } from 'react';
import { History, KeyRound, Power, PowerOff, Send } from 'lucide-react';
import { MIN_USER_SEARCH_LENGTH } from '@omnicare/shared/platform/constants';
import { ROLE } from '@omnicare/shared/users/roles';
import { can } from '@omnicare/shared/users/permissions';
import type { StaffUser } from '@omnicare/shared/users/users.schemas';
import { usePageHandle } from '@/lib/route-declaration';
import { ListPage, ListPagination } from '@/components/list/list-page';
import { EditRowButton, ListTable, RowActions } from '@/components/list/list-table';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { TableCell, TableHead, TableRow } from '@/components/ui/table';
import { Tooltip } from '@/components/ui/tooltip';
import { useAddressFilters, useListParamsInAddress } from '@/lib/use-list-params';
import { useRecordDialog } from '@/lib/use-record-dialog';
import { toast } from '@/lib/toast';
import { useCurrentUser } from '@/stores/session-store';
import { BulkResultPanel } from '../components/bulk-result-panel';
import type { BulkReport } from '../components/bulk-result-panel';
import { MemberFormDialog } from '../components/member-form-dialog';
import { ResetPasswordDialog } from '../components/reset-password-dialog';
import { STAFF_FILTER_KEYS, StaffFilters, staffFiltersOf } from '../components/staff-filters';
import { UserHistoryDialog } from '../components/user-history-dialog';
import { SettingsGroupNav } from '@/components/layout/settings-group-nav';
import { StaffStatusBadge } from '../components/staff-status-badge';
import type { StaffListParams } from '../users.api';
import {
  useBulkSetStaffActive,
  useResendInvite,
  useSetStaffActive,
  useStaffList,
} from '../users.queries';
import { USERS_TEXT } from '../users-text';

/** The keyword sent: trimmed, and only from 2 characters (spec section 5). */
export function staffKeyword(search: string): string | undefined {
  const text = search.trim();
  return text.length >= MIN_USER_SEARCH_LENGTH ? text : undefined;
}

/** /settings/users/members: the staff table. */
export function MembersPage() {
  const { title } = usePageHandle();
  const me = useCurrentUser();
  const canEdit = can(me?.role, 'staff.manage');
  // Search, page and filters live in the address: Back steps through them.
  const list = useListParamsInAddress();
  const [address, setAddressFilters] = useAddressFilters(STAFF_FILTER_KEYS);
  const filters = staffFiltersOf(address);
  const [selected, setSelected] = useState<ReadonlyMap<string, string>>(new Map());
  const [report, setReport] = useState<BulkReport | null>(null);
  const dialog = useRecordDialog<StaffUser>();
  const [inviting, setInviting] = useState(false);
  const resend = useResendInvite();
  const [resetting, setResetting] = useState<StaffUser | null>(null);
  const [historyOf, setHistoryOf] = useState<StaffUser | null>(null);

  const params: StaffListParams = {
    page: list.page,
    page_size: list.pageSize,
    keyword: staffKeyword(list.debouncedSearch),
    role: filters.role ?? undefined,
    group_id: filters.groupId ?? undefined,
    organization_id: filters.organizationId ?? undefined,
    status: filters.status ?? undefined,
  };
  const staff = useStaffList(params);
  const rows = staff.data?.data ?? [];
  const setActive = useSetStaffActive();
  const bulk = useBulkSetStaffActive();

  const pageIds = rows.map((row) => row._id);
  const selectedOnPage = pageIds.filter((id) => selected.has(id)).length;
  const headerChecked =
    selectedOnPage === 0 ? false : selectedOnPage === rows.length ? true : 'indeterminate';

  const toggleRow = (user: StaffUser, checked: boolean) => {
    const next = new Map(selected);
    if (checked) next.set(user._id, user.name);
    else next.delete(user._id);
    setSelected(next);
  };
  const togglePage = (checked: boolean) => {
    const next = new Map(selected);
    rows.forEach((row) => (checked ? next.set(row._id, row.name) : next.delete(row._id)));
    setSelected(next);
  };

  async function runBulk(active: boolean) {
    const names = Object.fromEntries(selected);
    const outcome = await bulk.mutateAsync({ ids: [...selected.keys()], active });
    setReport({ message: outcome.message, results: outcome.data.results, names });
    if (outcome.data.failed === 0) toast.success(outcome.message);
    else toast.error(outcome.message);
    // Keep the ones that failed selected, to retry or look at.
    setSelected(
      new Map(
        outcome.data.results
          .filter((result) => !result.ok)
          .map((result) => [result.id, names[result.id] ?? result.id]),
      ),
    );
  }

  async function toggleActive(user: StaffUser) {
    const result = await setActive.mutateAsync({ id: user._id, active: !user.active });
    toast.success(result.message);
  }

  return (
    <ListPage
      nav={<SettingsGroupNav group="users" />}
      title={title}
      add={canEdit && { label: USERS_TEXT.addMember, onClick: dialog.add }}
      actions={
        canEdit && (
          <Button variant="outline" onClick={() => setInviting(true)}>
            <Send aria-hidden="true" />
            {USERS_TEXT.inviteMember}
          </Button>
        )
      }
      dialogs={
        <>
          <MemberFormDialog
            open={dialog.open}
            onOpenChange={dialog.onOpenChange}
            user={dialog.record}
          />
          <MemberFormDialog open={inviting} onOpenChange={setInviting} user={null} invite />
          <ResetPasswordDialog
            user={resetting}
            onOpenChange={(open) => !open && setResetting(null)}
          />
          <UserHistoryDialog
            user={historyOf}
            onOpenChange={(open) => !open && setHistoryOf(null)}
          />
        </>
      }
    >
      <StaffFilters
        search={list.search}
        onSearchChange={list.setSearch}
        filters={filters}
        onFiltersChange={(next) =>
          setAddressFilters({
            role: next.role,
            group: next.groupId,
            organization: next.organizationId,
            status: next.status,
          })
        }
      />
      {canEdit && selected.size > 0 && (
        <div
          className="flex flex-wrap items-center gap-2 rounded-lg border border-teal-200 bg-teal-50/60 px-3 py-2 text-sm"
          aria-label="Thao tác hàng loạt"
          role="toolbar"
        >
          <span className="font-medium text-teal-900">{USERS_TEXT.selected(selected.size)}</span>
          <div className="ml-auto flex flex-wrap gap-2">
            <ConfirmDialog
              trigger={
                <Button size="sm" variant="outline" disabled={bulk.isPending}>
                  <Power aria-hidden="true" />
                  {USERS_TEXT.activate}
                </Button>
              }
              title={USERS_TEXT.bulkActivateTitle}
              description={USERS_TEXT.bulkActivateQuestion(selected.size)}
              confirmText={USERS_TEXT.activate}
              destructive={false}
              onConfirm={() => runBulk(true).catch(() => undefined)}
            />
            <ConfirmDialog
              trigger={
                <Button size="sm" variant="outline" disabled={bulk.isPending}>
                  <PowerOff aria-hidden="true" />
                  {USERS_TEXT.disable}
                </Button>
              }
              title={USERS_TEXT.bulkDisableTitle}
              description={USERS_TEXT.bulkDisableQuestion(selected.size)}
              confirmText={USERS_TEXT.disable}
              onConfirm={() => runBulk(false).catch(() => undefined)}
            />
            <Button size="sm" variant="ghost" onClick={() => setSelected(new Map())}>
              {USERS_TEXT.clearSelection}
            </Button>
          </div>
        </div>
      )}
      {report && <BulkResultPanel report={report} onDismiss={() => setReport(null)} />}
      <ListTable
        label="Danh sách nhân viên"
        query={staff}
        empty={rows.length === 0}
        columns={canEdit ? 8 : 6}
        head={
          <>
            {canEdit && (
              <TableHead className="w-10">
                <Checkbox
                  aria-label="Chọn tất cả trên trang"
                  checked={rows.length > 0 && headerChecked}
                  disabled={rows.length === 0}
                  onCheckedChange={(checked) => togglePage(checked === true)}
                />
              </TableHead>
            )}
            <TableHead>Nhân viên</TableHead>
            <TableHead>Vai trò</TableHead>
            <TableHead className="hidden lg:table-cell">Phòng ban</TableHead>
            <TableHead className="hidden lg:table-cell">Tổ chức</TableHead>
            <TableHead className="hidden lg:table-cell">Mã NV</TableHead>
            <TableHead>Trạng thái</TableHead>
            {canEdit && <TableHead className="text-right">Thao tác</TableHead>}
          </>
        }
      >
        {rows.map((user) => (
          <TableRow key={user._id} data-state={selected.has(user._id) ? 'selected' : undefined}>
            {canEdit && (
              <TableCell>
                <Checkbox
                  aria-label={`Chọn ${user.name}`}
                  checked={selected.has(user._id)}
                  onCheckedChange={(checked) => toggleRow(user, checked === true)}
                />
              </TableCell>
            )}
            <TableCell className="max-w-48 lg:max-w-64">
              <div className="flex min-w-0 flex-col">
                <span className="truncate font-medium text-slate-900">{user.name}</span>
                <span className="truncate text-xs text-slate-500">{user.email}</span>
                <span className="truncate text-xs text-slate-500 lg:hidden">
                  {[user.agent_id, user.organization_name].filter(Boolean).join(' · ')}
                </span>
              </div>
            </TableCell>
            <TableCell className="whitespace-nowrap">{ROLE.label(user.role)}</TableCell>
            <TableCell className="hidden max-w-48 lg:table-cell">
              <span className="line-clamp-2 text-[13px]">
                {user.groups.length ? user.groups.map((group) => group.name).join(', ') : '—'}
              </span>
            </TableCell>
            <TableCell className="hidden max-w-40 truncate lg:table-cell">
              {user.organization_name ?? '—'}
            </TableCell>
            <TableCell className="hidden font-mono text-xs lg:table-cell">
              {user.agent_id}
            </TableCell>
            <TableCell>
              <StaffStatusBadge active={user.active} invitePending={user.invite_pending} />
            </TableCell>
            {canEdit && (
              <TableCell>
                <RowActions>
                  <EditRowButton
                    label={`${USERS_TEXT.edit} ${user.name}`}
                    tooltip={USERS_TEXT.edit}
                    onClick={() => dialog.edit(user)}
                  />
                  <ConfirmDialog
                    tooltip={user.active ? USERS_TEXT.disable : USERS_TEXT.activate}
                    trigger={
                      <Button
                        variant="ghost"
                        size="icon-sm"
                        aria-label={`${user.active ? USERS_TEXT.disable : USERS_TEXT.activate} ${user.name}`}
                        className={
                          user.active ? 'text-red-600 hover:text-red-700' : 'text-emerald-700'
                        }
                      >
                        {user.active ? <PowerOff /> : <Power />}
                      </Button>
                    }
                    title={user.active ? USERS_TEXT.disable : USERS_TEXT.activate}
                    description={
                      user.active
                        ? USERS_TEXT.disableQuestion(user.name)
                        : USERS_TEXT.activateQuestion(user.name)
                    }
                    confirmText={user.active ? USERS_TEXT.disable : USERS_TEXT.activate}
                    destructive={user.active}
                    onConfirm={() => toggleActive(user).catch(() => undefined)}
                  />
                  {user.invite_pending && (
                    <Tooltip content={USERS_TEXT.resendInvite}>
                      <Button
                        variant="ghost"
                        size="icon-sm"
                        aria-label={`${USERS_TEXT.resendInvite} ${user.name}`}
                        disabled={resend.isPending}
                        onClick={() =>
                          resend
                            .mutateAsync(user._id)
                            .then((result) => toast.success(result.message))
                            .catch(() => undefined)
                        }
                      >
                        <Send />
                      </Button>
                    </Tooltip>
                  )}
                  <Tooltip content={USERS_TEXT.resetPassword}>
                    <Button
                      variant="ghost"
                      size="icon-sm"
                      aria-label={`${USERS_TEXT.resetPassword} ${user.name}`}
                      onClick={() => setResetting(user)}
                    >
                      <KeyRound />
                    </Button>
                  </Tooltip>
                  <Tooltip content={USERS_TEXT.history}>
                    <Button
                      variant="ghost"
                      size="icon-sm"
                      aria-label={`${USERS_TEXT.history} ${user.name}`}
                      onClick={() => setHistoryOf(user)}
                    >
                      <History />
                    </Button>
                  </Tooltip>
                </RowActions>
              </TableCell>
            )}
          </TableRow>
        ))}
      </ListTable>
      <ListPagination list={list} total={staff.data?.total ?? 0} query={staff} />
    </ListPage>
  );
}
