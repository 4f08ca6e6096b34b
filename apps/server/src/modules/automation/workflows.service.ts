import type { z } from 'zod';
import { WORKFLOW_RUN_MESSAGES } from '@omnicare/shared/automation/workflow-run-messages';
import {
  workflowGraphProblems,
  type WorkflowSteps,
} from '@omnicare/shared/automation/workflow-blocks';
import {
  customFieldKind,
  type ConditionValueKind,
} from '@omnicare/shared/automation/workflow-conditions';
import type { WorkflowStatus } from '@omnicare/shared/automation/workflow-enums';
import type {
  workflowListQuery,
  workflowRunQuery,
  workflowUpdateBody,
} from '@omnicare/shared/automation/workflow.schemas';
import {
  WORKFLOW_MESSAGES,
  WORKFLOW_REFERENCE_MESSAGES,
  type Workflow,
  type WorkflowRun,
  type WorkflowRunStep,
  workflowBody,
} from '@omnicare/shared/automation/workflow.schemas';
import {
  maskBlockSecrets,
  maskWorkflowSecrets,
  restoreWorkflowSecrets,
  WORKFLOW_SECRET_MESSAGES,
} from '@omnicare/shared/automation/workflow-secrets';
import { formatTicketCode } from '@omnicare/shared/tickets/ticket-enums';
import type { FieldError } from '@omnicare/shared/platform/errors';
import type { Platform } from '../../platform/context.js';
import type { AuthContext } from '../../platform/auth.js';
import type { Transaction } from '../../platform/db.js';
import { AppError, notFound } from '../../platform/errors.js';
import { writeAudit } from '../audit/audit.service.js';
import { ticketScope } from '../tickets/ticket-queries.js';
import * as repo from './workflows.repository.js';

type ListQuery = z.infer<typeof workflowListQuery>;
type CreateBody = z.infer<typeof workflowBody>;
type UpdateBody = z.infer<typeof workflowUpdateBody>;
type RunQuery = z.infer<typeof workflowRunQuery>;

/**
 * Ends a workflow's waiting runs as cancelled ('Kịch bản đã ngừng hoạt động' by default), in the
 * caller's transaction. The one place that does it: unpublish, save as draft and delete call it,
 * and so may the engine (its delay jobs then find no waiting run to take).
 */
export const cancelWaitingRuns = (
  tx: Transaction,
  tenantId: string,
  workflowId: string,
  reason: string = WORKFLOW_RUN_MESSAGES.unpublished,
) => repo.cancelWaitingRuns(tx, tenantId, workflowId, reason);

type Row = NonNullable<Awaited<ReturnType<typeof repo.findWorkflow>>>;

const named = (id: string | null, name: string | null) =>
  id && name !== null ? { _id: id, name } : null;

/** A workflow as every answer shows it: its secrets masked (`workflow-secrets.ts`). */
const toWorkflow = ({ workflow, createdByName, updatedByName }: Row): Workflow => ({
  _id: workflow.id,
  name: workflow.name,
  description: workflow.description,
  status: workflow.status,
  workflow_steps: maskWorkflowSecrets(workflow.steps),
  created_by: named(workflow.createdBy, createdByName),
  updated_by: named(workflow.updatedBy, updatedByName),
  created_at: workflow.createdAt.toISOString(),
  updated_at: workflow.updatedAt.toISOString(),
});

export async function listWorkflows(platform: Platform, auth: AuthContext, query: ListQuery) {
  const { rows, total } = await repo.listWorkflows(platform.db, auth.tenantId, {
    name: query.name || undefined,
    limit: query.page_size,
    offset: (query.page - 1) * query.page_size,
  });
  return { data: rows.map(toWorkflow), total };
}

async function readWorkflow(platform: Platform, tenantId: string, id: string) {
  const row = await repo.findWorkflow(platform.db, tenantId, id);
  if (!row) throw notFound(WORKFLOW_MESSAGES.notFound);
  return toWorkflow(row);
}

export async function getWorkflow(platform: Platform, auth: AuthContext, id: string) {
  return readWorkflow(platform, auth.tenantId, id);
}

/* ------------------------------------------------------------------------ publish checks */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type Reference = { kind: repo.ReferenceKind; id: string; param: string };

const REFERENCE_MESSAGE: Record<repo.ReferenceKind, string> = {
  template_email: WORKFLOW_REFERENCE_MESSAGES.template,
  template_sms: WORKFLOW_REFERENCE_MESSAGES.template,
  template_zns: WORKFLOW_REFERENCE_MESSAGES.template,
  priority: WORKFLOW_REFERENCE_MESSAGES.priority,
  type: WORKFLOW_REFERENCE_MESSAGES.type,
  service: WORKFLOW_REFERENCE_MESSAGES.service,
  department: WORKFLOW_REFERENCE_MESSAGES.department,
  staff: WORKFLOW_REFERENCE_MESSAGES.staff,
  tag: WORKFLOW_REFERENCE_MESSAGES.tag,
};

const TICKET_FIELD_REFERENCES = [
  ['priority_id', 'priority'],
  ['type_id', 'type'],
  ['service_id', 'service'],
  ['group_id', 'department'],
] as const;

/** The ids a block's data names, each with the field it sits in (only well-formed ids: the rest fail the block's schema). */
function blockReferences(node: WorkflowSteps['nodes'][number]): Reference[] {
  const data = node.data;
  const found: Reference[] = [];
  const one = (kind: repo.ReferenceKind, value: unknown, field: string) => {
    if (typeof value === 'string' && UUID.test(value))
      found.push({ kind, id: value, param: `nodes.${node.id}.${field}` });
  };
  const many = (kind: repo.ReferenceKind, value: unknown, field: string) => {
    if (Array.isArray(value)) value.forEach((item, index) => one(kind, item, `${field}.${index}`));
  };
  switch (node.type) {
    case 'create_ticket':
    case 'update_ticket': {
      for (const [field, kind] of TICKET_FIELD_REFERENCES) one(kind, data[field], field);
      const assignee = data.assignee;
      if (assignee && typeof assignee === 'object' && 'user_id' in assignee)
        one('staff', assignee.user_id, 'assignee.user_id');
      many('tag', data.tag_ids, 'tag_ids');
      many('tag', data.add_tag_ids, 'add_tag_ids');
      many('tag', data.remove_tag_ids, 'remove_tag_ids');
      break;
    }
    case 'send_email':
      one('template_email', data.template_id, 'template_id');
      many('department', data.group_ids, 'group_ids');
      break;
    case 'send_sms':
      one('template_sms', data.template_id, 'template_id');
      break;
    case 'send_zns':
      one('template_zns', data.template_id, 'template_id');
      break;
    default:
      break;
  }
  return found;
}

async function customKinds(platform: Platform, tenantId: string) {
  const kinds: Record<string, ConditionValueKind> = {};
  for (const field of await repo.customFieldTypes(platform.db, tenantId)) {
    const prefix = field.entity === 'ticket' ? 'ticket.custom.' : 'requester.custom.';
    kinds[`${prefix}${field.key}`] = customFieldKind(field.type);
  }
  return kinds;
}

/** Everything that stops the graph from going live: its shape and data, then what it names. */
export async function publishProblems(
  platform: Platform,
  tenantId: string,
  steps: WorkflowSteps,
): Promise<FieldError[]> {
  const problems: FieldError[] = workflowGraphProblems(
    steps,
    await customKinds(platform, tenantId),
  );
  const references = steps.nodes.flatMap(blockReferences);
  const byKind = new Map<repo.ReferenceKind, Reference[]>();
  for (const reference of references)
    byKind.set(reference.kind, [...(byKind.get(reference.kind) ?? []), reference]);
  for (const [kind, list] of byKind) {
    const existing = await repo.existingIds(platform.db, tenantId, kind, [
      ...new Set(list.map((reference) => reference.id)),
    ]);
    for (const reference of list) {
      if (!existing.has(reference.id))
        problems.push({ param: reference.param, message: REFERENCE_MESSAGE[kind] });
    }
  }
  return problems;
}

async function assertPublishable(platform: Platform, tenantId: string, steps: WorkflowSteps) {
  const problems = await publishProblems(platform, tenantId, steps);
  if (problems.length > 0) throw new AppError(422, WORKFLOW_MESSAGES.invalidGraph, problems);
}

/* ------------------------------------------------------------------------------ changes */

/**
 * The graph a save sent, with the masked secrets it sent back replaced by the stored ones
 * (`stored`: the workflow as saved, null for a new one); 422 naming each mask with nothing to keep.
 */
function withStoredSecrets(steps: WorkflowSteps, stored: WorkflowSteps | null): WorkflowSteps {
  const restored = restoreWorkflowSecrets(steps, stored);
  if (restored.problems.length > 0)
    throw new AppError(422, WORKFLOW_SECRET_MESSAGES.summary, restored.problems);
  return restored.steps;
}

const auditSummary = (workflow: { id: string; name: string; status: WorkflowStatus }) => ({
  _id: workflow.id,
  name: workflow.name,
  status: workflow.status,
});

export async function createWorkflow(platform: Platform, auth: AuthContext, body: CreateBody) {
  const steps = withStoredSecrets(body.workflow_steps, null);
  if (body.status === 'active') await assertPublishable(platform, auth.tenantId, steps);
  const id = await platform.db.transaction(async (tx) => {
    const created = await repo.insertWorkflow(tx, {
      tenantId: auth.tenantId,
      name: body.name,
      description: body.description,
      status: body.status,
      steps,
      userId: auth.userId,
    });
    await writeAudit(tx, {
      tenantId: auth.tenantId,
      impersonatorId: auth.impersonatorId,
      actorId: auth.userId,
      action: 'create',
      entity: 'workflow',
      entityId: created,
      after: auditSummary({ id: created, name: body.name, status: body.status }),
    });
    return created;
  });
  return readWorkflow(platform, auth.tenantId, id);
}

/**
 * Saves the fields given. Ending active (published, or an active workflow saved) checks the
 * whole graph; leaving active cancels the waiting runs in the same transaction.
 */
export async function updateWorkflow(
  platform: Platform,
  auth: AuthContext,
  id: string,
  body: UpdateBody,
) {
  await platform.db.transaction(async (tx) => {
    const before = await repo.lockWorkflow(tx, auth.tenantId, id);
    if (!before) throw notFound(WORKFLOW_MESSAGES.notFound);
    const status = body.status ?? before.status;
    const steps = body.workflow_steps && withStoredSecrets(body.workflow_steps, before.steps);
    if (status === 'active')
      await assertPublishable(platform, auth.tenantId, steps ?? before.steps);
    await repo.updateWorkflow(tx, auth.tenantId, id, {
      name: body.name,
      description: body.description,
      status: body.status,
      steps,
      userId: auth.userId,
    });
    if (before.status === 'active' && status !== 'active')
      await cancelWaitingRuns(tx, auth.tenantId, id);
    await writeAudit(tx, {
      tenantId: auth.tenantId,
      impersonatorId: auth.impersonatorId,
      actorId: auth.userId,
      action: 'update',
      entity: 'workflow',
      entityId: id,
      before: auditSummary(before),
      after: auditSummary({ id, name: body.name ?? before.name, status }),
    });
  });
  return readWorkflow(platform, auth.tenantId, id);
}

/** Only inactive → active (the graph checked) and active → inactive (waiting runs cancelled). */
export async function changeWorkflowStatus(
  platform: Platform,
  auth: AuthContext,
  id: string,
  status: WorkflowStatus,
) {
  await platform.db.transaction(async (tx) => {
    const before = await repo.lockWorkflow(tx, auth.tenantId, id);
    if (!before) throw notFound(WORKFLOW_MESSAGES.notFound);
    const allowed =
      (before.status === 'inactive' && status === 'active') ||
      (before.status === 'active' && status === 'inactive');
    if (!allowed)
      throw new AppError(422, WORKFLOW_MESSAGES.statusChange, [
        { param: 'status', message: WORKFLOW_MESSAGES.statusChange },
      ]);
    if (status === 'active') await assertPublishable(platform, auth.tenantId, before.steps);
    await repo.updateWorkflow(tx, auth.tenantId, id, { status, userId: auth.userId });
    if (status === 'inactive') await cancelWaitingRuns(tx, auth.tenantId, id);
    await writeAudit(tx, {
      tenantId: auth.tenantId,
      impersonatorId: auth.impersonatorId,
      actorId: auth.userId,
      action: 'change_status',
      entity: 'workflow',
      entityId: id,
      before: auditSummary(before),
      after: auditSummary({ ...before, status }),
    });
  });
  return readWorkflow(platform, auth.tenantId, id);
}

/** A draft copy named '<name> (bản sao)', created by the caller. */
export async function cloneWorkflow(platform: Platform, auth: AuthContext, id: string) {
  const source = await repo.findWorkflow(platform.db, auth.tenantId, id);
  if (!source) throw notFound(WORKFLOW_MESSAGES.notFound);
  const suffix = WORKFLOW_MESSAGES.copySuffix;
  const maxName = workflowBody.shape.name.maxLength ?? 255;
  const name = `${[...source.workflow.name].slice(0, maxName - suffix.length).join('')}${suffix}`;
  return createWorkflow(platform, auth, {
    name,
    description: source.workflow.description,
    status: 'draft',
    workflow_steps: source.workflow.steps,
  });
}

export async function deleteWorkflow(platform: Platform, auth: AuthContext, id: string) {
  await platform.db.transaction(async (tx) => {
    const before = await repo.lockWorkflow(tx, auth.tenantId, id);
    if (!before) throw notFound(WORKFLOW_MESSAGES.notFound);
    await cancelWaitingRuns(tx, auth.tenantId, id);
    await repo.deleteWorkflow(tx, auth.tenantId, id);
    await writeAudit(tx, {
      tenantId: auth.tenantId,
      impersonatorId: auth.impersonatorId,
      actorId: auth.userId,
      action: 'delete',
      entity: 'workflow',
      entityId: id,
      before: auditSummary(before),
    });
  });
}

/* ---------------------------------------------------------------------------- run histories */

type RunRow = Awaited<ReturnType<typeof repo.listRuns>>['rows'][number];

const toStep = (step: RunRow['steps'][number]): WorkflowRunStep => ({
  step_id: step.nodeId,
  step_name: step.stepName,
  type: step.type,
  status: step.status as WorkflowRunStep['status'],
  attempt: step.attempt,
  // The block's data as it ran: its secrets masked, as the workflow's own answers show them.
  input: maskBlockSecrets(step.type, step.input ?? null),
  output: step.output ?? null,
  error: step.error,
  started_at: step.startedAt.toISOString(),
  finished_at: step.finishedAt?.toISOString() ?? null,
  duration_ms: step.finishedAt ? step.finishedAt.getTime() - step.startedAt.getTime() : null,
});

const toRun = ({
  run,
  ticketNumber,
  ticketSubject,
  requesterName,
  steps,
}: RunRow): WorkflowRun => ({
  _id: run.id,
  start_time: run.startTime.toISOString(),
  ticket:
    run.ticketId && ticketNumber !== null && ticketSubject !== null
      ? { _id: run.ticketId, code: formatTicketCode(ticketNumber), subject: ticketSubject }
      : null,
  requester: requesterName !== null ? { name: requesterName } : null,
  steps: steps.map(toStep),
  status: run.status,
  error: run.error,
  finished_at: run.finishedAt?.toISOString() ?? null,
});

export async function listRunHistories(
  platform: Platform,
  auth: AuthContext,
  id: string,
  query: RunQuery,
) {
  if (!(await repo.findWorkflow(platform.db, auth.tenantId, id)))
    throw notFound(WORKFLOW_MESSAGES.notFound);
  // A run shows its ticket (code, subject, customer) and its steps' data: the caller sees only
  // the runs of tickets their data scope shows, in the rows, the search and the total alike.
  const { rows, total } = await repo.listRuns(platform.db, auth.tenantId, id, {
    ticketScope: ticketScope(auth),
    search: query.search || undefined,
    status: query.status === 'all' ? undefined : query.status,
    limit: query.page_size,
    offset: (query.page - 1) * query.page_size,
  });
  return { data: rows.map(toRun), total };
}
