import { Fragment, useEffect, useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ChevronDown, ChevronRight, Pencil } from 'lucide-react';
import {
  WORKFLOW_RUN_STATUS,
  workflowTargetLabel,
  type WorkflowRunStatus,
} from '@omnicare/shared/automation/workflow-enums';
import { blockTypeLabel } from '@omnicare/shared/automation/workflow-blocks';
import type { WorkflowRun, WorkflowRunStep } from '@omnicare/shared/automation/workflow.schemas';
import { formatDateTime } from '@omnicare/shared/platform/time';
import { PageHeader } from '@/components/layout/page-header';
import { ListPagination } from '@/components/list/list-page';
import { ListTable } from '@/components/list/list-table';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { NativeSelect } from '@/components/ui/native-select';
import { SearchInput } from '@/components/ui/search-input';
import { Skeleton } from '@/components/ui/skeleton';
import { TableCell, TableHead, TableRow } from '@/components/ui/table';
import { cn } from '@/lib/cn';
import { useListParams } from '@/lib/use-list-params';
import { AUTOMATION_TEXT, formatDuration, STEP_STATUS_LABEL } from '../automation-text';
import { useWorkflow, useWorkflowRuns } from '../automation.queries';
import { WorkflowStatusBadge } from './workflow-list-page';

const RUN_VARIANT: Record<string, 'success' | 'secondary' | 'warning' | 'destructive' | 'outline'> =
  {
    completed: 'success',
    running: 'outline',
    waiting: 'warning',
    failed: 'destructive',
    cancel: 'secondary',
    skipped: 'secondary',
  };

function RunStatusBadge({ status, label }: { status: string; label: string }) {
  return <Badge variant={RUN_VARIANT[status] ?? 'secondary'}>{label}</Badge>;
}

type StatusFilter = 'all' | WorkflowRunStatus;

/** /automation/history/{id}: a workflow's summary and every run with its per-step trace. */
export function WorkflowHistoryPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const workflow = useWorkflow(id);
  const [status, setStatus] = useState<StatusFilter>('all');
  const list = useListParams({ resetOn: status });
  const search = list.debouncedSearch.trim();
  const runs = useWorkflowRuns(id, {
    page: list.page,
    page_size: list.pageSize,
    status,
    ...(search ? { search } : {}),
  });
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const failed = workflow.isError;

  useEffect(() => {
    if (failed) navigate('/automation', { replace: true });
  }, [failed, navigate]);

  const rows = runs.isError ? [] : (runs.data?.data ?? []);
  const total = runs.isError ? 0 : (runs.data?.total ?? 0);
  const toggle = (runId: string) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(runId)) next.delete(runId);
      else next.add(runId);
      return next;
    });
  const data = workflow.data;
  const columns = 8;

  return (
    <div className="flex flex-col gap-4">
      <PageHeader
        title={data?.name ?? AUTOMATION_TEXT.historyTitle}
        actions={
          <Button variant="outline" asChild>
            <Link to={`/automation/editor/${id}`}>
              <Pencil aria-hidden="true" />
              {AUTOMATION_TEXT.edit}
            </Link>
          </Button>
        }
      />
      <Card className="p-4" aria-label={AUTOMATION_TEXT.summary}>
        {data ? (
          <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2 xl:grid-cols-4">
            <Fact label={AUTOMATION_TEXT.name}>{data.name}</Fact>
            <Fact label={AUTOMATION_TEXT.eventTarget}>
              {workflowTargetLabel(data.workflow_steps.trigger.target)}
            </Fact>
            <Fact label={AUTOMATION_TEXT.trigger}>
              {data.workflow_steps.trigger.title || <span className="text-slate-400">—</span>}
            </Fact>
            <Fact label={AUTOMATION_TEXT.status}>
              <WorkflowStatusBadge status={data.status} />
            </Fact>
            <Fact label={AUTOMATION_TEXT.creator}>{data.created_by?.name ?? '—'}</Fact>
            <Fact label={AUTOMATION_TEXT.updater}>{data.updated_by?.name ?? '—'}</Fact>
            <Fact label={AUTOMATION_TEXT.createdAt}>{formatDateTime(data.created_at)}</Fact>
            <Fact label={AUTOMATION_TEXT.updatedAt}>{formatDateTime(data.updated_at)}</Fact>
            <Fact label={AUTOMATION_TEXT.description} wide>
              {data.description || <span className="text-slate-400">—</span>}
            </Fact>
          </dl>
        ) : (
          <div className="grid gap-3 sm:grid-cols-2 xl:grid-cols-4">
            {Array.from({ length: 9 }, (_, index) => (
              <Skeleton key={index} className="h-10" />
            ))}
          </div>
        )}
      </Card>
      <Card className="flex flex-col gap-3 p-3 sm:p-4">
        <h2 className="text-base font-semibold text-slate-900">{AUTOMATION_TEXT.historyTitle}</h2>
        <div className="flex flex-wrap items-center gap-2">
          <SearchInput
            size="sm"
            className="w-full max-w-sm"
            label={AUTOMATION_TEXT.runSearchLabel}
            placeholder={AUTOMATION_TEXT.runSearchPlaceholder}
            value={list.search}
            onChange={list.setSearch}
          />
          <NativeSelect
            aria-label={AUTOMATION_TEXT.runStatusLabel}
            className="h-8 w-48"
            value={status}
            onChange={(event) => setStatus(event.target.value as StatusFilter)}
          >
            <option value="all">{AUTOMATION_TEXT.allStatuses}</option>
            {WORKFLOW_RUN_STATUS.values.map((value) => (
              <option key={value} value={value}>
                {WORKFLOW_RUN_STATUS.label(value)}
              </option>
            ))}
          </NativeSelect>
        </div>
        <ListTable
          label={AUTOMATION_TEXT.runTableLabel}
          query={runs}
          empty={rows.length === 0}
          columns={columns}
          head={
            <>
              <TableHead className="w-10" />
              <TableHead>{AUTOMATION_TEXT.startTime}</TableHead>
              <TableHead>{AUTOMATION_TEXT.ticketCode}</TableHead>
              <TableHead>{AUTOMATION_TEXT.ticketSubject}</TableHead>
              <TableHead>{AUTOMATION_TEXT.customer}</TableHead>
              <TableHead>{AUTOMATION_TEXT.lastStep}</TableHead>
              <TableHead>{AUTOMATION_TEXT.status}</TableHead>
              <TableHead>{AUTOMATION_TEXT.note}</TableHead>
            </>
          }
        >
          {rows.map((run) => (
            <RunRows
              key={run._id}
              run={run}
              columns={columns}
              expanded={open.has(run._id)}
              onToggle={() => toggle(run._id)}
            />
          ))}
        </ListTable>
        <ListPagination list={list} total={total} query={runs} />
      </Card>
    </div>
  );
}

/** One fact of the summary; `wide` takes the whole row and wraps (the description). */
function Fact({ label, wide, children }: { label: string; wide?: boolean; children: ReactNode }) {
  return (
    <div className={cn('min-w-0', wide && 'sm:col-span-full')}>
      <dt className="text-xs font-medium text-slate-500">{label}</dt>
      <dd
        className={cn(
          'mt-0.5 text-slate-900',
          wide ? 'break-words whitespace-pre-line' : 'truncate',
        )}
      >
        {children}
      </dd>
    </div>
  );
}

function RunRows({
  run,
  columns,
  expanded,
  onToggle,
}: {
  run: WorkflowRun;
  columns: number;
  expanded: boolean;
  onToggle: () => void;
}) {
  const last = run.steps.at(-1);
  const traceId = `trace-${run._id}`;
  return (
    <Fragment>
      <TableRow
        className="cursor-pointer"
        onClick={onToggle}
        data-state={expanded ? 'selected' : undefined}
      >
        <TableCell>
          <Button
            variant="ghost"
            size="icon-sm"
            aria-expanded={expanded}
            aria-controls={traceId}
            aria-label={expanded ? AUTOMATION_TEXT.collapse : AUTOMATION_TEXT.expand}
            onClick={(event) => {
              event.stopPropagation();
              onToggle();
            }}
          >
            {expanded ? <ChevronDown /> : <ChevronRight />}
          </Button>
        </TableCell>
        <TableCell className="text-[13px] whitespace-nowrap text-slate-600">
          {formatDateTime(run.start_time)}
        </TableCell>
        <TableCell className="whitespace-nowrap">
          {run.ticket ? (
            <Link
              to={`/tickets/${run.ticket._id}`}
              className="font-medium text-teal-800 hover:underline"
              onClick={(event) => event.stopPropagation()}
            >
              {run.ticket.code}
            </Link>
          ) : (
            <span className="text-slate-400">—</span>
          )}
        </TableCell>
        {/* The subject takes the room the other columns leave (max-w-0 lets it shrink). */}
        <TableCell className="w-full max-w-0 min-w-40">
          <span className="block truncate" title={run.ticket?.subject}>
            {run.ticket?.subject ?? '—'}
          </span>
        </TableCell>
        <TableCell>
          <span className="block max-w-40 truncate">{run.requester?.name ?? '—'}</span>
        </TableCell>
        <TableCell>
          <span className="line-clamp-2 block max-w-44 min-w-28">
            {last?.step_name || (last ? blockTypeLabel(last.type) : '—')}
          </span>
        </TableCell>
        <TableCell>
          <RunStatusBadge status={run.status} label={WORKFLOW_RUN_STATUS.label(run.status)} />
        </TableCell>
        <TableCell>
          <span
            className={cn(
              'line-clamp-2 block max-w-56 min-w-32 text-[13px]',
              run.error && 'text-red-700',
            )}
            title={run.error ?? undefined}
          >
            {run.error ?? ''}
          </span>
        </TableCell>
      </TableRow>
      {expanded && (
        <TableRow id={traceId} className="bg-slate-50/70 hover:bg-slate-50/70">
          <TableCell colSpan={columns} className="p-3">
            <RunTrace steps={run.steps} />
          </TableCell>
        </TableRow>
      )}
    </Fragment>
  );
}

/** A run's steps in order: what each block got, gave back and how long it took. */
function RunTrace({ steps }: { steps: WorkflowRunStep[] }) {
  if (steps.length === 0)
    return <p className="text-sm text-slate-500">{AUTOMATION_TEXT.noSteps}</p>;
  return (
    <ol className="flex flex-col gap-2" aria-label={AUTOMATION_TEXT.trace}>
      {steps.map((step, index) => (
        <li key={step.step_id} className="rounded-md border border-slate-200 bg-white p-3">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
            <span className="font-medium text-slate-900">
              {index + 1}. {step.step_name || blockTypeLabel(step.type)}
            </span>
            <span className="text-xs text-slate-500">{blockTypeLabel(step.type)}</span>
            <RunStatusBadge
              status={step.status}
              label={STEP_STATUS_LABEL[step.status] ?? step.status}
            />
            <span className="text-xs text-slate-500">{AUTOMATION_TEXT.attempt(step.attempt)}</span>
            <span className="ml-auto text-xs whitespace-nowrap text-slate-500">
              {AUTOMATION_TEXT.startedAt} {formatDateTime(step.started_at)}
              {' · '}
              {step.finished_at
                ? `${AUTOMATION_TEXT.duration} ${formatDuration(step.duration_ms)}`
                : AUTOMATION_TEXT.notFinished}
            </span>
          </div>
          {step.error && (
            <p className="mt-2 rounded bg-red-50 px-2 py-1 text-[13px] text-red-800">
              <span className="font-medium">{AUTOMATION_TEXT.error}:</span> {step.error}
            </p>
          )}
          {(hasValue(step.input) || hasValue(step.output)) && (
            <div className="mt-2 grid gap-2 lg:grid-cols-2">
              {hasValue(step.input) && (
                <JsonBlock label={AUTOMATION_TEXT.input} value={step.input} />
              )}
              {hasValue(step.output) && (
                <JsonBlock label={AUTOMATION_TEXT.output} value={step.output} />
              )}
            </div>
          )}
        </li>
      ))}
    </ol>
  );
}

const hasValue = (value: unknown) => value !== null && value !== undefined;

function JsonBlock({ label, value }: { label: string; value: unknown }) {
  return (
    <div className="min-w-0">
      <p className="mb-1 text-xs font-medium text-slate-500">{label}</p>
      <pre className="max-h-64 overflow-auto rounded bg-slate-900 p-2 font-mono text-xs leading-relaxed whitespace-pre-wrap break-all text-slate-100">
        {typeof value === 'string' ? value : JSON.stringify(value, null, 2)}
      </pre>
    </div>
  );
}
