import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { FileUp } from 'lucide-react';
import { AreaNav } from '@/components/layout/area-nav';
import { ListPage, ListPagination } from '@/components/list/list-page';
import { listCountKnown } from '@/components/list/list-table';
import { Button } from '@/components/ui/button';
import { useListParamsInAddress } from '@/lib/use-list-params';
import { useRowSelection } from '@/lib/use-row-selection';
import { BulkActions } from '../components/bulk-actions';
import { useRememberListAddress } from '../customer-list-address';
import {
  readSavedFilter,
  savedFilterOf,
  useCustomerListState,
  useCustomerRows,
} from '../components/customer-list-state';
import { CustomerTable } from '../components/customer-table';
import { CustomerToolbar } from '../components/customer-toolbar';
import { ExportBanner, ExportButton, useExportJob } from '../components/export-job';
import { ImportBanner, useImportJob } from '../components/import-job';
import { ImportWizard } from '../components/import-wizard';
import { useCan } from '@/lib/use-can';
import { useCanImportExport } from '@/features/auth/auth.queries';
import { customerKeys } from '../customers.queries';
import { CUSTOMER_TEXT } from '../customers-text';

/** /customers: search, filters, sort, paging, selection with bulk actions, saved filters, import, export. */
export function CustomerListPage() {
  const navigate = useNavigate();
  useRememberListAddress();
  const queryClient = useQueryClient();
  const canDelete = useCan('customer.delete');
  const canTransfer = useCanImportExport();
  const { filters, sort, order, setFilters, sortBy, update } = useCustomerListState();
  // Keyword, page and size live in the address too; a change of filters or sort drops the page.
  const list = useListParamsInAddress();
  const [showFilters, setShowFilters] = useState(() => Object.keys(filters).length > 0);
  const [importOpen, setImportOpen] = useState(false);
  const importJob = useImportJob();
  const exportJob = useExportJob();
  const keyword = list.debouncedSearch.trim();
  const customers = useCustomerRows({
    filters,
    keyword,
    sort,
    order,
    page: list.page,
    pageSize: list.pageSize,
  });
  // Only rows in sight stay picked: a bulk action never reaches a row of another page.
  const selection = useRowSelection(customers.rows, {
    resetOn: JSON.stringify([filters, sort, order, keyword, list.page, list.pageSize]),
  });

  // Keyword and filters in one change of the address, so the list asks once for both.
  const applySaved = (saved: Record<string, unknown>) => {
    const state = readSavedFilter(saved);
    update(state);
    list.setSearch(state.keyword);
    setShowFilters(Object.keys(state.filters).length > 0);
  };
  const clearAll = () => {
    update({ filters: {}, keyword: '' });
    list.setSearch('');
  };
  const filterCount =
    Object.keys(filters).filter((key) => key !== 'custom').length +
    Object.keys(customers.appliedCustom).length;

  return (
    <ListPage
      nav={<AreaNav area="customers" />}
      title={CUSTOMER_TEXT.listTitle}
      actions={
        canTransfer && (
          <>
            <Button variant="outline" onClick={() => setImportOpen(true)}>
              <FileUp aria-hidden="true" />
              {CUSTOMER_TEXT.import}
            </Button>
            <ExportButton exportJob={exportJob} query={customers.exportQuery} />
          </>
        )
      }
      add={{
        label: CUSTOMER_TEXT.add,
        onClick: () => void navigate(`/customers/new-${Date.now().toString(36)}`),
      }}
      notices={
        <>
          <ExportBanner exportJob={exportJob} />
          {importJob.job && (
            <ImportBanner
              job={importJob.job}
              onOpen={() => setImportOpen(true)}
              onDismiss={() => importJob.setJobId(null)}
            />
          )}
        </>
      }
      cardClassName="min-w-0 p-4"
      dialogs={
        <ImportWizard
          open={importOpen}
          onOpenChange={setImportOpen}
          jobId={importJob.jobId}
          job={importJob.job}
          onJobStarted={(job) => importJob.setJobId(job._id)}
          onReset={() => importJob.setJobId(null)}
        />
      }
    >
      <CustomerToolbar
        search={list.search}
        onSearchChange={list.setSearch}
        filters={filters}
        onFiltersChange={setFilters}
        fields={customers.fields}
        filterCount={filterCount}
        showFilters={showFilters}
        onShowFiltersChange={setShowFilters}
        saved={{
          current: savedFilterOf({
            filters,
            appliedCustom: customers.appliedCustom,
            keyword,
            sort,
            order,
          }),
          onApply: applySaved,
        }}
      />
      <BulkActions
        selected={[...selection.selected.values()]}
        whole={{
          offered: selection.allOnPage && listCountKnown(customers.query),
          chosen: selection.allMatching,
          onChoose: selection.selectAllMatching,
          total: customers.total,
          capped: customers.capped,
          filter: customers.exportQuery,
        }}
        canDelete={canDelete}
        onClear={selection.clear}
        onDone={(action) => {
          if (action === 'delete') selection.clear();
          void queryClient.invalidateQueries({ queryKey: customerKeys.customers });
        }}
      />
      <p className="min-h-5 text-sm text-slate-500" aria-live="polite">
        {listCountKnown(customers.query) &&
          (customers.capped
            ? CUSTOMER_TEXT.capped(customers.total)
            : CUSTOMER_TEXT.matching(customers.total))}
      </p>
      <CustomerTable
        rows={customers.rows}
        query={customers.query}
        sort={sort}
        order={order}
        onSort={sortBy}
        selection={selection}
        onClearFilters={keyword || Object.keys(filters).length > 0 ? clearAll : undefined}
      />
      <ListPagination
        list={list}
        total={customers.total}
        totalCapped={customers.capped}
        query={customers.query}
      />
    </ListPage>
  );
}
