import { formatDateTime } from '@omnicare/shared/platform/time';
import type { TemplateCatalog } from '@omnicare/shared/templates/templates.schemas';
import { useCan } from '@/lib/use-can';
import { usePageHandle } from '@/app/route-declaration';
import { ListPage, ListPagination } from '@/components/list/list-page';
import {
  DeleteRowButton,
  EditRowButton,
  ListTable,
  RowActions,
} from '@/components/list/list-table';
import { deleteConfirmText } from '@/components/ui/confirm-dialog';
import { SearchInput } from '@/components/ui/search-input';
import { TableCell, TableHead, TableRow } from '@/components/ui/table';
import { removeWithFeedback } from '@/lib/mutation-feedback';
import { useListParamsInAddress } from '@/lib/use-list-params';
import { useRecordDialog } from '@/lib/use-record-dialog';
import { SettingsGroupNav } from '@/components/layout/settings-group-nav';
import { TemplateCatalogDialog } from '../components/template-catalog-dialog';
import { useCatalogList, useDeleteCatalog } from '../templates.queries';
import { CATALOG_TEXT, TEMPLATE_TEXT } from '../templates-text';

/** /settings/others/template-catalogs: the tenant's template catalogs. */
export function TemplateCatalogsPage() {
  const { title } = usePageHandle();
  const canEdit = useCan('template_catalog.manage');
  // Search and page live in the address: Back steps through them.
  const list = useListParamsInAddress();
  const keyword = list.debouncedSearch.trim();
  const catalogs = useCatalogList({
    page: list.page,
    page_size: list.pageSize,
    ...(keyword ? { keyword } : {}),
  });
  const remove = useDeleteCatalog();
  const dialog = useRecordDialog<TemplateCatalog>();
  const rows = catalogs.isError ? [] : (catalogs.data?.data ?? []);
  const total = catalogs.isError ? 0 : (catalogs.data?.total ?? 0);
  const columns = canEdit ? 5 : 4;

  return (
    <ListPage
      nav={<SettingsGroupNav group="templates" />}
      title={title}
      add={canEdit && { label: CATALOG_TEXT.add, onClick: dialog.add }}
      dialogs={
        <TemplateCatalogDialog
          open={dialog.open}
          onOpenChange={dialog.onOpenChange}
          catalog={dialog.record}
        />
      }
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <SearchInput
          size="sm"
          className="w-full max-w-sm"
          label={CATALOG_TEXT.searchLabel}
          placeholder={CATALOG_TEXT.searchPlaceholder}
          value={list.search}
          onChange={list.setSearch}
        />
        <p className="text-xs text-slate-500">{CATALOG_TEXT.inUseHint}</p>
      </div>
      <ListTable
        label={CATALOG_TEXT.tableLabel}
        query={catalogs}
        empty={rows.length === 0}
        columns={columns}
        head={
          <>
            <TableHead className="w-64">{CATALOG_TEXT.name}</TableHead>
            <TableHead>{CATALOG_TEXT.description}</TableHead>
            <TableHead className="w-28 text-right">{CATALOG_TEXT.templateCount}</TableHead>
            <TableHead className="w-40">{TEMPLATE_TEXT.updatedAt}</TableHead>
            {canEdit && <TableHead className="w-24 text-right">{TEMPLATE_TEXT.actions}</TableHead>}
          </>
        }
      >
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
                <RowActions>
                  <EditRowButton
                    label={`${TEMPLATE_TEXT.edit} ${catalog.name}`}
                    tooltip={TEMPLATE_TEXT.edit}
                    onClick={() => dialog.edit(catalog)}
                  />
                  <DeleteRowButton
                    label={`${TEMPLATE_TEXT.delete} ${catalog.name}`}
                    title={deleteConfirmText(catalog.name)}
                    description={CATALOG_TEXT.inUseHint}
                    onConfirm={() =>
                      removeWithFeedback(
                        () => remove.mutateAsync(catalog._id),
                        () => list.afterRemoval(rows.length),
                      )
                    }
                  />
                </RowActions>
              </TableCell>
            )}
          </TableRow>
        ))}
      </ListTable>
      <ListPagination list={list} total={total} query={catalogs} />
    </ListPage>
  );
}
