import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Pencil, Plus, Search, Trash2 } from 'lucide-react';
import { formatDateTime } from '@omnicare/shared/platform/time';
import {
  TEMPLATE_KIND,
  TEMPLATE_VISIBILITY,
  type TemplateKind,
  type TemplateVisibility,
} from '@omnicare/shared/templates/template-enums';
import type { MessageTemplate } from '@omnicare/shared/templates/templates.schemas';
import { isAdministrator } from '@omnicare/shared/users/roles';
import { PageHeader, usePageHandle } from '@/components/feedback/placeholder-page';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog, deleteConfirmText } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { Input } from '@/components/ui/input';
import { PaginationBar } from '@/components/ui/pagination-bar';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
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
import { cn } from '@/lib/cn';
import { toast } from '@/lib/toast';
import { useListParams } from '@/lib/use-list-params';
import { SettingsGroupNav } from '@/features/users/components/users-sub-nav';
import { useCurrentUser } from '@/stores/session-store';
import { TemplateFormDialog } from '../components/template-form-dialog';
import { TokenText } from '../components/template-preview';
import { useCatalogOptions, useDeleteTemplate, useTemplateList } from '../templates.queries';
import { TEMPLATE_TEXT } from '../templates-text';

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
  return isAdministrator(user.role);
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
  const canShare = isAdministrator(user?.role);
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('kind');
  const kind: TemplateKind = TEMPLATE_KIND.is(requested) ? requested : DEFAULT_KIND;
  // The kind lives in the address: the page is 1 in the render that shows another kind.
  const list = useListParams({ resetOn: kind });
  const [catalogId, setCatalogId] = useState<string>(ALL);
  const [visibility, setVisibility] = useState<TemplateVisibility | typeof ALL>(ALL);
  const [status, setStatus] = useState<StatusFilter | typeof ALL>(ALL);
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
  const [editing, setEditing] = useState<{ template: MessageTemplate | null } | null>(null);
  // A failed load has shown the error toast; the table is then empty.
  const rows = templates.isError ? [] : (templates.data?.data ?? []);
  const total = templates.isError ? 0 : (templates.data?.total ?? 0);
  const columns = 7;

  const changeKind = (next: TemplateKind) => {
    setSearchParams(
      (current) => {
        const params = new URLSearchParams(current);
        params.set('kind', next);
        return params;
      },
      { replace: true },
    );
  };
  const filter =
    <T,>(setter: (value: T) => void) =>
    (value: T) => {
      setter(value);
      list.setPage(1);
    };

  return (
    <div className="flex flex-col gap-4">
      <SettingsGroupNav anyOf="/settings/others/templates" />
      <PageHeader
        title={title}
        actions={
          <Button onClick={() => setEditing({ template: null })}>
            <Plus aria-hidden="true" />
            {TEMPLATE_TEXT.add}
          </Button>
        }
      />
      <Card className="flex flex-col gap-3 p-3 sm:p-4">
        <div
          role="tablist"
          aria-label={TEMPLATE_TEXT.kindTabs}
          className="flex w-fit max-w-full gap-1 overflow-x-auto rounded-lg bg-slate-100 p-1"
        >
          {TEMPLATE_KIND.options().map((option) => (
            <button
              key={option.value}
              type="button"
              role="tab"
              aria-selected={option.value === kind}
              onClick={() => changeKind(option.value)}
              className={cn(
                'rounded-md px-3 py-1.5 text-[13px] font-medium whitespace-nowrap text-slate-600 outline-none hover:text-slate-900 focus-visible:ring-2 focus-visible:ring-teal-600/50',
                option.value === kind && 'bg-white text-teal-800 shadow-xs hover:text-teal-800',
              )}
            >
              {option.label}
            </button>
          ))}
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <div className="relative min-w-52 flex-1 basis-52">
            <Search
              className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-slate-400"
              aria-hidden="true"
            />
            <Input
              type="search"
              value={list.search}
              onChange={(event) => list.setSearch(event.target.value)}
              placeholder={TEMPLATE_TEXT.searchPlaceholder}
              aria-label={TEMPLATE_TEXT.searchLabel}
              className="h-8 pl-8"
            />
          </div>
          <Select value={catalogId} onValueChange={filter(setCatalogId)}>
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
          <Select
            value={visibility}
            onValueChange={filter((value: string) =>
              setVisibility(value as TemplateVisibility | typeof ALL),
            )}
          >
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
          <Select
            value={status}
            onValueChange={filter((value: string) => setStatus(value as StatusFilter | typeof ALL))}
          >
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
        <Table aria-label={TEMPLATE_TEXT.tableLabel} aria-busy={templates.isFetching}>
          <TableHeader>
            <TableRow>
              <TableHead className="w-48">{TEMPLATE_TEXT.name}</TableHead>
              <TableHead>{TEMPLATE_TEXT.content}</TableHead>
              <TableHead className="w-32">{TEMPLATE_TEXT.catalog}</TableHead>
              <TableHead className="w-32">{TEMPLATE_TEXT.visibility}</TableHead>
              <TableHead className="w-32">{TEMPLATE_TEXT.status}</TableHead>
              <TableHead className="hidden w-36 2xl:table-cell">
                {TEMPLATE_TEXT.updatedAt}
              </TableHead>
              <TableHead className="w-20 text-right">{TEMPLATE_TEXT.actions}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {templates.isPending &&
              Array.from({ length: 10 }, (_, index) => (
                <TableRow key={`skeleton-${index}`}>
                  <TableCell colSpan={columns}>
                    <Skeleton className="h-7" />
                  </TableCell>
                </TableRow>
              ))}
            {!templates.isPending && rows.length === 0 && (
              <TableRow className="hover:bg-transparent">
                <TableCell colSpan={columns}>
                  <EmptyState />
                </TableCell>
              </TableRow>
            )}
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
                        <span className="text-xs text-slate-500">
                          ZNS #{template.zns_template_id}
                        </span>
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
                      <div className="flex justify-end gap-0.5">
                        <Tooltip content={TEMPLATE_TEXT.edit}>
                          <Button
                            variant="ghost"
                            size="icon-sm"
                            aria-label={`${TEMPLATE_TEXT.edit} ${template.name}`}
                            onClick={() => setEditing({ template })}
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
                              aria-label={`${TEMPLATE_TEXT.delete} ${template.name}`}
                              className="text-red-600 hover:bg-red-50 hover:text-red-700"
                            >
                              <Trash2 />
                            </Button>
                          }
                          title={deleteConfirmText(template.name)}
                          description="Mẫu tin nhắn đã xóa không thể khôi phục."
                          onConfirm={() =>
                            remove
                              .mutateAsync(template._id)
                              .then((result) => {
                                toast.success(result.message);
                                // The last row of a page went: step back.
                                if (rows.length === 1 && list.page > 1) list.setPage(list.page - 1);
                              })
                              .catch(() => undefined)
                          }
                        />
                      </div>
                    )}
                  </TableCell>
                </TableRow>
              );
            })}
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
      <TemplateFormDialog
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        template={editing?.template ?? null}
        kind={kind}
        canShare={canShare}
      />
    </div>
  );
}
