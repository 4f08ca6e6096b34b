import { useState } from 'react';
import { Link } from 'react-router';
import { formatDateTime } from '@omnicare/shared/platform/time';
import { metricOf } from '@omnicare/shared/reports/metrics';
import {
  REPORT_ROW_KIND,
  type ReportName,
  type ReportRowView,
} from '@omnicare/shared/reports/reports.schemas';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
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
import { formatMetric, metricDefinition } from '@omnicare/shared/reports/metric-format';
import type { ReportParams } from '../reports.api';
import { useReportRows } from '../reports.queries';

/** A figure opened: its metric, and the bucket or table line it was read in. */
export interface Drill {
  metric: string;
  dimension?: string;
  /** '' for the line of rows without a value. */
  value?: string;
  title: string;
}

/** Where a row opens: its ticket, the call history, the customer. */
function RowLink({ row }: { row: ReportRowView }) {
  const text = row.title || REPORT_ROW_KIND.label(row.kind);
  if (row.ticket_number !== null)
    return (
      <Link
        to={`/tickets/${row.ticket_number}`}
        className="font-medium text-teal-700 hover:underline"
      >
        {text}
      </Link>
    );
  if (row.kind === 'call')
    return (
      <Link to="/switchboard/call-history" className="font-medium text-teal-700 hover:underline">
        {text}
      </Link>
    );
  if (row.kind === 'customer')
    return (
      <Link to={`/customers/${row._id}`} className="font-medium text-teal-700 hover:underline">
        {text}
      </Link>
    );
  return <span className="font-medium text-slate-800">{text}</span>;
}

/** The rows one figure counts, page by page; the count is the figure's. */
export function DrillDialog({
  report,
  params,
  drill,
  onClose,
}: {
  report: ReportName;
  params: ReportParams;
  drill: Drill | null;
  onClose: () => void;
}) {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(20);
  const [shown, setShown] = useState<Drill | null>(drill);
  if (shown !== drill) {
    setShown(drill);
    setPage(1);
  }
  const query = useReportRows(
    report,
    drill
      ? {
          ...params,
          metric: drill.metric,
          ...(drill.dimension ? { dimension: drill.dimension, value: drill.value ?? '' } : {}),
          page,
          page_size: pageSize,
        }
      : null,
  );
  const measured = drill ? metricOf(drill.metric)?.unit === 'seconds' : false;
  return (
    <Dialog open={drill !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[85vh] max-w-3xl grid-rows-[auto_1fr_auto] overflow-hidden">
        <DialogHeader>
          <DialogTitle>{drill?.title}</DialogTitle>
          <DialogDescription>{drill ? metricDefinition(drill.metric) : ''}</DialogDescription>
        </DialogHeader>
        <div className="min-h-0 overflow-y-auto">
          {!query.data ? (
            <Skeleton className="h-40" />
          ) : query.data.data.length === 0 ? (
            <p className="p-6 text-center text-sm text-slate-500">Không có dòng dữ liệu nào.</p>
          ) : (
            <Table aria-label="Dòng dữ liệu">
              <TableHeader>
                <TableRow>
                  <TableHead>Loại</TableHead>
                  <TableHead>Mã / tên</TableHead>
                  <TableHead>Thời điểm</TableHead>
                  <TableHead>Chuyên viên</TableHead>
                  {measured && <TableHead className="text-right">Giá trị</TableHead>}
                </TableRow>
              </TableHeader>
              <TableBody>
                {query.data.data.map((row) => (
                  <TableRow key={`${row.kind}-${row._id}`}>
                    <TableCell className="text-slate-600">
                      {REPORT_ROW_KIND.label(row.kind)}
                    </TableCell>
                    <TableCell>
                      <RowLink row={row} />
                    </TableCell>
                    <TableCell className="whitespace-nowrap text-slate-600">
                      {formatDateTime(row.at)}
                    </TableCell>
                    <TableCell className="text-slate-600">{row.agent?.name ?? '—'}</TableCell>
                    {measured && drill && (
                      <TableCell className="text-right tabular-nums">
                        {formatMetric(drill.metric, row.value)}
                      </TableCell>
                    )}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </div>
        <PaginationBar
          page={page}
          pageSize={pageSize}
          total={query.data?.total}
          onPageChange={setPage}
          onPageSizeChange={(size) => {
            setPageSize(size);
            setPage(1);
          }}
        />
      </DialogContent>
    </Dialog>
  );
}
