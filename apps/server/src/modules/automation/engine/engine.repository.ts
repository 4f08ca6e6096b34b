import type { WorkflowSteps } from '@omnicare/shared/automation/workflow-blocks';
import type { WorkflowRunStatus } from '@omnicare/shared/automation/workflow-enums';
import { createBatcher } from '../../../platform/batcher.js';
import { featureOnSql } from '../../../platform/features.js';
import { jsonParam, prepared, type DatabaseHandle } from '../../../platform/db.js';
import type { TicketFacts } from '../actions/ticket-facts.js';

/**
 * The engine's SQL, on the raw pool: one statement per round trip, no ORM building on the hot
 * path (a run costs a handful of statements besides its actions).
 */

export interface ActiveWorkflow {
  id: string;
  name: string;
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
    `select w.id, w.name, w.version, w.workflow_steps as steps
     from workflows w join tenants t on t.id = w.tenant_id
     where w.tenant_id = $1 and w.trigger_event = $2 and w.status = 'active'
       and ${featureOnSql('automation', 't')}
     order by w.created_at`,
    [tenantId, triggerEvent],
  );
  return result.rows;
}

export interface WorkflowState {
  name: string;
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
    `select w.name, w.status, w.workflow_steps as steps,
            ${featureOnSql('automation', 't')} as "workflowEnabled",
            coalesce((t.settings->>'allow_private_webhooks')::boolean, false) as "allowPrivateWebhooks"
     from workflows w join tenants t on t.id = w.tenant_id where w.id = $1`,
    [workflowId],
  );
  return result.rows[0];
}

/**
 * Everything a condition or an action may ask of tickets, in one round trip for all of them
 * (`undefined` for a ticket gone or of another tenant).
 */
async function ticketFactsMany(
  database: DatabaseHandle,
  wanted: { tenantId: string; ticketId: string }[],
): Promise<(TicketFacts | undefined)[]> {
  const result = await database.pool.query<TicketFacts & { n: string }>(
    prepared(
      'ticket-facts',
      `select x.n, to_jsonb(t) as ticket,
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
     from unnest($1::uuid[], $2::uuid[]) with ordinality as x(tenant_id, id, n)
       -- Each ticket by its key: joined plainly, a generic plan could read every ticket of the
       -- tenant for each one wanted (offset 0 keeps the subquery from being merged).
       cross join lateral (
         select * from tickets where id = x.id and tenant_id = x.tenant_id offset 0
       ) t
       join tenants tn on tn.id = t.tenant_id`,
      [wanted.map((one) => one.tenantId), wanted.map((one) => one.ticketId)],
    ),
  );
  const byPosition = new Map(result.rows.map(({ n, ...facts }) => [Number(n), facts]));
  return wanted.map((_, index) => byPosition.get(index + 1));
}

export interface NewRun {
  tenantId: string;
  workflowId: string;
  workflowVersion: number;
  eventId: number;
  ticketId: string;
  depth: number;
  /** The starting event of the run's chain, whose budget it draws on. */
  originEventId: number;
  /** `running` to start (within the budget and the tenant's pace), or already settled. */
  status: WorkflowRunStatus;
  error: string | null;
  context: Record<string, unknown>;
  /** The runs an origin's budget allows, and the note of those past it. */
  runBudget: number;
  budgetNote: string;
  /** The tenant's pace: one start per `rateIntervalMs`, after a burst of `rateBurst`. */
  rateIntervalMs: number;
  rateBurst: number;
}

export interface RunRow {
  id: string;
  tenant_id: string;
  workflow_id: string;
  event_id: string;
  ticket_id: string | null;
  depth: number;
  /** Null in runs from before the budget: their own event stands for it (see originOf). */
  origin_event_id: string | null;
  status: WorkflowRunStatus;
  current_node_id: string | null;
  /** A waiting run's moment: its delay's end, or its turn at the tenant's pace. */
  resume_at: Date | null;
  context: Record<string, unknown>;
}

const RUN_COLUMNS = `id, tenant_id, workflow_id, event_id, ticket_id, depth, origin_event_id, status,
  current_node_id, resume_at, context`;

/** The starting event whose budget a run draws on. */
export const originOf = (run: Pick<RunRow, 'origin_event_id' | 'event_id'>): number =>
  Number(run.origin_event_id ?? run.event_id);

/**
 * Inserts runs (a redelivered event starts none: `(workflow_id, event_id)` is unique) and
 * answers every run of their events still `running`, new or left by a crash, and the new runs
 * that wait for their turn (`waiting` with `resume_at`, no current block).
 *
 * In the same statement, each new run to start draws on its origin's budget (`runs` raised by
 * the origin's new runs at once, under the row's lock: a run numbered past `runBudget` is
 * recorded `failed` with the note), and the runs admitted take their turns at their tenant's pace
 * (a generic cell rate: `slots_until` moves on by one interval per run; a run whose turn is more
 * than a burst ahead waits until then, its moment in `context.queued_until` too).
 */
async function startRunsMany(database: DatabaseHandle, runs: NewRun[]): Promise<RunRow[]> {
  const column = <Key extends keyof NewRun>(key: Key) => runs.map((run) => run[key]);
  // Relaxed: the event's delivery is recorded after this, so a run lost in a database crash is
  // started again when the event is delivered again (its budget and turn were lost with it).
  const result = await database.relaxed().query<RunRow>(
    prepared(
      'start-runs',
      `with wanted as (
       select * from unnest($1::uuid[], $2::uuid[], $3::int[], $4::bigint[], $5::uuid[],
                            $6::int[], $7::text[], $8::text[], $9::jsonb[], $10::bigint[],
                            $11::int[], $12::text[], $13::float8[], $14::int[])
         with ordinality
         as x(tenant_id, workflow_id, version, event_id, ticket_id, depth, status, error, context,
              origin, run_budget, budget_note, rate_interval_ms, rate_burst, n)
     ),
     -- The runs to start: not there already (a redelivered event's are), not settled already.
     fresh as (
       select w.* from wanted w
       where w.status = 'running' and not exists (
         select 1 from workflow_runs r where r.workflow_id = w.workflow_id and r.event_id = w.event_id)
     ),
     budget as (
       insert into workflow_budgets as b (origin_event_id, tenant_id, runs)
       select origin, (array_agg(tenant_id))[1], count(*) from fresh group by origin order by origin
       on conflict (origin_event_id) do update set runs = b.runs + excluded.runs
       returning origin_event_id, runs
     ),
     -- Each new run's number in its origin's budget: those before this statement's, then in order.
     numbered as (
       select f.*, b.runs - count(*) over (partition by f.origin)
                   + row_number() over (partition by f.origin order by f.n) as run_no
       from fresh f join budget b on b.origin_event_id = f.origin
     ),
     admitted as (select * from numbered where run_no <= run_budget),
     pace as (
       insert into workflow_rates as p (tenant_id, slots_until)
       select tenant_id, now() + count(*) * max(rate_interval_ms) * interval '1 millisecond'
       from admitted group by tenant_id order by tenant_id
       on conflict (tenant_id) do update
         set slots_until = greatest(p.slots_until, now()) + (excluded.slots_until - now())
       returning tenant_id, slots_until
     ),
     -- A run's turn: the slot it takes, less the burst the pace allows ahead of it.
     turns as (
       select a.workflow_id, a.event_id, p.slots_until
                - (count(*) over (partition by a.tenant_id)
                   - row_number() over (partition by a.tenant_id order by a.n) + a.rate_burst)
                  * a.rate_interval_ms * interval '1 millisecond' as turn
       from admitted a join pace p on p.tenant_id = a.tenant_id
     ),
     decided as (
       select w.*,
              case when nb.run_no > w.run_budget then 'failed'
                   when t.turn > now() then 'waiting'
                   else w.status end as final_status,
              case when nb.run_no > w.run_budget then w.budget_note else w.error end as final_error,
              case when t.turn > now() then t.turn end as queued_until
       from wanted w
         left join numbered nb on nb.workflow_id = w.workflow_id and nb.event_id = w.event_id
         left join turns t on t.workflow_id = w.workflow_id and t.event_id = w.event_id
     ),
     inserted as (
       insert into workflow_runs (tenant_id, workflow_id, workflow_version, event_id, ticket_id,
                                  depth, origin_event_id, status, error, resume_at, context,
                                  finished_at)
       select tenant_id, workflow_id, version, event_id, ticket_id, depth, origin, final_status,
              final_error, queued_until,
              case when queued_until is null then context
                   else context || jsonb_build_object('queued_until', queued_until) end,
              case when final_status in ('running', 'waiting') then null else now() end
       from decided
       on conflict (workflow_id, event_id) do nothing
       returning ${RUN_COLUMNS})
     select * from inserted where status in ('running', 'waiting')
     union all
     select ${RUN_COLUMNS.split(',')
       .map((name) => `r.${name.trim()}`)
       .join(', ')}
     from workflow_runs r join wanted w on w.workflow_id = r.workflow_id and w.event_id = r.event_id
     where r.status = 'running' and r.id not in (select id from inserted)`,
      [
        column('tenantId'),
        column('workflowId'),
        column('workflowVersion'),
        column('eventId'),
        column('ticketId'),
        column('depth'),
        column('status'),
        column('error'),
        runs.map((run) => JSON.stringify(run.context)),
        column('originEventId'),
        column('runBudget'),
        column('budgetNote'),
        column('rateIntervalMs'),
        column('rateBurst'),
      ],
    ),
  );
  return result.rows;
}

/**
 * Draws ticket-creating or -updating actions on their origins' budgets, in one statement for
 * all of them (`ticket_actions` raised by each origin's asks at once, under the row's lock; the
 * row is made again if pruned). Answers, per ask in order, whether it is within `limit`.
 */
async function takeTicketActionsMany(
  database: DatabaseHandle,
  asks: { tenantId: string; originEventId: number; limit: number }[],
): Promise<boolean[]> {
  // Relaxed, like the runs' progress: lost in a database crash, the action is asked again.
  const result = await database
    .relaxed()
    .query<{ origin_event_id: string; ticket_actions: number }>(
      prepared(
        'take-ticket-actions',
        `insert into workflow_budgets as b (origin_event_id, tenant_id, ticket_actions)
       select origin, (array_agg(tenant_id))[1], count(*)
       from unnest($1::bigint[], $2::uuid[]) as x(origin, tenant_id)
       group by origin order by origin
       on conflict (origin_event_id) do update
         set ticket_actions = b.ticket_actions + excluded.ticket_actions
       returning origin_event_id, ticket_actions`,
        [asks.map((ask) => ask.originEventId), asks.map((ask) => ask.tenantId)],
      ),
    );
  // Each origin's count before these asks, then raised ask by ask in their order.
  const asked = new Map<number, number>();
  for (const ask of asks) asked.set(ask.originEventId, (asked.get(ask.originEventId) ?? 0) + 1);
  const counted = new Map(
    result.rows.map((row) => {
      const origin = Number(row.origin_event_id);
      return [origin, row.ticket_actions - (asked.get(origin) ?? 0)];
    }),
  );
  return asks.map((ask) => {
    const number = (counted.get(ask.originEventId) ?? 0) + 1;
    counted.set(ask.originEventId, number);
    return number <= ask.limit;
  });
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
  /** When the step began, if before this write (an action written only once it is done). */
  startedAt?: Date;
}

export interface RunWrite {
  status: WorkflowRunStatus;
  currentNodeId: string | null;
  resumeAt?: Date | null;
  error?: string | null;
  finished: boolean;
}

/** One run's progress: steps to write and, when given, the run's new state. */
export interface Progress {
  tenantId: string;
  runId: string;
  steps: StepWrite[];
  run?: RunWrite;
  /** Only when the run is still in this status (a run cancelled meanwhile stays cancelled). */
  onlyIf?: WorkflowRunStatus;
}

/**
 * Writes runs' steps (insert or update by `(run_id, node_id)`) and their states, in one
 * statement for all of them; a run without a new state is only touched (`updated_at`). A step's
 * input and start time stay those of its first write. Answers, per run, whether its row was
 * written (false when `onlyIf` did not hold).
 */
async function writeProgressMany(database: DatabaseHandle, all: Progress[]): Promise<boolean[]> {
  const steps = all.flatMap((one) =>
    one.steps.map((step) => ({ ...step, tenantId: one.tenantId, runId: one.runId })),
  );
  const stepColumn = <Key extends keyof (typeof steps)[number]>(key: Key) =>
    steps.map((step) => step[key]);
  // Relaxed: a step lost in a database crash is done again (at least once), as after an app crash.
  const result = await database.relaxed().query<{ id: string }>(
    prepared(
      'run-progress',
      `with steps as (
         insert into workflow_run_steps (tenant_id, run_id, node_id, step_name, type, status,
                                         attempt, input, output, error, seq, finished_at,
                                         created_at)
         select t, r, n, sn, ty, st, a, i, o, e, sq, case when f then now() end,
                coalesce(sa, now())
         from unnest($1::uuid[], $2::uuid[], $3::text[], $4::text[], $5::text[], $6::text[],
                     $7::int[], $8::jsonb[], $9::jsonb[], $10::text[], $11::int[], $12::bool[],
                     $21::timestamptz[])
              as x(t, r, n, sn, ty, st, a, i, o, e, sq, f, sa)
         on conflict (run_id, node_id) do update set
           status = excluded.status, attempt = excluded.attempt,
           output = excluded.output, error = excluded.error, finished_at = excluded.finished_at
         returning 1)
       update workflow_runs w set
         status = case when x.write then x.status else w.status end,
         current_node_id = case when x.write then x.node else w.current_node_id end,
         resume_at = case when x.write then x.resume_at else w.resume_at end,
         error = case when x.write then x.error else w.error end,
         finished_at = case when x.write then (case when x.finished then now() end)
                       else w.finished_at end,
         updated_at = now()
       from unnest($13::uuid[], $14::bool[], $15::text[], $16::text[], $17::timestamptz[],
                   $18::text[], $19::bool[], $20::text[])
            as x(id, write, status, node, resume_at, error, finished, only_if)
       where w.id = x.id and (x.only_if is null or w.status = x.only_if)
       returning w.id`,
      [
        stepColumn('tenantId'),
        stepColumn('runId'),
        stepColumn('nodeId'),
        stepColumn('stepName'),
        stepColumn('type'),
        stepColumn('status'),
        stepColumn('attempt'),
        steps.map((step) => jsonParam(step.input)),
        steps.map((step) => jsonParam(step.output)),
        stepColumn('error'),
        stepColumn('seq'),
        stepColumn('finished'),
        all.map((one) => one.runId),
        all.map((one) => one.run !== undefined),
        all.map((one) => one.run?.status ?? null),
        all.map((one) => one.run?.currentNodeId ?? null),
        all.map((one) => one.run?.resumeAt ?? null),
        all.map((one) => one.run?.error ?? null),
        all.map((one) => one.run?.finished ?? false),
        all.map((one) => (one.run ? (one.onlyIf ?? null) : null)),
        steps.map((step) => step.startedAt ?? null),
      ],
    ),
  );
  const written = new Set(result.rows.map((row) => row.id));
  return all.map((one) => written.has(one.runId));
}

/**
 * The hot statements, each gathering the calls of the runs under way at once into one round
 * trip (createBatcher), per database.
 */
const batched = new WeakMap<
  DatabaseHandle,
  {
    facts: (wanted: { tenantId: string; ticketId: string }) => Promise<TicketFacts | undefined>;
    startRuns: (runs: NewRun[]) => Promise<RunRow[]>;
    progress: (progress: Progress) => Promise<boolean>;
    ticketAction: (ask: {
      tenantId: string;
      originEventId: number;
      limit: number;
    }) => Promise<boolean>;
  }
>();

function batchedOf(database: DatabaseHandle) {
  let statements = batched.get(database);
  if (!statements) {
    statements = {
      facts: createBatcher((wanted) => ticketFactsMany(database, wanted)),
      startRuns: createBatcher(async (groups: NewRun[][]) => {
        const rows = await startRunsMany(database, groups.flat());
        const key = (workflowId: string, eventId: string | number) => `${workflowId}:${eventId}`;
        const byKey = new Map(rows.map((row) => [key(row.workflow_id, row.event_id), row]));
        return groups.map((runs) =>
          runs.flatMap((run) => byKey.get(key(run.workflowId, run.eventId)) ?? []),
        );
      }),
      progress: createBatcher((all: Progress[]) => writeProgressMany(database, all), { lanes: 2 }),
      ticketAction: createBatcher(
        (asks: { tenantId: string; originEventId: number; limit: number }[]) =>
          takeTicketActionsMany(database, asks),
      ),
    };
    batched.set(database, statements);
  }
  return statements;
}

/** Everything a condition or an action may ask of a ticket. */
export const ticketFacts = (database: DatabaseHandle, tenantId: string, ticketId: string) =>
  batchedOf(database).facts({ tenantId, ticketId });

/**
 * Inserts the runs of one event (a redelivered event starts none) and answers every run of that
 * event still `running`, new or left by a crash.
 */
export const startRuns = async (database: DatabaseHandle, runs: NewRun[]) =>
  runs.length === 0 ? [] : batchedOf(database).startRuns(runs);

/**
 * Draws one ticket-creating or -updating action on the budget of the run's origin: false when
 * the budget's `limit` is spent (see takeTicketActionsMany).
 */
export const takeTicketAction = (
  database: DatabaseHandle,
  ask: { tenantId: string; originEventId: number; limit: number },
) => batchedOf(database).ticketAction(ask);

/** Writes a run's steps and, when given, its state (see writeProgressMany). */
export const writeProgress = (database: DatabaseHandle, progress: Progress) =>
  batchedOf(database).progress(progress);

/** Takes a waiting run for its delay's end: one taker only, however often the job fires. */
export async function claimWaitingRun(
  database: DatabaseHandle,
  runId: string,
): Promise<RunRow | undefined> {
  const result = await database.pool.query<RunRow>(
    `update workflow_runs set status = 'running', updated_at = now()
     where id = $1 and status = 'waiting'
     returning ${RUN_COLUMNS}`,
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
     returning ${RUN_COLUMNS}`,
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

/**
 * Deletes the budgets of starting events older than `before` (the hourly `automation.prune`):
 * their chains are long over, or a delay of more than that restarts their count.
 */
export async function pruneBudgets(database: DatabaseHandle, before: Date): Promise<number> {
  const result = await database.pool.query('delete from workflow_budgets where created_at < $1', [
    before,
  ]);
  return result.rowCount ?? 0;
}
