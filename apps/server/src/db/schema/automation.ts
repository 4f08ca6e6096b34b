import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { WorkflowSteps } from '@omnicare/shared/automation/workflow-blocks';
import type { WorkflowStatus, WorkflowRunStatus } from '@omnicare/shared/automation/workflow-enums';
import { createdAt, id, timestamptz, updatedAt } from './columns.js';
import { tenants } from './tenants.js';
import { users } from './users.js';
import { tickets } from './tickets.js';

/** Automation scripts: a trigger and a graph of blocks (`workflow_steps`, shared schema). */
export const workflows = pgTable(
  'workflows',
  {
    id: id(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    status: text('status').$type<WorkflowStatus>().notNull().default('draft'),
    /** `workflow_steps.trigger.event`, kept beside it so the engine finds the active workflows of an event by index. */
    triggerEvent: text('trigger_event').notNull().default('ticket_created'),
    steps: jsonb('workflow_steps').$type<WorkflowSteps>().notNull(),
    /** Raised by every save of the graph; a run remembers the version it started on. */
    version: integer('version').notNull().default(1),
    createdBy: uuid('created_by').references(() => users.id),
    updatedBy: uuid('updated_by').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('workflows_tenant_updated_idx').on(table.tenantId, table.updatedAt),
    index('workflows_active_event_idx')
      .on(table.tenantId, table.triggerEvent)
      .where(sql`status = 'active'`),
  ],
);

/**
 * One run of a workflow for one domain event. `(workflow_id, event_id)` is unique, so an event
 * delivered twice starts one run. `depth` counts how many workflow runs led to the event (a run's
 * own ticket changes carry it on), and stops loops.
 */
export const workflowRuns = pgTable(
  'workflow_runs',
  {
    id: id(),
    /** Without a foreign key of its own: the workflow's stands for it. */
    tenantId: uuid('tenant_id').notNull(),
    workflowId: uuid('workflow_id')
      .notNull()
      .references(() => workflows.id, { onDelete: 'cascade' }),
    workflowVersion: integer('workflow_version').notNull(),
    /** The domain event (outbox) that started it. */
    eventId: bigint('event_id', { mode: 'number' }).notNull(),
    ticketId: uuid('ticket_id').references(() => tickets.id, { onDelete: 'set null' }),
    depth: integer('depth').notNull().default(0),
    status: text('status').$type<WorkflowRunStatus>().notNull().default('running'),
    /** The block the run is at (waiting on, or about to run). */
    currentNodeId: text('current_node_id'),
    /** When a waiting run's delay ends. */
    resumeAt: timestamptz('resume_at'),
    error: text('error'),
    /** The event's payload and anything the engine keeps between steps. */
    context: jsonb('context').$type<Record<string, unknown>>().notNull().default({}),
    startTime: createdAt(),
    finishedAt: timestamptz('finished_at'),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('workflow_runs_event_uidx').on(table.workflowId, table.eventId),
    index('workflow_runs_history_idx').on(table.workflowId, table.startTime),
    index('workflow_runs_waiting_idx')
      .on(table.workflowId)
      .where(sql`status = 'waiting'`),
  ],
);

/**
 * A run's trace: one row per block it reached, updated as the block's tries go. `(run_id,
 * node_id)` is its key: the block's side effect is keyed by it (the webhook's `Idempotency-Key`).
 * The engine writes several rows per run, so the table carries no more than it needs: no
 * surrogate id, and `tenant_id` (for the tenant's reads) without a foreign key of its own, the
 * run's standing for it. Both tables leave room in their pages (fillfactor, migration 0028) so
 * a row's updates stay on its page.
 */
export const workflowRunSteps = pgTable(
  'workflow_run_steps',
  {
    tenantId: uuid('tenant_id').notNull(),
    runId: uuid('run_id')
      .notNull()
      .references(() => workflowRuns.id, { onDelete: 'cascade' }),
    nodeId: text('node_id').notNull(),
    stepName: text('step_name').notNull(),
    type: text('type').notNull(),
    /** running, waiting, completed, failed, cancel, skipped. */
    status: text('status').notNull().default('running'),
    attempt: integer('attempt').notNull().default(1),
    input: jsonb('input'),
    output: jsonb('output'),
    error: text('error'),
    /** Order of the steps in the run. */
    seq: integer('seq').notNull(),
    startedAt: createdAt(),
    finishedAt: timestamptz('finished_at'),
  },
  (table) => [primaryKey({ columns: [table.runId, table.nodeId] })],
);
