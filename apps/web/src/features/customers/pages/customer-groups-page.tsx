import { Link } from 'react-router';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Group } from '@omnicare/shared/groups/groups.schemas';
import { formatDateTime } from '@omnicare/shared/platform/time';
import { AreaNav } from '@/components/layout/area-nav';
import { ListPage, ListPagination } from '@/components/list/list-page';
import { DeleteRowButton } from '@/components/list/delete-row-button';
import { EditRowButton, ListTable } from '@/components/list/list-table';
import { deleteConfirmText } from '@/components/ui/confirm-dialog';
import { SearchInput } from '@/components/ui/search-input';
import { TableCell, TableHead, TableRow } from '@/components/ui/table';
import { toast } from '@/lib/toast';
import { useListParamsInAddress } from '@/lib/use-list-params';
import { useRecordDialog } from '@/lib/use-record-dialog';
import { CustomerGroupDialog } from '../components/customer-group-dialog';
import type { CustomerGroupPayload } from '../customers.api';
import { deleteCustomerGroup, fetchCustomerGroups, saveCustomerGroup } from '../customers.api';
import { useCan } from '@/lib/use-can';
import { customerKeys } from '../customers.queries';
import { COMMON_TEXT, CUSTOMER_GROUP_TEXT, DETAIL_TEXT } from '../customers-text';

const COLUMNS = [
  '#',
  CUSTOMER_GROUP_TEXT.nameLabel,
  DETAIL_TEXT.customerCount,
  'Ngày tạo',
  'Cập nhật',
];

/** /customers/groups: the customer-groups table with search, add/edit dialog and delete. */
export function CustomerGroupsPage() {
  const queryClient = useQueryClient();
  const canManage = useCan('customer_group.manage');
  // Search and page live in the address: Back steps through them.
  const list = useListParamsInAddress();
  const { page, pageSize } = list;
  const name = list.debouncedSearch.trim();
  const dialog = useRecordDialog<Group>();
  const query = useQuery({
    queryKey: [...customerKeys.groups, { page, pageSize, name }],
    queryFn: ({ signal }) =>
      fetchCustomerGroups({ offset: (page - 1) * pageSize, limit: pageSize, name }, signal),
    placeholderData: keepPreviousData,
  });
  // A failed load has shown the error toast (query cache); the table is then empty.
  const rows = query.isError ? [] : (query.data?.list ?? []);
  const total = query.isError ? 0 : (query.data?.total ?? 0);

  const refresh = () => queryClient.invalidateQueries({ queryKey: customerKeys.groups });
  const save = useMutation({
    // The dialog speaks for a failed save: the name's message under it, or a toast.
    meta: { silent: true },
    mutationFn: saveCustomerGroup,
    onSuccess: (_message, payload) => {
      toast.success(payload.id ? CUSTOMER_GROUP_TEXT.updated : CUSTOMER_GROUP_TEXT.created);
      void refresh();
    },
  });
  const remove = useMutation({
    mutationFn: deleteCustomerGroup,
    onSuccess: () => {
      toast.success(CUSTOMER_GROUP_TEXT.deleted);
      list.afterRemoval(rows.length);
      void refresh();
    },
  });

  return (
    <ListPage
      nav={<AreaNav area="customers" />}
      title="Nhóm khách hàng"
      add={canManage && { label: CUSTOMER_GROUP_TEXT.add, onClick: dialog.add }}
      cardClassName="p-4"
      dialogs={
        <CustomerGroupDialog
          open={dialog.open}
          group={dialog.record ?? undefined}
          onOpenChange={dialog.onOpenChange}
          onSubmit={(payload: CustomerGroupPayload) => save.mutateAsync(payload)}
        />
      }
    >
      <SearchInput
        className="max-w-sm"
        label={COMMON_TEXT.search}
        placeholder={CUSTOMER_GROUP_TEXT.searchPlaceholder}
        value={list.search}
        onChange={list.setSearch}
      />
      <ListTable
        // The spec's rule for this screen: a failed load is its error toast and an empty list.
        failure="empty"
        query={query}
        empty={rows.length === 0}
        columns={canManage ? 6 : 5}
        skeletonRows={5}
        skeletonClassName="h-5 w-full"
        head={
          <>
            {COLUMNS.map((column) => (
              <TableHead key={column} className={column === '#' ? 'w-12' : undefined}>
                {column}
              </TableHead>
            ))}
            {canManage && <TableHead className="w-24 text-right">{COMMON_TEXT.actions}</TableHead>}
          </>
        }
      >
        {rows.map((group, index) => (
          <TableRow key={group._id}>
            <TableCell className="text-slate-500 tabular-nums">
              {(page - 1) * pageSize + index + 1}
            </TableCell>
            <TableCell className="font-medium text-slate-900">{group.name}</TableCell>
            <TableCell className="text-slate-700 tabular-nums">
              <Link
                to={`/customers?group_id=${encodeURIComponent(group._id)}`}
                className="text-teal-700 hover:underline"
                aria-label={CUSTOMER_GROUP_TEXT.countLink(group.customer_count, group.name)}
              >
                {group.customer_count.toLocaleString('vi-VN')}
              </Link>
            </TableCell>
            <TableCell className="whitespace-nowrap">{formatDateTime(group.created_at)}</TableCell>
            <TableCell className="whitespace-nowrap">{formatDateTime(group.updated_at)}</TableCell>
            {canManage && (
              <TableCell className="text-right whitespace-nowrap">
                <EditRowButton
                  label={`${COMMON_TEXT.edit} ${group.name}`}
                  onClick={() => dialog.edit(group)}
                />
                <DeleteRowButton
                  label={`${COMMON_TEXT.delete} ${group.name}`}
                  title={deleteConfirmText(group.name)}
                  description={DETAIL_TEXT.leavesCustomers(group.customer_count)}
                  onConfirm={() => remove.mutateAsync(group._id).catch(() => undefined)}
                />
              </TableCell>
            )}
          </TableRow>
        ))}
      </ListTable>
      <ListPagination list={list} total={total} />
    </ListPage>
  );
}
