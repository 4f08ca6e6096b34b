import { formatDateTime } from '@omnicare/shared/platform/time';
import {
  TEMPLATE_KIND,
  TEMPLATE_VISIBILITY,
  type TemplateKind,
  type TemplateVisibility,
} from '@omnicare/shared/templates/template-enums';
import type { MessageTemplate } from '@omnicare/shared/templates/templates.schemas';
import { can } from '@omnicare/shared/users/permissions';
import { usePageHandle } from '@/lib/route-declaration';
import { ListPage, ListPagination } from '@/components/list/list-page';
import { DeleteRowButton } from '@/components/list/delete-row-button';
import { EditRowButton, ListTable, RowActions } from '@/components/list/list-table';
import { Badge } from '@/components/ui/badge';
import { deleteConfirmText } from '@/components/ui/confirm-dialog';
import { SearchInput } from '@/components/ui/search-input';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import { TableCell, TableHead, TableRow } from '@/components/ui/table';
import { SegmentedTabs } from '@/components/ui/segmented-tabs';
import { removeWithFeedback } from '@/lib/mutation-feedback';
import { useAddressFilters, useListParamsInAddress } from '@/lib/use-list-params';
import { useRecordDialog } from '@/lib/use-record-dialog';
import { SettingsGroupNav } from '@/components/layout/settings-group-nav';
import { useCurrentUser } from '@/stores/session-store';
import { TemplateFormDialog } from '../components/template-form-dialog';
import { TokenText } from '../components/template-preview';
import { useCatalogOptions, useDeleteTemplate, useTemplateList } from '../templates.queries';
import { TEMPLATE_TEXT } from '../templates-text';
import { ZnsCheck } from '../components/zns-check';

const ALL = '__all__';
const NO_CATALOG = 'none';
const DEFAULT_KIND: TemplateKind = 'sms';

type StatusFilter = 'active' | 'inactive';

/** Administrators change shared templates; personal ones are their owner's. */
export function canEditTemplate(
  template: MessageTemplate,
  user: { _id: string; role: string } | null | undefined,
) {
  if (!user) return false;
  if (template.visibility === 'personal') return template.owner?._id === user._id;
  return can(user.role, 'template.manage_shared');
}

function VisibilityCell({ template }: { template: MessageTemplate }) {
  const names = template.departments.map((department) => department.name).join(', ');
  return (
    <div className="flex min-w-0 flex-col items-start gap-0.5">
      <Badge
        variant={
          template.visibility === 'everyone'
            ? 'secondary'
            : template.visibility === 'departments'
              ? 'outline'
              : 'warning'
        }
      >
        {TEMPLATE_VISIBILITY.label(template.visibility)}
      </Badge>
      {template.visibility === 'departments' && (
        <span className="max-w-40 truncate text-xs text-slate-500" title={names}>
          {names || '—'}
        </span>
      )}
    </div>
  );
}

/** /settings/others/templates: message templates per kind, with search, filters and paging. */
export function TemplatesPage() {
  const { title } = usePageHandle();
  const user = useCurrentUser();
  const canShare = can(user?.role, 'template.manage_shared');
  // Kind, filters, search and page live in the address: Back steps through them.
  const [address, setFilters] = useAddressFilters(['kind', 'catalog', 'visibility', 'status']);
  const kind: TemplateKind = TEMPLATE_KIND.is(address.kind) ? address.kind : DEFAULT_KIND;
  const list = useListParamsInAddress();
  const catalogId = address.catalog ?? ALL;
  const visibility: TemplateVisibility | typeof ALL = TEMPLATE_VISIBILITY.is(address.visibility)
    ? address.visibility
    : ALL;
  const status: StatusFilter | typeof ALL =
    address.status === 'active' || address.status === 'inactive' ? address.status : ALL;
  const keyword = list.debouncedSearch.trim();
  const templates = useTemplateList(kind, {
    page: list.page,
    page_size: list.pageSize,
    ...(keyword ? { keyword } : {}),
    ...(catalogId !== ALL ? { catalog_id: catalogId } : {}),
    ...(visibility !== ALL ? { visibility } : {}),
    ...(status !== ALL ? { active: status === 'active' } : {}),
  });
  const catalogs = useCatalogOptions();
  const remove = useDeleteTemplate();
  const dialog = useRecordDialog<MessageTemplate>();
  // A failed load has shown the error toast; the table is then empty.
  const rows = templates.isError ? [] : (templates.data?.data ?? []);
  const total = templates.isError ? 0 : (templates.data?.total ?? 0);
  const columns = 7;

  const changeKind = (next: TemplateKind) => setFilters({ kind: next });
  const filter = (key: 'catalog' | 'visibility' | 'status') => (value: string) =>
    setFilters({ [key]: value === ALL ? null : value });

  return (
    <ListPage
      nav={<SettingsGroupNav group="templates" />}
      title={title}
      add={{ label: TEMPLATE_TEXT.add, onClick: dialog.add }}
      dialogs={
        <TemplateFormDialog
          open={dialog.open}
          onOpenChange={dialog.onOpenChange}
          template={dialog.record}
          kind={kind}
          canShare={canShare}
        />
      }
    >
      <SegmentedTabs
        label={TEMPLATE_TEXT.kindTabs}
        options={TEMPLATE_KIND.options()}
        value={kind}
        onChange={changeKind}
      />
      <div className="flex flex-wrap items-center gap-2">
        <SearchInput
          size="sm"
          className="min-w-52 flex-1 basis-52"
          label={TEMPLATE_TEXT.searchLabel}
          placeholder={TEMPLATE_TEXT.searchPlaceholder}
          value={list.search}
          onChange={list.setSearch}
        />
        <Select value={catalogId} onValueChange={filter('catalog')}>
          <SelectTrigger size="sm" className="w-44" aria-label="Lọc theo danh mục">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ALL}>{TEMPLATE_TEXT.allCatalogs}</SelectItem>
            <SelectItem value={NO_CATALOG}>{TEMPLATE_TEXT.noCatalog}</SelectItem>
            {(catalogs.data ?? []).map((catalog) => (
              <SelectItem key={catalog._id} value={catalog._id}>
                {catalog.name}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        <Select value={visibility} onValueChange={filter('visibility')}>
          <SelectTrigger size="sm" className="w-40" aria-label="Lọc theo phạm vi">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ALL}>{TEMPLATE_TEXT.allVisibilities}</SelectItem>
            {TEMPLATE_VISIBILITY.options().map((option) => (
              <SelectItem key={option.value} value={option.value}>
                {option.label}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        <Select value={status} onValueChange={filter('status')}>
          <SelectTrigger size="sm" className="w-44" aria-label="Lọc theo trạng thái">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ALL}>{TEMPLATE_TEXT.allStatuses}</SelectItem>
            <SelectItem value="active">{TEMPLATE_TEXT.active}</SelectItem>
            <SelectItem value="inactive">{TEMPLATE_TEXT.inactive}</SelectItem>
          </SelectContent>
        </Select>
      </div>
      <ListTable
        label={TEMPLATE_TEXT.tableLabel}
        query={templates}
        empty={rows.length === 0}
        columns={columns}
        head={
          <>
            <TableHead className="w-48">{TEMPLATE_TEXT.name}</TableHead>
            <TableHead>{TEMPLATE_TEXT.content}</TableHead>
            <TableHead className="w-32">{TEMPLATE_TEXT.catalog}</TableHead>
            <TableHead className="w-32">{TEMPLATE_TEXT.visibility}</TableHead>
            <TableHead className="w-32">{TEMPLATE_TEXT.status}</TableHead>
            <TableHead className="hidden w-36 2xl:table-cell">{TEMPLATE_TEXT.updatedAt}</TableHead>
            <TableHead className="w-20 text-right">{TEMPLATE_TEXT.actions}</TableHead>
          </>
        }
      >
        {rows.map((template) => {
          const editable = canEditTemplate(template, user);
          return (
            <TableRow key={template._id}>
              <TableCell className="max-w-48 align-top">
                <div className="flex min-w-0 flex-col gap-1">
                  <span className="truncate font-medium text-slate-900" title={template.name}>
                    {template.name}
                  </span>
                  {template.shortcut && (
                    <span className="w-fit rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs text-slate-700">
                      {template.shortcut}
                    </span>
                  )}
                  {template.zns_template_id && (
                    <>
                      <span className="text-xs text-slate-500">
                        ZNS #{template.zns_template_id}
                      </span>
                      <ZnsCheck templateId={template._id} />
                    </>
                  )}
                </div>
              </TableCell>
              <TableCell className="min-w-56 align-top">
                {template.subject && (
                  <p className="truncate text-[13px] font-medium text-slate-800">
                    <TokenText text={template.subject} />
                  </p>
                )}
                <p
                  className="line-clamp-2 text-[13px] break-words whitespace-pre-line text-slate-600"
                  title={template.content}
                >
                  <TokenText text={template.content} />
                </p>
              </TableCell>
              <TableCell className="align-top text-[13px]">
                {template.catalog_name ?? <span className="text-slate-400">—</span>}
              </TableCell>
              <TableCell className="align-top">
                <VisibilityCell template={template} />
              </TableCell>
              <TableCell className="align-top">
                <Badge
                  variant={template.active ? 'success' : 'secondary'}
                  title={`${TEMPLATE_TEXT.updatedAt} ${formatDateTime(template.updated_at)}`}
                >
                  {template.active ? TEMPLATE_TEXT.active : TEMPLATE_TEXT.inactive}
                </Badge>
              </TableCell>
              <TableCell className="hidden align-top text-[13px] whitespace-nowrap text-slate-600 2xl:table-cell">
                {formatDateTime(template.updated_at)}
              </TableCell>
              <TableCell className="align-top">
                {editable && (
                  <RowActions>
                    <EditRowButton
                      label={`${TEMPLATE_TEXT.edit} ${template.name}`}
                      tooltip={TEMPLATE_TEXT.edit}
                      onClick={() => dialog.edit(template)}
                    />
                    <DeleteRowButton
                      label={`${TEMPLATE_TEXT.delete} ${template.name}`}
                      title={deleteConfirmText(template.name)}
                      description="Mẫu tin nhắn đã xóa không thể khôi phục."
                      onConfirm={() =>
                        removeWithFeedback(
                          () => remove.mutateAsync(template._id),
                          () => list.afterRemoval(rows.length),
                        )
                      }
                    />
                  </RowActions>
                )}
              </TableCell>
            </TableRow>
          );
        })}
      </ListTable>
      <ListPagination list={list} total={total} query={templates} />
    </ListPage>
  );
}
