import { useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Pencil, Plus, Search, Trash2 } from 'lucide-react';
import type { Group } from '@omnicare/shared/groups/groups.schemas';
import { formatDateTime } from '@omnicare/shared/platform/time';
import { AreaNav, PageHeader } from '@/components/feedback/placeholder-page';
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
import { toast } from '@/lib/toast';
import { useListParams } from '@/lib/use-list-params';
import { CustomerGroupDialog } from '../components/customer-group-dialog';
import type { CustomerGroupPayload } from '../customers.api';
import { deleteCustomerGroup, fetchCustomerGroups, saveCustomerGroup } from '../customers.api';
import { customerKeys, useCanManageCustomers } from '../customers.queries';
import { COMMON_TEXT, CUSTOMER_GROUP_TEXT, DETAIL_TEXT } from '../customers-text';

const COLUMNS = ['#', CUSTOMER_GROUP_TEXT.nameLabel, 'Ngày tạo', 'Cập nhật'];

/** /customers/groups: the customer-groups table with search, add/edit dialog and delete. */
export function CustomerGroupsPage() {
  const queryClient = useQueryClient();
  const canManage = useCanManageCustomers();
  const { page, setPage, pageSize, setPageSize, search, setSearch, debouncedSearch } =
    useListParams();
  const [dialog, setDialog] = useState<{ open: boolean; group?: Group }>({ open: false });
  const query = useQuery({
    queryKey: [...customerKeys.groups, { page, pageSize, name: debouncedSearch.trim() }],
    queryFn: ({ signal }) =>
      fetchCustomerGroups(
        { offset: (page - 1) * pageSize, limit: pageSize, name: debouncedSearch.trim() },
        signal,
      ),
    placeholderData: keepPreviousData,
  });
  // A failed load has shown the error toast (query cache); the table is then empty.
  const rows = query.isError ? [] : (query.data?.list ?? []);
  const total = query.isError ? 0 : (query.data?.total ?? 0);

  const refresh = () => queryClient.invalidateQueries({ queryKey: customerKeys.groups });
  const save = useMutation({
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
      // The last row of a page went: step back rather than show an empty page.
      if (rows.length === 1 && page > 1) setPage(page - 1);
      void refresh();
    },
  });

  return (
    <div className="flex flex-col gap-4">
      <AreaNav area="customers" />
      <PageHeader
        title="Nhóm khách hàng"
        actions={
          canManage && (
            <Button onClick={() => setDialog({ open: true })}>
              <Plus aria-hidden="true" />
              {CUSTOMER_GROUP_TEXT.add}
            </Button>
          )
        }
      />
      <Card className="flex flex-col gap-3 p-4">
        <div className="relative max-w-sm">
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
            aria-hidden="true"
          />
          <Input
            type="search"
            aria-label={COMMON_TEXT.search}
            placeholder={CUSTOMER_GROUP_TEXT.searchPlaceholder}
            className="pl-9"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
        </div>
        <Table aria-busy={query.isFetching}>
          <TableHeader>
            <TableRow>
              {COLUMNS.map((column) => (
                <TableHead key={column} className={column === '#' ? 'w-12' : undefined}>
                  {column}
                </TableHead>
              ))}
              {canManage && (
                <TableHead className="w-24 text-right">{COMMON_TEXT.actions}</TableHead>
              )}
            </TableRow>
          </TableHeader>
          <TableBody>
            {query.isPending &&
              Array.from({ length: 5 }, (_, index) => (
                <TableRow key={`skeleton-${index}`}>
                  <TableCell colSpan={canManage ? 5 : 4}>
                    <Skeleton className="h-5 w-full" />
                  </TableCell>
                </TableRow>
              ))}
            {!query.isPending && rows.length === 0 && (
              <TableRow className="hover:bg-transparent">
                <TableCell colSpan={canManage ? 5 : 4}>
                  <EmptyState />
                </TableCell>
              </TableRow>
            )}
            {rows.map((group, index) => (
              <TableRow key={group._id}>
                <TableCell className="text-slate-500 tabular-nums">
                  {(page - 1) * pageSize + index + 1}
                </TableCell>
                <TableCell className="font-medium text-slate-900">{group.name}</TableCell>
                <TableCell className="whitespace-nowrap">
                  {formatDateTime(group.created_at)}
                </TableCell>
                <TableCell className="whitespace-nowrap">
                  {formatDateTime(group.updated_at)}
                </TableCell>
                {canManage && (
                  <TableCell className="text-right whitespace-nowrap">
                    <Button
                      variant="ghost"
                      size="icon-sm"
                      aria-label={`${COMMON_TEXT.edit} ${group.name}`}
                      onClick={() => setDialog({ open: true, group })}
                    >
                      <Pencil />
                    </Button>
                    <ConfirmDialog
                      tooltip
                      title={deleteConfirmText(group.name)}
                      description={DETAIL_TEXT.irreversible}
                      onConfirm={() => remove.mutateAsync(group._id).catch(() => undefined)}
                      trigger={
                        <Button
                          variant="ghost"
                          size="icon-sm"
                          className="text-red-600 hover:bg-red-50 hover:text-red-700"
                          aria-label={`${COMMON_TEXT.delete} ${group.name}`}
                        >
                          <Trash2 />
                        </Button>
                      }
                    />
                  </TableCell>
                )}
              </TableRow>
            ))}
          </TableBody>
        </Table>
        <PaginationBar
          page={page}
          pageSize={pageSize}
          total={total}
          onPageChange={setPage}
          onPageSizeChange={setPageSize}
        />
      </Card>
      <CustomerGroupDialog
        open={dialog.open}
        group={dialog.group}
        onOpenChange={(open) => setDialog((current) => ({ ...current, open }))}
        onSubmit={(payload: CustomerGroupPayload) => save.mutateAsync(payload)}
      />
    </div>
  );
}
