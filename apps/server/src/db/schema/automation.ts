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
    /**
     * The starting event (a person's change, a channel message, a call) whose chain of runs this
     * one belongs to: the event's own id at depth 0, carried on by the runs' ticket changes
     * (`workflow_origin` in their events). Its `workflow_budgets` row bounds the chain. Null in
     * runs from before the budget (their own event stands for it).
     */
    originEventId: bigint('origin_event_id', { mode: 'number' }),
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

/**
 * One starting event's automation budget (AUTOMATION_BUDGET): the runs, and the ticket-creating
 * or -updating actions, that every run it led to asked for, across workflows and depths, counted
 * atomically by the engine's batched statements. Counts what was asked: what is past the limit
 * was refused. Keyed by the starting event (`workflow_runs.origin_event_id`); without a foreign
 * key (the outbox prunes its events) and pruned a day after it was made (`automation.prune`).
 */
export const workflowBudgets = pgTable('workflow_budgets', {
  originEventId: bigint('origin_event_id', { mode: 'number' }).primaryKey(),
  tenantId: uuid('tenant_id').notNull(),
  runs: integer('runs').notNull().default(0),
  ticketActions: integer('ticket_actions').notNull().default(0),
  createdAt: createdAt(),
});

/**
 * Each tenant's pace of run starts (AUTOMATION_RUNS_PER_MINUTE, a generic cell rate algorithm):
 * `slots_until` is when the starts handed out so far would all have had their turn at the
 * tenant's rate; a run whose turn is later than a minute's burst allows waits for it.
 */
export const workflowRates = pgTable('workflow_rates', {
  tenantId: uuid('tenant_id')
    .primaryKey()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  slotsUntil: timestamptz('slots_until').notNull(),
});
