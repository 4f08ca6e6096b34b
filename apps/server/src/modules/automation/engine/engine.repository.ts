import type { WorkflowSteps } from '@omnicare/shared/automation/workflow-blocks';
import type { WorkflowRunStatus } from '@omnicare/shared/automation/workflow-enums';
import { prepared, type DatabaseHandle } from '../../../platform/db.js';
import type { TicketFacts } from '../actions/ticket-facts.js';

/**
 * The engine's SQL, on the raw pool: one statement per round trip, no ORM building on the hot
 * path (a run costs a handful of statements besides its actions).
 */

export interface ActiveWorkflow {
  id: string;
  version: number;
  steps: WorkflowSteps;
}

/** The tenant's active workflows of a trigger event; none when its automation is not enabled. */
export async function activeWorkflows(
  database: DatabaseHandle,
  tenantId: string,
  triggerEvent: string,
): Promise<ActiveWorkflow[]> {
  const result = await database.pool.query<ActiveWorkflow>(
    `select w.id, w.version, w.workflow_steps as steps
     from workflows w join tenants t on t.id = w.tenant_id
     where w.tenant_id = $1 and w.trigger_event = $2 and w.status = 'active'
       and t.settings->>'workflow' = 'enabled'
     order by w.created_at`,
    [tenantId, triggerEvent],
  );
  return result.rows;
}

export interface WorkflowState {
  status: string;
  steps: WorkflowSteps;
  workflowEnabled: boolean;
  allowPrivateWebhooks: boolean;
}

export async function workflowState(
  database: DatabaseHandle,
  workflowId: string,
): Promise<WorkflowState | undefined> {
  const result = await database.pool.query<WorkflowState>(
    `select w.status, w.workflow_steps as steps,
            (t.settings->>'workflow' = 'enabled') as "workflowEnabled",
            coalesce((t.settings->>'allow_private_webhooks')::boolean, false) as "allowPrivateWebhooks"
     from workflows w join tenants t on t.id = w.tenant_id where w.id = $1`,
    [workflowId],
  );
  return result.rows[0];
}

/** Everything a condition or an action may ask of a ticket, in one round trip. */
export async function ticketFacts(
  database: DatabaseHandle,
  tenantId: string,
  ticketId: string,
): Promise<TicketFacts | undefined> {
  const result = await database.pool.query<TicketFacts>(
    prepared(
      'ticket-facts',
      `select to_jsonb(t) as ticket,
            (select to_jsonb(c) from customers c where c.id = t.requester_id) as requester,
            coalesce((select array_agg(tag_id::text) from ticket_tags where ticket_id = t.id), '{}') as "tagIds",
            coalesce((select array_agg(tag_id::text) from customer_tags where customer_id = t.requester_id), '{}') as "requesterTagIds",
            coalesce((select array_agg(phone order by is_primary desc) from customer_phones where customer_id = t.requester_id), '{}') as "requesterPhones",
            coalesce((select array_agg(email order by is_primary desc) from customer_emails where customer_id = t.requester_id), '{}') as "requesterEmails",
            coalesce((select array_agg(user_id::text) from ticket_followers where ticket_id = t.id), '{}') as "followerIds",
            tn.name as "tenantName",
            coalesce((tn.settings->>'allow_private_webhooks')::boolean, false) as "allowPrivateWebhooks",
            coalesce((select jsonb_object_agg(
               case when f.entity = 'ticket' then 'ticket.custom.' else 'requester.custom.' end || f.key,
               f.type) from custom_fields f
             where f.tenant_id = t.tenant_id and f.entity in ('ticket', 'customer')), '{}') as "customKinds"
     from tickets t join tenants tn on tn.id = t.tenant_id
     where t.id = $2 and t.tenant_id = $1`,
      [tenantId, ticketId],
    ),
  );
  return result.rows[0];
}

export interface NewRun {
  tenantId: string;
  workflowId: string;
  workflowVersion: number;
  eventId: number;
  ticketId: string;
  depth: number;
  status: WorkflowRunStatus;
  error: string | null;
  context: Record<string, unknown>;
}

export interface RunRow {
  id: string;
  tenant_id: string;
  workflow_id: string;
  event_id: string;
  ticket_id: string | null;
  depth: number;
  status: WorkflowRunStatus;
  current_node_id: string | null;
  context: Record<string, unknown>;
}

/**
 * Inserts the runs of one event (a redelivered event starts none: `(workflow_id, event_id)` is
 * unique) and answers every run of that event still `running`, new or left by a crash.
 */
export async function startRuns(database: DatabaseHandle, runs: NewRun[]): Promise<RunRow[]> {
  if (runs.length === 0) return [];
  const first = runs[0] as NewRun;
  // Relaxed: the event's delivery is recorded after this, so a run lost in a database crash is
  // started again when the event is delivered again.
  const result = await database.relaxed().query<RunRow>(
    prepared(
      'start-runs',
      `with inserted as (
       insert into workflow_runs (tenant_id, workflow_id, workflow_version, event_id, ticket_id,
                                  depth, status, error, context, finished_at)
       select $1, w, v, $2, $3, $4, s, e, c, case when s = 'running' then null else now() end
       from unnest($5::uuid[], $6::int[], $7::text[], $8::text[], $9::jsonb[]) as x(w, v, s, e, c)
       on conflict (workflow_id, event_id) do nothing
       returning id, tenant_id, workflow_id, event_id, ticket_id, depth, status, current_node_id, context)
     select * from inserted where status = 'running'
     union all
     select id, tenant_id, workflow_id, event_id, ticket_id, depth, status, current_node_id, context
     from workflow_runs
     where event_id = $2 and workflow_id = any($5::uuid[]) and status = 'running'
       and id not in (select id from inserted)`,
      [
        first.tenantId,
        first.eventId,
        first.ticketId,
        first.depth,
        runs.map((run) => run.workflowId),
        runs.map((run) => run.workflowVersion),
        runs.map((run) => run.status),
        runs.map((run) => run.error),
        runs.map((run) => JSON.stringify(run.context)),
      ],
    ),
  );
  return result.rows;
}

export interface StepRow {
  node_id: string;
  status: string;
  attempt: number;
  output: Record<string, unknown> | null;
  seq: number;
}

export async function stepsOf(database: DatabaseHandle, runId: string): Promise<StepRow[]> {
  const result = await database.pool.query<StepRow>(
    `select node_id, status, attempt, output, seq from workflow_run_steps where run_id = $1
     order by seq`,
    [runId],
  );
  return result.rows;
}

export interface StepWrite {
  nodeId: string;
  stepName: string;
  type: string;
  status: 'running' | 'waiting' | 'completed' | 'failed' | 'cancel';
  attempt: number;
  input: unknown;
  output: unknown;
  error: string | null;
  seq: number;
  finished: boolean;
}

export interface RunWrite {
  status: WorkflowRunStatus;
  currentNodeId: string | null;
  resumeAt?: Date | null;
  error?: string | null;
  finished: boolean;
}

/**
 * Writes steps (insert or update by `(run_id, node_id)`) and, when given, the run's state, in one
 * statement. A step's input and start time stay those of its first write.
 */
export async function writeProgress(
  database: DatabaseHandle,
  tenantId: string,
  runId: string,
  steps: StepWrite[],
  run?: RunWrite,
  /** Only when the run is still in this status (a run cancelled meanwhile stays cancelled). */
  onlyIf?: WorkflowRunStatus,
): Promise<boolean> {
  const params: unknown[] = [tenantId, runId];
  const stepSql =
    steps.length === 0
      ? ''
      : `steps as (
         insert into workflow_run_steps (tenant_id, run_id, node_id, step_name, type, status,
                                         attempt, input, output, error, seq, finished_at)
         select $1, $2, n, sn, ty, st, a, i, o, e, sq, case when f then now() end
         from unnest($3::text[], $4::text[], $5::text[], $6::text[], $7::int[], $8::jsonb[],
                     $9::jsonb[], $10::text[], $11::int[], $12::bool[])
              as x(n, sn, ty, st, a, i, o, e, sq, f)
         on conflict (run_id, node_id) do update set
           status = excluded.status, attempt = excluded.attempt,
           output = excluded.output, error = excluded.error, finished_at = excluded.finished_at
         returning 1)`;
  if (steps.length > 0)
    params.push(
      steps.map((step) => step.nodeId),
      steps.map((step) => step.stepName),
      steps.map((step) => step.type),
      steps.map((step) => step.status),
      steps.map((step) => step.attempt),
      steps.map((step) => (step.input === undefined ? null : JSON.stringify(step.input))),
      steps.map((step) => (step.output === undefined ? null : JSON.stringify(step.output))),
      steps.map((step) => step.error),
      steps.map((step) => step.seq),
      steps.map((step) => step.finished),
    );
  const at = params.length;
  let runSql: string;
  if (run) {
    params.push(
      run.status,
      run.currentNodeId,
      run.resumeAt ?? null,
      run.error ?? null,
      run.finished,
      onlyIf ?? null,
    );
    runSql = `update workflow_runs set status = $${at + 1}, current_node_id = $${at + 2},
                resume_at = $${at + 3}, error = $${at + 4},
                finished_at = case when $${at + 5}::bool then now() end, updated_at = now()
              where id = $2 and ($${at + 6}::text is null or status = $${at + 6}) returning 1`;
  } else {
    runSql = `update workflow_runs set updated_at = now() where id = $2 returning 1`;
  }
  // Relaxed: a step lost in a database crash is done again (at least once), as after an app crash.
  const result = await database
    .relaxed()
    .query(prepared('run-progress', stepSql ? `with ${stepSql} ${runSql}` : runSql, params));
  return (result.rowCount ?? 0) > 0;
}

/** Takes a waiting run for its delay's end: one taker only, however often the job fires. */
export async function claimWaitingRun(
  database: DatabaseHandle,
  runId: string,
): Promise<RunRow | undefined> {
  const result = await database.pool.query<RunRow>(
    `update workflow_runs set status = 'running', updated_at = now()
     where id = $1 and status = 'waiting'
     returning id, tenant_id, workflow_id, event_id, ticket_id, depth, status, current_node_id, context`,
    [runId],
  );
  return result.rows[0];
}

/** Runs left `running` by a dead process, taken again (their `updated_at` moves on). */
export async function claimStaleRuns(database: DatabaseHandle, olderThanMs: number) {
  const result = await database.pool.query<RunRow>(
    `update workflow_runs set updated_at = now()
     where id in (select id from workflow_runs where status = 'running'
                  and updated_at < now() - make_interval(secs => $1::float8 / 1000)
                  limit 500 for update skip locked)
     returning id, tenant_id, workflow_id, event_id, ticket_id, depth, status, current_node_id, context`,
    [olderThanMs],
  );
  return result.rows;
}

/** Waiting runs whose moment has passed a while ago (their job was lost in a crash). */
export async function overdueWaitingRuns(database: DatabaseHandle, graceMs: number) {
  const result = await database.pool.query<{ id: string }>(
    `select id from workflow_runs where status = 'waiting'
     and resume_at < now() - make_interval(secs => $1::float8 / 1000) limit 5000`,
    [graceMs],
  );
  return result.rows.map((row) => row.id);
}
