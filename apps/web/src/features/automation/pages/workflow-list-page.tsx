import type { MouseEvent, ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { Copy, History, Pause, Play } from 'lucide-react';
import {
  WORKFLOW_STATUS,
  workflowTargetLabel,
  type WorkflowStatus,
} from '@omnicare/shared/automation/workflow-enums';
import { WORKFLOW_MESSAGES, type Workflow } from '@omnicare/shared/automation/workflow.schemas';
import { formatDateTime } from '@omnicare/shared/platform/time';
import { usePageHandle } from '@/lib/route-declaration';
import { AreaNav } from '@/components/layout/area-nav';
import { ListPage, ListPagination } from '@/components/list/list-page';
import { DeleteRowButton } from '@/components/list/delete-row-button';
import { ListTable, RowActions } from '@/components/list/list-table';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { SearchInput } from '@/components/ui/search-input';
import { TableCell, TableHead, TableRow } from '@/components/ui/table';
import { Tooltip } from '@/components/ui/tooltip';
import { removeWithFeedback } from '@/lib/mutation-feedback';
import { toast } from '@/lib/toast';
import { useCan } from '@/lib/use-can';
import { useListParams } from '@/lib/use-list-params';
import { AUTOMATION_TEXT } from '../automation-text';
import {
  useChangeWorkflowStatus,
  useCloneWorkflow,
  useDeleteWorkflow,
  useWorkflowList,
} from '../automation.queries';

const STATUS_VARIANT: Record<WorkflowStatus, 'success' | 'secondary' | 'warning'> = {
  active: 'success',
  inactive: 'secondary',
  draft: 'warning',
};

export function WorkflowStatusBadge({ status }: { status: WorkflowStatus }) {
  return <Badge variant={STATUS_VARIANT[status]}>{WORKFLOW_STATUS.label(status)}</Badge>;
}

/** The row's buttons must not open the row. */
const stop = (event: MouseEvent) => event.stopPropagation();

function ActionButton({
  label,
  tooltip,
  onClick,
  disabled,
  children,
}: {
  label: string;
  tooltip: string;
  onClick?: () => void;
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <Tooltip content={tooltip}>
      {/* A disabled button shows no tooltip: the span carries it. */}
      <span onClick={stop}>
        <Button
          variant="ghost"
          size="icon-sm"
          aria-label={label}
          disabled={disabled}
          onClick={onClick}
        >
          {children}
        </Button>
      </span>
    </Tooltip>
  );
}

/**
 * /automation: the tenant's workflows, newest change first. A row opens the editor; drafts are
 * neither published, unpublished nor copied from here (the editor publishes a draft after
 * checking its graph).
 */
export function WorkflowListPage() {
  const { title } = usePageHandle();
  const navigate = useNavigate();
  const canManage = useCan('automation.manage');
  const list = useListParams();
  const name = list.debouncedSearch.trim();
  const workflows = useWorkflowList({
    page: list.page,
    page_size: list.pageSize,
    ...(name ? { name } : {}),
  });
  const changeStatus = useChangeWorkflowStatus();
  const clone = useCloneWorkflow();
  const remove = useDeleteWorkflow();
  const rows = workflows.isError ? [] : (workflows.data?.data ?? []);
  const total = workflows.isError ? 0 : (workflows.data?.total ?? 0);
  const columns = 7;

  const setStatus = (workflow: Workflow, status: WorkflowStatus) =>
    changeStatus
      .mutateAsync({ id: workflow._id, status })
      .then((result) => toast.success(result.message))
      .catch(() => undefined);
  const copy = (workflow: Workflow) =>
    clone
      .mutateAsync(workflow._id)
      .then((result) => toast.success(result.message))
      .catch(() => undefined);

  return (
    <ListPage
      nav={<AreaNav area="automation" />}
      title={title}
      add={
        canManage && { label: AUTOMATION_TEXT.add, onClick: () => navigate('/automation/editor') }
      }
    >
      <SearchInput
        size="sm"
        className="w-full max-w-sm"
        label={AUTOMATION_TEXT.searchLabel}
        placeholder={AUTOMATION_TEXT.searchPlaceholder}
        value={list.search}
        onChange={list.setSearch}
      />
      <ListTable
        label={AUTOMATION_TEXT.tableLabel}
        query={workflows}
        empty={rows.length === 0}
        columns={columns}
        head={
          <>
            <TableHead>{AUTOMATION_TEXT.name}</TableHead>
            <TableHead>{AUTOMATION_TEXT.creator}</TableHead>
            <TableHead>{AUTOMATION_TEXT.status}</TableHead>
            <TableHead>{AUTOMATION_TEXT.target}</TableHead>
            <TableHead>{AUTOMATION_TEXT.createdAt}</TableHead>
            <TableHead>{AUTOMATION_TEXT.updatedAt}</TableHead>
            <TableHead className="text-right">{AUTOMATION_TEXT.actions}</TableHead>
          </>
        }
      >
        {rows.map((workflow) => {
          const editor = `/automation/editor/${workflow._id}`;
          const draft = workflow.status === 'draft';
          return (
            <TableRow
              key={workflow._id}
              className="cursor-pointer"
              data-status={workflow.status}
              onClick={() => navigate(editor)}
            >
              {/* The name takes the room the other columns leave (max-w-0 lets it shrink), its text at most 450 px. */}
              <TableCell className="w-full max-w-0">
                <Link
                  to={editor}
                  onClick={stop}
                  className="block max-w-[450px] truncate font-medium text-slate-900 hover:text-teal-800 hover:underline"
                  title={workflow.name}
                >
                  {workflow.name}
                </Link>
              </TableCell>
              <TableCell>
                <span
                  className="block max-w-[250px] truncate text-slate-700"
                  title={workflow.created_by?.name}
                >
                  {workflow.created_by?.name ?? <span className="text-slate-400">—</span>}
                </span>
              </TableCell>
              <TableCell>
                <WorkflowStatusBadge status={workflow.status} />
              </TableCell>
              <TableCell className="text-slate-700">
                {workflowTargetLabel(workflow.workflow_steps.trigger.target)}
              </TableCell>
              <TableCell className="text-[13px] whitespace-nowrap text-slate-600">
                {formatDateTime(workflow.created_at)}
              </TableCell>
              <TableCell className="text-[13px] whitespace-nowrap text-slate-600">
                {formatDateTime(workflow.updated_at)}
              </TableCell>
              <TableCell onClick={stop}>
                <RowActions>
                  <ActionButton
                    label={`${AUTOMATION_TEXT.history} ${workflow.name}`}
                    tooltip={AUTOMATION_TEXT.history}
                    onClick={() => navigate(`/automation/history/${workflow._id}`)}
                  >
                    <History />
                  </ActionButton>
                  {canManage && workflow.status === 'inactive' && (
                    <ActionButton
                      label={`${AUTOMATION_TEXT.publish} ${workflow.name}`}
                      tooltip={AUTOMATION_TEXT.publish}
                      onClick={() => setStatus(workflow, 'active')}
                      disabled={changeStatus.isPending}
                    >
                      <Play className="text-emerald-700" />
                    </ActionButton>
                  )}
                  {canManage && workflow.status === 'active' && (
                    <ActionButton
                      label={`${AUTOMATION_TEXT.unpublish} ${workflow.name}`}
                      tooltip={AUTOMATION_TEXT.unpublish}
                      onClick={() => setStatus(workflow, 'inactive')}
                      disabled={changeStatus.isPending}
                    >
                      <Pause className="text-amber-700" />
                    </ActionButton>
                  )}
                  {canManage && draft && <span className="size-8 shrink-0" aria-hidden="true" />}
                  {canManage && (
                    <ActionButton
                      label={`${AUTOMATION_TEXT.copy} ${workflow.name}`}
                      tooltip={draft ? AUTOMATION_TEXT.draftNoCopy : AUTOMATION_TEXT.copy}
                      onClick={() => copy(workflow)}
                      disabled={draft || clone.isPending}
                    >
                      <Copy />
                    </ActionButton>
                  )}
                  {canManage && (
                    <DeleteRowButton
                      label={`${AUTOMATION_TEXT.delete} ${workflow.name}`}
                      title={WORKFLOW_MESSAGES.confirmDelete(workflow.name)}
                      description={AUTOMATION_TEXT.deleteHint}
                      onConfirm={() =>
                        removeWithFeedback(
                          () => remove.mutateAsync(workflow._id),
                          () => list.afterRemoval(rows.length),
                        )
                      }
                    />
                  )}
                </RowActions>
              </TableCell>
            </TableRow>
          );
        })}
      </ListTable>
      <ListPagination list={list} total={total} query={workflows} />
    </ListPage>
  );
}
