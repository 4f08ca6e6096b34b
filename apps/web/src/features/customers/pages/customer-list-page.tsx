import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowDown, ArrowUp, ArrowUpDown, FileUp, Filter, Plus, Search, X } from 'lucide-react';
import type { CustomerListItem } from '@omnicare/shared/customers/customers.schemas';
import { CUSTOMER_SORTS } from '@omnicare/shared/customers/customers.schemas';
import { CUSTOMER_TIER } from '@omnicare/shared/customers/customer-enums';
import { CHANNEL_SOURCE } from '@omnicare/shared/channels/channel-source';
import { formatDateTime } from '@omnicare/shared/platform/time';
import { AreaNav, PageHeader } from '@/components/feedback/placeholder-page';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
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
import { cn } from '@/lib/cn';
import { useListParams } from '@/lib/use-list-params';
import { BulkActions } from '../components/bulk-actions';
import { CustomerAvatar } from '../components/customer-avatar';
import { CustomerFiltersPanel } from '../components/customer-filters';
import { ExportBanner, ExportButton, useExportJob } from '../components/export-job';
import { ImportWizard } from '../components/import-wizard';
import { ProgressBar } from '../components/progress-bar';
import { SavedFiltersMenu } from '../components/saved-filters-menu';
import { importCounts, isJobActive, useJob } from '../components/use-job';
import type { CustomerFilters, CustomerSort, Job, SortOrder } from '../customers.api';
import {
  FILTER_KEYS,
  IMPORT_JOB_KIND,
  compactParams,
  fetchCustomers,
  fetchJobs,
} from '../customers.api';
import { customerKeys, useCanManageCustomers, useCustomerFields } from '../customers.queries';
import { applicableCustomFilters, customParamOf, readCustomFilters } from '../custom-filters';
import { CUSTOMER_TEXT, IMPORT_TEXT } from '../customers-text';

const TIER_BADGE = ['secondary', 'outline', 'warning', 'default'] as const;

/** Filters and sort live in the address, so going back from a record keeps them. */
function useListState() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => {
    const value: CustomerFilters = {};
    for (const key of FILTER_KEYS) {
      // Custom filters in one canonical spelling, so an edited address asks like a clean one.
      const item =
        key === 'custom' ? customParamOf(readCustomFilters(params.get(key))) : params.get(key);
      if (item) value[key] = item;
    }
    return value;
  }, [params]);
  const sortParam = params.get('sort');
  const sort: CustomerSort = (CUSTOMER_SORTS as readonly string[]).includes(sortParam ?? '')
    ? (sortParam as CustomerSort)
    : 'created_at';
  const order: SortOrder = params.get('order') === 'asc' ? 'asc' : 'desc';
  // The filters as last set: a change made before the address shows the previous one (two quick
  // picks) builds on it instead of on what this render read.
  const latest = useRef(filters);
  useEffect(() => {
    latest.current = filters;
  }, [filters]);
  const update = (next: {
    filters?: CustomerFilters | ((current: CustomerFilters) => CustomerFilters);
    sort?: CustomerSort;
    order?: SortOrder;
  }) => {
    const nextFilters =
      typeof next.filters === 'function' ? next.filters(latest.current) : next.filters;
    if (nextFilters) latest.current = nextFilters;
    const merged = {
      ...(nextFilters ?? latest.current),
      sort: next.sort ?? sort,
      order: next.order ?? order,
    };
    const query = new URLSearchParams();
    for (const [key, value] of Object.entries(compactParams(merged))) {
      if (key === 'sort' && value === 'created_at') continue;
      if (key === 'order' && value === 'desc') continue;
      query.set(key, String(value));
    }
    setParams(query, { replace: true });
  };
  return { filters, sort, order, update };
}

function SortHead({
  label,
  column,
  sort,
  order,
  onSort,
  className,
}: {
  label: string;
  column: CustomerSort;
  sort: CustomerSort;
  order: SortOrder;
  onSort: (column: CustomerSort) => void;
  className?: string;
}) {
  const active = sort === column;
  const Icon = active ? (order === 'asc' ? ArrowUp : ArrowDown) : ArrowUpDown;
  return (
    <TableHead
      className={className}
      aria-sort={active ? (order === 'asc' ? 'ascending' : 'descending') : 'none'}
    >
      <button
        type="button"
        onClick={() => onSort(column)}
        className={cn(
          'inline-flex items-center gap-1 rounded uppercase outline-none hover:text-slate-800 focus-visible:ring-2 focus-visible:ring-teal-600/50',
          active && 'text-teal-800',
        )}
      >
        {label}
        <Icon className="size-3.5" aria-hidden="true" />
      </button>
    </TableHead>
  );
}

/** The import being followed: started here, or the latest running one found after a reload. */
function useImportJob() {
  const [jobId, setJobId] = useState<string | null>(null);
  const [checked, setChecked] = useState(false);
  const recent = useQuery({
    queryKey: ['jobs', 'list', IMPORT_JOB_KIND],
    queryFn: ({ signal }) => fetchJobs(IMPORT_JOB_KIND, signal),
    staleTime: 0,
    meta: { silent: true },
  });
  if (!checked && recent.data) {
    setChecked(true);
    const running = recent.data.find((job) => isJobActive(job));
    if (running && jobId === null) setJobId(running._id);
  }
  const job = useJob(jobId);
  return { jobId, setJobId, job: job.data };
}

function ImportBanner({
  job,
  onOpen,
  onDismiss,
}: {
  job: Job;
  onOpen: () => void;
  onDismiss: () => void;
}) {
  const active = isJobActive(job);
  const counts = importCounts(job);
  return (
    <div className="flex flex-wrap items-center gap-3 rounded-lg border border-slate-200 bg-white px-4 py-3 text-sm shadow-xs">
      <FileUp className="size-4 text-teal-700" aria-hidden="true" />
      {active ? (
        <>
          <span className="font-medium text-slate-800">{IMPORT_TEXT.badge(job.percent)}</span>
          <ProgressBar
            percent={job.percent}
            label={IMPORT_TEXT.stepProgress}
            className="max-w-xs flex-1"
          />
          <span className="text-slate-500 tabular-nums">
            {IMPORT_TEXT.progress(job.processed, job.total)}
          </span>
        </>
      ) : (
        <span className="text-slate-700">
          {job.status === 'failed'
            ? IMPORT_TEXT.jobFailed
            : `${IMPORT_TEXT.done}: ${IMPORT_TEXT.created} ${counts.created}, ${IMPORT_TEXT.updated} ${counts.updated}, ${IMPORT_TEXT.skipped} ${counts.skipped}, ${IMPORT_TEXT.failed} ${counts.failed}`}
        </span>
      )}
      <span className="flex-1" />
      <Button variant="link" size="sm" onClick={onOpen}>
        {IMPORT_TEXT.stepResult}
      </Button>
      {!active && (
        <Button variant="ghost" size="icon-sm" aria-label={IMPORT_TEXT.close} onClick={onDismiss}>
          <X />
        </Button>
      )}
    </div>
  );
}

/** /customers: search, filters, sort, paging, selection with bulk actions, saved filters, import, export. */
export function CustomerListPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const canManage = useCanManageCustomers();
  const { filters, sort, order, update } = useListState();
  // Filters and sort live in the address: the page is 1 in the render that shows new ones.
  const { page, setPage, pageSize, setPageSize, search, setSearch, applySearch, debouncedSearch } =
    useListParams({ resetOn: JSON.stringify([filters, sort, order]) });
  const location = useLocation();
  // A saved filter's keyword waits for its filters to reach the address, so that one request
  // carries both (the address changes in a transition, after this component's own updates).
  const [savedKeyword, setSavedKeyword] = useState<{ from: string; keyword: string } | null>(null);
  if (savedKeyword && location.key !== savedKeyword.from) {
    setSavedKeyword(null);
    applySearch(savedKeyword.keyword);
  }
  const [showFilters, setShowFilters] = useState(() => Object.keys(filters).length > 0);
  const [selected, setSelected] = useState<Map<string, CustomerListItem>>(new Map());
  const [importOpen, setImportOpen] = useState(false);
  const importJob = useImportJob();
  const exportJob = useExportJob();
  const keyword = debouncedSearch.trim();

  // Custom filters go to the server for the fields the tenant has now (a saved filter naming a
  // removed field or option drops that part); they wait for the fields, unless those fail.
  const fields = useCustomerFields();
  const customFilters = useMemo(() => readCustomFilters(filters.custom), [filters.custom]);
  const appliedCustom = fields.data
    ? applicableCustomFilters(fields.data, customFilters)
    : customFilters;
  const waitingForFields = filters.custom !== undefined && fields.isPending;
  const listFilters = { ...filters, custom: customParamOf(appliedCustom) };
  const params = { ...listFilters, keyword, sort, order, page, page_size: pageSize };
  const query = useQuery({
    queryKey: [...customerKeys.customers, 'list', params],
    queryFn: ({ signal }) => fetchCustomers(params, signal),
    placeholderData: keepPreviousData,
    enabled: !waitingForFields,
  });
  const rows = query.isError ? [] : (query.data?.data ?? []);
  const total = query.isError ? 0 : (query.data?.total ?? 0);
  const capped = !query.isError && query.data?.total_capped === true;

  // A finished import changes the list: reload it once.
  const importStatus = importJob.job?.status;
  useEffect(() => {
    if (importStatus === 'completed')
      void queryClient.invalidateQueries({ queryKey: customerKeys.customers });
  }, [importStatus, queryClient]);

  const setFilters = (next: CustomerFilters | ((current: CustomerFilters) => CustomerFilters)) =>
    update({ filters: next });
  const onSort = (column: CustomerSort) =>
    update({ sort: column, order: sort === column && order === 'desc' ? 'asc' : 'desc' });
  const currentFilters = {
    ...compactParams({ ...filters, custom: undefined }),
    // Kept as an object: what the API takes in a saved filter and answers back.
    custom: Object.keys(appliedCustom).length > 0 ? appliedCustom : undefined,
    keyword: keyword || undefined,
    sort,
    order,
  };
  const applySaved = (saved: Record<string, unknown>) => {
    const next: CustomerFilters = {};
    for (const key of FILTER_KEYS) {
      const value = key === 'custom' ? customParamOf(readCustomFilters(saved.custom)) : saved[key];
      if (typeof value === 'string' || typeof value === 'number') next[key] = String(value);
    }
    const savedSort = CUSTOMER_SORTS.find((value) => value === saved.sort);
    update({
      filters: next,
      sort: savedSort ?? 'created_at',
      order: saved.order === 'asc' ? 'asc' : 'desc',
    });
    setSavedKeyword({
      from: location.key,
      keyword: typeof saved.keyword === 'string' ? saved.keyword : '',
    });
    setShowFilters(Object.keys(next).length > 0);
  };

  const pageIds = rows.map((row) => row._id);
  const allOnPage = pageIds.length > 0 && pageIds.every((id) => selected.has(id));
  const toggleAll = () => {
    const next = new Map(selected);
    if (allOnPage) pageIds.forEach((id) => next.delete(id));
    else rows.forEach((row) => next.set(row._id, row));
    setSelected(next);
  };
  const toggle = (row: CustomerListItem) => {
    const next = new Map(selected);
    if (next.has(row._id)) next.delete(row._id);
    else next.set(row._id, row);
    setSelected(next);
  };
  const filterCount =
    Object.keys(filters).filter((key) => key !== 'custom').length +
    Object.keys(appliedCustom).length;
  const openNew = () => void navigate(`/customers/new-${Date.now().toString(36)}`);

  return (
    <div className="flex flex-col gap-4">
      <AreaNav area="customers" />
      <PageHeader
        title={CUSTOMER_TEXT.listTitle}
        actions={
          <div className="flex flex-wrap items-center gap-2">
            <Button variant="outline" onClick={() => setImportOpen(true)}>
              <FileUp aria-hidden="true" />
              {CUSTOMER_TEXT.import}
            </Button>
            <ExportButton
              exportJob={exportJob}
              query={compactParams({ ...listFilters, keyword, sort, order })}
            />
            <Button onClick={openNew}>
              <Plus aria-hidden="true" />
              {CUSTOMER_TEXT.add}
            </Button>
          </div>
        }
      />
      <ExportBanner exportJob={exportJob} />
      {importJob.job && (
        <ImportBanner
          job={importJob.job}
          onOpen={() => setImportOpen(true)}
          onDismiss={() => importJob.setJobId(null)}
        />
      )}
      <Card className="flex min-w-0 flex-col gap-3 p-4">
        <div className="flex flex-wrap items-center gap-2">
          <div className="relative min-w-56 flex-1 sm:max-w-md">
            <Search
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
              aria-hidden="true"
            />
            <Input
              type="search"
              aria-label={CUSTOMER_TEXT.searchPlaceholder}
              placeholder={CUSTOMER_TEXT.searchPlaceholder}
              className="pl-9"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
            />
          </div>
          <Button
            variant={showFilters ? 'secondary' : 'outline'}
            aria-expanded={showFilters}
            onClick={() => setShowFilters(!showFilters)}
          >
            <Filter aria-hidden="true" />
            {CUSTOMER_TEXT.filters}
            {filterCount > 0 && <Badge>{filterCount}</Badge>}
          </Button>
          {filterCount > 0 && (
            <Button variant="ghost" onClick={() => setFilters({})}>
              <X aria-hidden="true" />
              {CUSTOMER_TEXT.clearFilters}
            </Button>
          )}
          <span className="flex-1" />
          <SavedFiltersMenu current={currentFilters} onApply={applySaved} />
        </div>
        {showFilters && (
          <div className="rounded-lg border border-slate-200 bg-slate-50/60 p-3">
            <CustomerFiltersPanel value={filters} onChange={setFilters} fields={fields.data} />
          </div>
        )}
        <BulkActions
          selected={[...selected.values()]}
          canDelete={canManage}
          onClear={() => setSelected(new Map())}
          onDone={(action) => {
            if (action === 'delete') setSelected(new Map());
            void queryClient.invalidateQueries({ queryKey: customerKeys.customers });
          }}
        />
        <p className="text-sm text-slate-500" aria-live="polite">
          {capped ? CUSTOMER_TEXT.capped(total) : CUSTOMER_TEXT.matching(total)}
        </p>
        <Table aria-busy={query.isFetching} aria-label={CUSTOMER_TEXT.listTitle}>
          <TableHeader>
            <TableRow>
              <TableHead className="w-10">
                <input
                  type="checkbox"
                  className="size-4 accent-teal-700"
                  aria-label={CUSTOMER_TEXT.selectAll}
                  checked={allOnPage}
                  onChange={toggleAll}
                />
              </TableHead>
              <SortHead
                label={CUSTOMER_TEXT.name}
                column="name"
                sort={sort}
                order={order}
                onSort={onSort}
              />
              <TableHead>{CUSTOMER_TEXT.phone}</TableHead>
              <TableHead className="hidden md:table-cell">{CUSTOMER_TEXT.email}</TableHead>
              <SortHead
                label={CUSTOMER_TEXT.tier}
                column="tier"
                sort={sort}
                order={order}
                onSort={onSort}
              />
              <TableHead className="hidden xl:table-cell">{CUSTOMER_TEXT.source}</TableHead>
              <TableHead className="hidden lg:table-cell">{CUSTOMER_TEXT.owner}</TableHead>
              <TableHead className="hidden 2xl:table-cell">{CUSTOMER_TEXT.organization}</TableHead>
              <SortHead
                label={CUSTOMER_TEXT.createdAt}
                column="created_at"
                sort={sort}
                order={order}
                onSort={onSort}
                className="hidden md:table-cell"
              />
              <SortHead
                label={CUSTOMER_TEXT.updatedAt}
                column="updated_at"
                sort={sort}
                order={order}
                onSort={onSort}
                className="hidden 2xl:table-cell"
              />
            </TableRow>
          </TableHeader>
          <TableBody>
            {query.isPending &&
              Array.from({ length: 10 }, (_, index) => (
                <TableRow key={`skeleton-${index}`}>
                  <TableCell colSpan={10}>
                    <Skeleton className="h-6 w-full" />
                  </TableCell>
                </TableRow>
              ))}
            {!query.isPending && rows.length === 0 && (
              <TableRow className="hover:bg-transparent">
                <TableCell colSpan={10}>
                  <EmptyState />
                </TableCell>
              </TableRow>
            )}
            {rows.map((row) => (
              <TableRow key={row._id} data-state={selected.has(row._id) ? 'selected' : undefined}>
                <TableCell>
                  <input
                    type="checkbox"
                    className="size-4 accent-teal-700"
                    aria-label={CUSTOMER_TEXT.selectRow(row.name)}
                    checked={selected.has(row._id)}
                    onChange={() => toggle(row)}
                  />
                </TableCell>
                <TableCell>
                  <Link
                    to={`/customers/${row._id}`}
                    className="flex min-w-0 items-center gap-2 font-medium text-slate-900 outline-none hover:text-teal-800 focus-visible:underline"
                  >
                    <CustomerAvatar name={row.name} url={row.avatar_url} />
                    <span className="max-w-56 truncate">{row.name}</span>
                  </Link>
                </TableCell>
                <TableCell className="whitespace-nowrap tabular-nums">{row.phone ?? ''}</TableCell>
                <TableCell className="hidden max-w-56 truncate md:table-cell">
                  {row.email ?? ''}
                </TableCell>
                <TableCell>
                  <Badge variant={TIER_BADGE[row.tier] ?? 'secondary'}>
                    {CUSTOMER_TIER.label(row.tier)}
                  </Badge>
                </TableCell>
                <TableCell className="hidden whitespace-nowrap xl:table-cell">
                  {CHANNEL_SOURCE.label(row.source)}
                </TableCell>
                <TableCell className="hidden max-w-40 truncate lg:table-cell">
                  {row.owner?.name ?? ''}
                </TableCell>
                <TableCell className="hidden max-w-40 truncate 2xl:table-cell">
                  {row.organization?.name ?? ''}
                </TableCell>
                <TableCell className="hidden whitespace-nowrap md:table-cell">
                  {formatDateTime(row.created_at)}
                </TableCell>
                <TableCell className="hidden whitespace-nowrap 2xl:table-cell">
                  {formatDateTime(row.updated_at)}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        <PaginationBar
          page={page}
          pageSize={pageSize}
          total={total}
          totalCapped={capped}
          onPageChange={setPage}
          onPageSizeChange={setPageSize}
        />
      </Card>
      <ImportWizard
        open={importOpen}
        onOpenChange={setImportOpen}
        jobId={importJob.jobId}
        job={importJob.job}
        onJobStarted={(job) => importJob.setJobId(job._id)}
        onReset={() => importJob.setJobId(null)}
      />
    </div>
  );
}
