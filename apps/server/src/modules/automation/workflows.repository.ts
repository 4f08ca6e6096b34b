import {
  aliasedTable,
  and,
  asc,
  count,
  desc,
  eq,
  inArray,
  ne,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { WorkflowSteps } from '@omnicare/shared/automation/workflow-blocks';
import type { WorkflowRunStatus, WorkflowStatus } from '@omnicare/shared/automation/workflow-enums';
import type { Database, Transaction } from '../../platform/db.js';
import { workflowRuns, workflowRunSteps, workflows } from '../../db/schema/automation.js';
import { customers, customFields, tags } from '../../db/schema/customers.js';
import { groups } from '../../db/schema/groups.js';
import { messageTemplates } from '../../db/schema/templates.js';
import { ticketPriorities, ticketServices, ticketTypes } from '../../db/schema/ticket-config.js';
import { tickets } from '../../db/schema/tickets.js';
import { users } from '../../db/schema/users.js';
import { unaccentContains } from '../../platform/sql.js';

type Executor = Database | Transaction;

const creator = aliasedTable(users, 'workflow_creator');
const updater = aliasedTable(users, 'workflow_updater');

const workflowColumns = {
  workflow: workflows,
  createdByName: creator.name,
  updatedByName: updater.name,
};

function selectWorkflows(db: Executor) {
  return db
    .select(workflowColumns)
    .from(workflows)
    .leftJoin(creator, eq(creator.id, workflows.createdBy))
    .leftJoin(updater, eq(updater.id, workflows.updatedBy));
}

/** A page of the tenant's workflows, newest change first; `name` ignores case and diacritics. */
export async function listWorkflows(
  db: Database,
  tenantId: string,
  filter: { name?: string; limit: number; offset: number },
) {
  const where = and(
    eq(workflows.tenantId, tenantId),
    filter.name ? unaccentContains(workflows.name, filter.name) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    selectWorkflows(db)
      .where(where)
      .orderBy(desc(workflows.updatedAt), desc(workflows.id))
      .limit(filter.limit)
      .offset(filter.offset),
    db.select({ total: count() }).from(workflows).where(where),
  ]);
  return { rows, total: total?.total ?? 0 };
}

export async function findWorkflow(db: Executor, tenantId: string, id: string) {
  const [row] = await selectWorkflows(db).where(
    and(eq(workflows.tenantId, tenantId), eq(workflows.id, id)),
  );
  return row;
}

/** The workflow's row locked for a change (status moves and graph saves are serialised). */
export async function lockWorkflow(tx: Transaction, tenantId: string, id: string) {
  const [row] = await tx
    .select()
    .from(workflows)
    .where(and(eq(workflows.tenantId, tenantId), eq(workflows.id, id)))
    .for('update');
  return row;
}

export async function insertWorkflow(
  tx: Executor,
  values: {
    tenantId: string;
    name: string;
    description: string;
    status: WorkflowStatus;
    steps: WorkflowSteps;
    userId: string;
  },
) {
  const [row] = await tx
    .insert(workflows)
    .values({
      tenantId: values.tenantId,
      name: values.name,
      description: values.description,
      status: values.status,
      steps: values.steps,
      triggerEvent: values.steps.trigger.event,
      createdBy: values.userId,
      updatedBy: values.userId,
    })
    .returning({ id: workflows.id });
  if (!row) throw new Error('workflow not inserted');
  return row.id;
}

/** Saves the changed fields; a new graph raises `version` and moves `trigger_event` with it. */
export async function updateWorkflow(
  tx: Transaction,
  tenantId: string,
  id: string,
  values: {
    name?: string;
    description?: string;
    status?: WorkflowStatus;
    steps?: WorkflowSteps;
    userId: string;
  },
) {
  await tx
    .update(workflows)
    .set({
      ...(values.name !== undefined && { name: values.name }),
      ...(values.description !== undefined && { description: values.description }),
      ...(values.status !== undefined && { status: values.status }),
      ...(values.steps !== undefined && {
        steps: values.steps,
        triggerEvent: values.steps.trigger.event,
        version: sql`${workflows.version} + 1`,
      }),
      updatedBy: values.userId,
      updatedAt: sql`now()`,
    })
    .where(and(eq(workflows.tenantId, tenantId), eq(workflows.id, id)));
}

export async function deleteWorkflow(tx: Transaction, tenantId: string, id: string) {
  await tx.delete(workflows).where(and(eq(workflows.tenantId, tenantId), eq(workflows.id, id)));
}

/**
 * Ends a workflow's waiting runs as cancelled, with `reason` as their note, and their waiting
 * step with them. Called in the transaction that moves the workflow away from active (unpublish,
 * save as draft, delete); the engine's delay jobs re-check the status when they fire anyway.
 * Returns the ids of the cancelled runs.
 */
export async function cancelWaitingRuns(
  tx: Executor,
  tenantId: string,
  workflowId: string,
  reason: string,
): Promise<string[]> {
  const cancelled = await tx
    .update(workflowRuns)
    .set({
      status: 'cancel',
      error: reason,
      resumeAt: null,
      finishedAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(workflowRuns.tenantId, tenantId),
        eq(workflowRuns.workflowId, workflowId),
        eq(workflowRuns.status, 'waiting'),
      ),
    )
    .returning({ id: workflowRuns.id });
  const ids = cancelled.map((run) => run.id);
  if (ids.length > 0) {
    await tx
      .update(workflowRunSteps)
      .set({ status: 'cancel', error: reason, finishedAt: sql`now()` })
      .where(
        and(
          eq(workflowRunSteps.tenantId, tenantId),
          inArray(workflowRunSteps.runId, ids),
          eq(workflowRunSteps.status, 'waiting'),
        ),
      );
  }
  return ids;
}

/** The tenant's active custom fields with their type, for the condition kinds of a graph. */
export function customFieldTypes(db: Database, tenantId: string) {
  return db
    .select({ entity: customFields.entity, key: customFields.key, type: customFields.type })
    .from(customFields)
    .where(and(eq(customFields.tenantId, tenantId), eq(customFields.active, true)));
}

/** What a block may refer to by id, each checked in the tenant. */
export type ReferenceKind =
  | 'template_email'
  | 'template_sms'
  | 'template_zns'
  | 'priority'
  | 'type'
  | 'service'
  | 'department'
  | 'staff'
  | 'tag';

/** Which of the ids exist in the tenant as that kind. */
export async function existingIds(
  db: Database,
  tenantId: string,
  kind: ReferenceKind,
  ids: string[],
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const query = (() => {
    switch (kind) {
      case 'template_email':
      case 'template_sms':
      case 'template_zns':
        return db
          .select({ id: messageTemplates.id })
          .from(messageTemplates)
          .where(
            and(
              eq(messageTemplates.tenantId, tenantId),
              eq(messageTemplates.kind, kind.slice('template_'.length)),
              inArray(messageTemplates.id, ids),
            ),
          );
      case 'priority':
        return db
          .select({ id: ticketPriorities.id })
          .from(ticketPriorities)
          .where(and(eq(ticketPriorities.tenantId, tenantId), inArray(ticketPriorities.id, ids)));
      case 'type':
        return db
          .select({ id: ticketTypes.id })
          .from(ticketTypes)
          .where(and(eq(ticketTypes.tenantId, tenantId), inArray(ticketTypes.id, ids)));
      case 'service':
        return db
          .select({ id: ticketServices.id })
          .from(ticketServices)
          .where(and(eq(ticketServices.tenantId, tenantId), inArray(ticketServices.id, ids)));
      case 'department':
        return db
          .select({ id: groups.id })
          .from(groups)
          .where(
            and(eq(groups.tenantId, tenantId), eq(groups.target, 'user'), inArray(groups.id, ids)),
          );
      case 'staff':
        return db
          .select({ id: users.id })
          .from(users)
          .where(
            and(
              eq(users.tenantId, tenantId),
              ne(users.role, 'end_user'),
              eq(users.active, true),
              inArray(users.id, ids),
            ),
          );
      case 'tag':
        return db
          .select({ id: tags.id })
          .from(tags)
          .where(and(eq(tags.tenantId, tenantId), inArray(tags.id, ids)));
    }
  })();
  return new Set((await query).map((row) => row.id));
}

/* ---------------------------------------------------------------------------- run histories */

interface RunFilter {
  search?: string;
  status?: WorkflowRunStatus;
  /**
   * The caller's ticket data scope, a condition on the joined `tickets` row (the tickets
   * service's `ticketScope`); undefined for everything. A run whose ticket is gone has no
   * ticket to be in scope: it is left out too.
   */
  ticketScope?: SQL;
}

const runFilter = (tenantId: string, workflowId: string, filter: RunFilter): SQL | undefined => {
  const search = filter.search;
  return and(
    eq(workflowRuns.tenantId, tenantId),
    eq(workflowRuns.workflowId, workflowId),
    filter.status ? eq(workflowRuns.status, filter.status) : undefined,
    filter.ticketScope,
    search
      ? or(
          unaccentContains(tickets.subject, search),
          unaccentContains(customers.name, search),
          // The code as shown (#000123) or its digits.
          sql`lpad(${tickets.number}::text, 6, '0') like ${`%${search.replace(/^#/, '').replace(/[\\%_]/g, '\\$&')}%`}`,
        )
      : undefined,
  );
};

/**
 * A page of a workflow's runs, newest first, with each run's steps in order; the rows, the
 * search and the total all within `filter.ticketScope`.
 */
export async function listRuns(
  db: Database,
  tenantId: string,
  workflowId: string,
  filter: RunFilter & { limit: number; offset: number },
) {
  const where = runFilter(tenantId, workflowId, filter);
  const [runs, [total]] = await Promise.all([
    db
      .select({
        run: workflowRuns,
        ticketNumber: tickets.number,
        ticketSubject: tickets.subject,
        requesterName: customers.name,
      })
      .from(workflowRuns)
      .leftJoin(tickets, eq(tickets.id, workflowRuns.ticketId))
      .leftJoin(customers, eq(customers.id, tickets.requesterId))
      .where(where)
      .orderBy(desc(workflowRuns.startTime), desc(workflowRuns.id))
      .limit(filter.limit)
      .offset(filter.offset),
    db
      .select({ total: count() })
      .from(workflowRuns)
      .leftJoin(tickets, eq(tickets.id, workflowRuns.ticketId))
      .leftJoin(customers, eq(customers.id, tickets.requesterId))
      .where(where),
  ]);
  const steps = runs.length
    ? await db
        .select()
        .from(workflowRunSteps)
        .where(
          and(
            eq(workflowRunSteps.tenantId, tenantId),
            inArray(
              workflowRunSteps.runId,
              runs.map((row) => row.run.id),
            ),
          ),
        )
        .orderBy(asc(workflowRunSteps.seq))
    : [];
  return {
    rows: runs.map((row) => ({ ...row, steps: steps.filter((step) => step.runId === row.run.id) })),
    total: total?.total ?? 0,
  };
}

export type RunInsert = typeof workflowRuns.$inferInsert;
export type RunStepInsert = typeof workflowRunSteps.$inferInsert;

/** Writes a run and its steps as they are given (demo data and tests; the engine has its own). */
export async function insertRun(
  db: Executor,
  run: RunInsert,
  steps: Omit<RunStepInsert, 'runId' | 'tenantId'>[],
) {
  const [row] = await db.insert(workflowRuns).values(run).returning({ id: workflowRuns.id });
  if (!row) throw new Error('run not inserted');
  if (steps.length > 0) {
    await db
      .insert(workflowRunSteps)
      .values(steps.map((step) => ({ ...step, runId: row.id, tenantId: run.tenantId })));
  }
  return row.id;
}

/** A run's row and its steps (tests read what cancelling changed). */
export async function findRun(db: Database, tenantId: string, runId: string) {
  const [run] = await db
    .select()
    .from(workflowRuns)
    .where(and(eq(workflowRuns.tenantId, tenantId), eq(workflowRuns.id, runId)));
  if (!run) return undefined;
  const steps = await db
    .select()
    .from(workflowRunSteps)
    .where(eq(workflowRunSteps.runId, runId))
    .orderBy(asc(workflowRunSteps.seq));
  return { run, steps };
}
