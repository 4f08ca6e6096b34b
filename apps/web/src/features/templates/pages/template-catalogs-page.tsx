import { useState } from 'react';
import { Pencil, Plus, Search, Trash2 } from 'lucide-react';
import { formatDateTime } from '@omnicare/shared/platform/time';
import type { TemplateCatalog } from '@omnicare/shared/templates/templates.schemas';
import { isAdministrator } from '@omnicare/shared/users/roles';
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
import { SettingsGroupNav } from '@/features/users/components/users-sub-nav';
import { useCurrentUser } from '@/stores/session-store';
import { TemplateCatalogDialog } from '../components/template-catalog-dialog';
import { useCatalogList, useDeleteCatalog } from '../templates.queries';
import { CATALOG_TEXT, TEMPLATE_TEXT } from '../templates-text';

/** /settings/others/template-catalogs: the tenant's template catalogs. */
export function TemplateCatalogsPage() {
  const { title } = usePageHandle();
  const canEdit = isAdministrator(useCurrentUser()?.role);
  const list = useListParams();
  const keyword = list.debouncedSearch.trim();
  const catalogs = useCatalogList({
    page: list.page,
    page_size: list.pageSize,
    ...(keyword ? { keyword } : {}),
  });
  const remove = useDeleteCatalog();
  const [editing, setEditing] = useState<{ catalog: TemplateCatalog | null } | null>(null);
  const rows = catalogs.isError ? [] : (catalogs.data?.data ?? []);
  const total = catalogs.isError ? 0 : (catalogs.data?.total ?? 0);
  const columns = canEdit ? 5 : 4;

  return (
    <div className="flex flex-col gap-4">
      <SettingsGroupNav anyOf="/settings/others/template-catalogs" />
      <PageHeader
        title={title}
        actions={
          canEdit && (
            <Button onClick={() => setEditing({ catalog: null })}>
              <Plus aria-hidden="true" />
              {CATALOG_TEXT.add}
            </Button>
          )
        }
      />
      <Card className="flex flex-col gap-3 p-3 sm:p-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <div className="relative w-full max-w-sm">
            <Search
              className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-slate-400"
              aria-hidden="true"
            />
            <Input
              type="search"
              value={list.search}
              onChange={(event) => list.setSearch(event.target.value)}
              placeholder={CATALOG_TEXT.searchPlaceholder}
              aria-label={CATALOG_TEXT.searchLabel}
              className="h-8 pl-8"
            />
          </div>
          <p className="text-xs text-slate-500">{CATALOG_TEXT.inUseHint}</p>
        </div>
        <Table aria-label={CATALOG_TEXT.tableLabel} aria-busy={catalogs.isFetching}>
          <TableHeader>
            <TableRow>
              <TableHead className="w-64">{CATALOG_TEXT.name}</TableHead>
              <TableHead>{CATALOG_TEXT.description}</TableHead>
              <TableHead className="w-28 text-right">{CATALOG_TEXT.templateCount}</TableHead>
              <TableHead className="w-40">{TEMPLATE_TEXT.updatedAt}</TableHead>
              {canEdit && (
                <TableHead className="w-24 text-right">{TEMPLATE_TEXT.actions}</TableHead>
              )}
            </TableRow>
          </TableHeader>
          <TableBody>
            {catalogs.isPending &&
              Array.from({ length: 10 }, (_, index) => (
                <TableRow key={`skeleton-${index}`}>
                  <TableCell colSpan={columns}>
                    <Skeleton className="h-7" />
                  </TableCell>
                </TableRow>
              ))}
            {!catalogs.isPending && rows.length === 0 && (
              <TableRow className="hover:bg-transparent">
                <TableCell colSpan={columns}>
                  <EmptyState />
                </TableCell>
              </TableRow>
            )}
            {rows.map((catalog) => (
              <TableRow key={catalog._id}>
                <TableCell className="max-w-64">
                  <span className="block truncate font-medium text-slate-900" title={catalog.name}>
                    {catalog.name}
                  </span>
                </TableCell>
                <TableCell className="max-w-md">
                  <span
                    className="block truncate text-[13px] text-slate-600"
                    title={catalog.description}
                  >
                    {catalog.description || <span className="text-slate-400">—</span>}
                  </span>
                </TableCell>
                <TableCell className="text-right text-slate-700 tabular-nums">
                  {catalog.template_count}
                </TableCell>
                <TableCell className="text-[13px] whitespace-nowrap text-slate-600">
                  {formatDateTime(catalog.updated_at)}
                </TableCell>
                {canEdit && (
                  <TableCell>
                    <div className="flex justify-end gap-0.5">
                      <Tooltip content={TEMPLATE_TEXT.edit}>
                        <Button
                          variant="ghost"
                          size="icon-sm"
                          aria-label={`${TEMPLATE_TEXT.edit} ${catalog.name}`}
                          onClick={() => setEditing({ catalog })}
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
                            aria-label={`${TEMPLATE_TEXT.delete} ${catalog.name}`}
                            className="text-red-600 hover:bg-red-50 hover:text-red-700"
                          >
                            <Trash2 />
                          </Button>
                        }
                        title={deleteConfirmText(catalog.name)}
                        description={CATALOG_TEXT.inUseHint}
                        onConfirm={() =>
                          remove
                            .mutateAsync(catalog._id)
                            .then((result) => {
                              toast.success(result.message);
                              if (rows.length === 1 && list.page > 1) list.setPage(list.page - 1);
                            })
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
          total={total}
          onPageChange={list.setPage}
          onPageSizeChange={list.setPageSize}
        />
      </Card>
      <TemplateCatalogDialog
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        catalog={editing?.catalog ?? null}
      />
    </div>
  );
}
