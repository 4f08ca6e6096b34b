import {
  ACTION_BLOCK_TYPES,
  WORKFLOW_BLOCK_DATA,
  WORKFLOW_LIMITS,
  type WorkflowBlockData,
  type WorkflowNode,
  type WorkflowSteps,
} from '@omnicare/shared/automation/workflow-blocks';
import {
  conditionsHold,
  type ConditionFacts,
  type ConditionValueKind,
  customFieldKind,
} from '@omnicare/shared/automation/workflow-conditions';
import type { WorkflowBlockType } from '@omnicare/shared/automation/workflow-enums';
import { WORKFLOW_RUN_MESSAGES as M } from '@omnicare/shared/automation/workflow-run-messages';
import { AUTOMATION_BUDGET, AUTOMATION_RUNS_PER_MINUTE } from '@omnicare/shared/platform/constants';
import type { Platform } from '../../../platform/context.js';
import type { FieldChanges } from '@omnicare/shared/platform/domain-events';
import { eventDefinition } from '../../../platform/domain-events.js';
import type { DeliveredEvent } from '../../../platform/outbox.js';
import { runAction } from '../actions/run-action.js';
import * as repo from './engine.repository.js';
import type { TicketFacts } from '../actions/ticket-facts.js';
import { delayEnd, scaled, timeScale, waitUntilEnd } from './wait-time.js';

/** How many workflow runs may lead to one another before the engine stops the chain. */
export const WORKFLOW_DEPTH_LIMIT = 5;
export const RESUME_JOB = 'automation.resume';
export const SWEEP_JOB = 'automation.sweep';
export const PRUNE_JOB = 'automation.prune';
/** A starting event's budget is kept this long, then pruned (a longer chain counts anew). */
const BUDGET_RETENTION_MS = 24 * 60 * 60_000;
/** The blocks that draw on the budget's ticket actions. */
const TICKET_ACTIONS: readonly WorkflowBlockType[] = ['create_ticket', 'update_ticket'];
/** A `running` run not touched for this long belongs to a dead process: taken up again. */
const STALE_RUN_MS = 5 * 60_000;
/** A waiting run this long past its moment lost its job (a crash between commit and send). */
const OVERDUE_GRACE_MS = 30_000;
const BACKOFF_BASE_MS = 1_000;
const BACKOFF_MAX_MS = 60_000;

/** The workflow trigger an event type starts, as its module's event catalogue says. */
const triggerOf = (type: string) => eventDefinition(type)?.trigger;

/**
 * The tenant's active workflows of a trigger, remembered until a workflow or the tenant's
 * settings change (the 'workflows' memo topic).
 */
const activeWorkflowsOf = (platform: Platform, tenantId: string, trigger: string) =>
  platform.memo.remember('workflows', tenantId, trigger, () =>
    repo.activeWorkflows(platform.database, tenantId, trigger),
  );

/**
 * The engine takes only the events a trigger of one of the tenant's active workflows can
 * match: a tenant without one costs its ticket events no delivery.
 */
export const takesEvent =
  (platform: Platform) =>
  async (event: { tenantId: string; type: string }): Promise<boolean> => {
    const trigger = triggerOf(event.type);
    return (
      trigger !== undefined &&
      (await activeWorkflowsOf(platform, event.tenantId, trigger)).length > 0
    );
  };

/**
 * Runs a tenant may start per minute: AUTOMATION_RUNS_PER_MINUTE, or the server's
 * `AUTOMATION_RUNS_PER_MINUTE` environment variable (benches, tests; read like the time scale).
 */
export const runsPerMinute = (): number => {
  const value = Math.floor(Number(process.env.AUTOMATION_RUNS_PER_MINUTE));
  return Number.isFinite(value) && value >= 1 ? value : AUTOMATION_RUNS_PER_MINUTE;
};

/** The facts of a ticket as conditions name them (`ticket.status`, `requester.custom.vip`...). */
export function factsOf(facts: TicketFacts, changedFields: string[] | undefined): ConditionFacts {
  const out: Record<string, unknown> = {};
  const { ticket, requester } = facts;
  for (const key of [
    'subject',
    'status',
    'priority_id',
    'type_id',
    'service_id',
    'group_id',
    'assignee_id',
    'source',
    'cc',
    'due_at',
    'created_at',
    'reopen_count',
    'reply_count',
  ])
    out[`ticket.${key}`] = ticket[key];
  out['ticket.tag_ids'] = facts.tagIds;
  for (const [key, value] of Object.entries((ticket.custom as Record<string, unknown>) ?? {}))
    out[`ticket.custom.${key}`] = value;
  if (requester) {
    out['requester.name'] = requester.name;
    out['requester.gender'] = requester.gender;
    out['requester.tier'] = requester.tier;
    out['requester.phones'] = facts.requesterPhones;
    out['requester.emails'] = facts.requesterEmails;
    out['requester.tag_ids'] = facts.requesterTagIds;
    for (const [key, value] of Object.entries((requester.custom as Record<string, unknown>) ?? {}))
      out[`requester.custom.${key}`] = value;
  }
  if (changedFields) out.changed_fields = changedFields;
  return out;
}

const kindsOf = (facts: TicketFacts): Record<string, ConditionValueKind> =>
  Object.fromEntries(
    Object.entries(facts.customKinds).map(([path, type]) => [path, customFieldKind(type)]),
  );

/** The run's own context: what it keeps from its event (re-checks at fire time read it). */
interface RunContext {
  event_type: string;
  event_at: string;
  changed_fields?: string[];
}

/**
 * The outbox subscriber: the runs an event starts, then executes them in turn. A redelivered
 * event inserts no run again, and carries on the runs a crash left `running`.
 */
export async function handleEvent(platform: Platform, event: DeliveredEvent): Promise<void> {
  const trigger = triggerOf(event.type);
  if (!trigger) return;
  // An automatic mail (an auto-reply, a bounce) is kept but never answered: no workflow.
  if ((event.payload as { auto_submitted?: boolean }).auto_submitted) return;
  const db = platform.database;
  const workflows = await activeWorkflowsOf(platform, event.tenantId, trigger);
  if (workflows.length === 0) return;
  const facts = await repo.ticketFacts(db, event.tenantId, event.aggregateId);
  if (!facts) return;
  // A trigger's events carry the cause fields, and an update its changes (the catalogues').
  const payload = event.payload as {
    changes?: FieldChanges;
    workflow_depth?: number;
    workflow_origin?: number;
  };
  const changes = payload.changes;
  const context: RunContext = {
    event_type: trigger,
    event_at: event.createdAt,
    ...(trigger === 'ticket_updated' ? { changed_fields: Object.keys(changes ?? {}) } : {}),
  };
  const conditionFacts = factsOf(facts, context.changed_fields);
  const kinds = kindsOf(facts);
  const depth = Number(payload.workflow_depth ?? 0) || 0;
  // The starting event of the chain: carried by the events a run's ticket changes write; an
  // event without it (a person's change, a channel message, a call) starts a chain of its own.
  const origin = Number(payload.workflow_origin) || event.id;
  const tooDeep = depth >= WORKFLOW_DEPTH_LIMIT;
  const perMinute = runsPerMinute();
  const matching = workflows.filter((workflow) =>
    conditionsHold(workflow.steps.trigger.conditions, conditionFacts, kinds),
  );
  const runs = await repo.startRuns(
    db,
    matching.map((workflow) => ({
      tenantId: event.tenantId,
      workflowId: workflow.id,
      workflowVersion: workflow.version,
      eventId: event.id,
      ticketId: event.aggregateId,
      depth,
      originEventId: origin,
      status: tooDeep ? 'failed' : 'running',
      error: tooDeep ? M.depthLimit(WORKFLOW_DEPTH_LIMIT) : null,
      context: { ...context },
      runBudget: AUTOMATION_BUDGET.runs,
      budgetNote: M.budgetRuns(AUTOMATION_BUDGET.runs),
      rateIntervalMs: (60_000 / perMinute) * timeScale(),
      rateBurst: perMinute,
    })),
  );
  const byId = new Map(matching.map((workflow) => [workflow.id, workflow]));
  for (const run of runs) {
    // Over the tenant's pace: its turn comes with the job, as a delay's end does.
    if (run.status === 'waiting') {
      await sendResume(platform, run.id, run.resume_at ?? new Date());
      continue;
    }
    const workflow = byId.get(run.workflow_id);
    if (workflow) await execute(platform, run, workflow, facts, { fresh: true });
  }
}

const sendResume = (platform: Platform, runId: string, at: Date) =>
  platform.jobs.send(RESUME_JOB, { run_id: runId }, { startAfter: at, singletonKey: runId });

interface Position {
  /** Step rows already written (a resumed run), by node. */
  done: Map<string, repo.StepRow>;
  seq: number;
}

const parsedData = <Type extends WorkflowBlockType>(node: WorkflowNode) =>
  WORKFLOW_BLOCK_DATA[node.type as Type].safeParse(node.data);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Walks a run's graph from where it is. Pure blocks (start, branch, end) are written with the
 * next write; an action block is written `running` before its side effect, `completed` after;
 * a completed step is never done again (a resumed run skips it, following its recorded branch).
 */
async function execute(
  platform: Platform,
  run: repo.RunRow,
  workflow: { name: string; steps: WorkflowSteps },
  facts: TicketFacts,
  options: { fresh?: boolean; resumedNode?: string } = {},
): Promise<void> {
  const { steps } = workflow;
  const db = platform.database;
  const nodes = new Map(steps.nodes.map((node) => [node.id, node]));
  const position: Position = { done: new Map(), seq: 0 };
  if (!options.fresh) {
    for (const step of await repo.stepsOf(db, run.id)) {
      position.done.set(step.node_id, step);
      position.seq = Math.max(position.seq, step.seq);
    }
  }
  const context = run.context as unknown as RunContext;
  const conditionFacts = factsOf(facts, context.changed_fields);
  const kinds = kindsOf(facts);
  let pending: repo.StepWrite[] = [];
  const stepOf = (
    node: WorkflowNode,
    status: repo.StepWrite['status'],
    extra: Partial<repo.StepWrite> = {},
  ): repo.StepWrite => {
    const known = position.done.get(node.id);
    const seq = known?.seq ?? ++position.seq;
    if (!known)
      position.done.set(node.id, { node_id: node.id, status, attempt: 1, output: null, seq });
    return {
      nodeId: node.id,
      stepName: node.name || node.type,
      type: node.type,
      status,
      attempt: 1,
      input: null,
      output: null,
      error: null,
      seq,
      finished: status !== 'running' && status !== 'waiting',
      ...extra,
    };
  };
  const flush = async (run_?: repo.RunWrite, onlyIf?: 'running') => {
    const writes = pending;
    pending = [];
    return repo.writeProgress(db, {
      tenantId: run.tenant_id,
      runId: run.id,
      steps: writes,
      run: run_,
      onlyIf,
    });
  };
  const fail = async (node: WorkflowNode | undefined, error: string) => {
    if (node) pending.push(stepOf(node, 'failed', { error }));
    await flush(
      { status: 'failed', currentNodeId: node?.id ?? null, error, finished: true },
      'running',
    );
  };
  const nextOf = (node: WorkflowNode, branch?: 'yes' | 'no') => {
    const edge = steps.edges.find(
      (candidate) => candidate.source === node.id && (!branch || candidate.branch === branch),
    );
    return edge?.target;
  };

  let nodeId: string | undefined =
    run.current_node_id ?? steps.nodes.find((node) => node.type === 'start')?.id;
  for (;;) {
    const node = nodeId ? nodes.get(nodeId) : undefined;
    if (!node) return fail(undefined, M.blockMissing(nodeId ?? 'start'));
    const known = position.done.get(node.id);
    if (known?.status === 'completed') {
      if (node.type === 'end')
        return void (await flush(
          { status: 'completed', currentNodeId: node.id, finished: true },
          'running',
        ));
      nodeId = nextOf(
        node,
        node.type === 'branch' ? (known.output?.branch as 'yes' | 'no') : undefined,
      );
      if (!nodeId) return fail(node, M.noNext(node.id));
      continue;
    }
    const data = parsedData(node);
    if (!data.success) return fail(node, M.blockInvalid(node.id));
    switch (node.type) {
      case 'start':
        pending.push(stepOf(node, 'completed'));
        nodeId = nextOf(node);
        break;
      case 'end':
        pending.push(stepOf(node, 'completed'));
        await flush({ status: 'completed', currentNodeId: node.id, finished: true }, 'running');
        return;
      case 'branch': {
        const holds = conditionsHold(
          (data.data as WorkflowBlockData['branch']).conditions,
          conditionFacts,
          kinds,
        );
        const branch = holds ? 'yes' : 'no';
        pending.push(stepOf(node, 'completed', { output: { branch } }));
        nodeId = nextOf(node, branch);
        break;
      }
      case 'delay':
      case 'wait_until': {
        if (options.resumedNode === node.id) {
          pending.push(
            stepOf(node, 'completed', { output: { resumed_at: new Date().toISOString() } }),
          );
          nodeId = nextOf(node);
          break;
        }
        const now = new Date();
        const end =
          node.type === 'delay'
            ? delayEnd(data.data as WorkflowBlockData['delay'], now)
            : waitUntilEnd(
                data.data as WorkflowBlockData['wait_until'],
                new Date(context.event_at),
                now,
              );
        const fireAt = scaled(end, now);
        pending.push(stepOf(node, 'waiting', { output: { until: end.toISOString() } }));
        const waiting = await flush(
          { status: 'waiting', currentNodeId: node.id, resumeAt: fireAt, finished: false },
          'running',
        );
        if (waiting) await sendResume(platform, run.id, fireAt);
        return;
      }
      default: {
        if (!ACTION_BLOCK_TYPES.includes(node.type))
          return fail(node, M.blockUnsupported(node.type));
        const actionData = data.data as Record<string, unknown>;
        // A ticket change draws on the starting event's budget, once per block (a block already
        // under way when the run was resumed drew before).
        if (
          TICKET_ACTIONS.includes(node.type) &&
          !known &&
          !(await repo.takeTicketAction(db, {
            tenantId: run.tenant_id,
            originEventId: repo.originOf(run),
            limit: AUTOMATION_BUDGET.ticketActions,
          }))
        )
          return fail(node, M.budgetTicketActions(AUTOMATION_BUDGET.ticketActions));
        const tries = Number(actionData.retries ?? WORKFLOW_LIMITS.retriesDefault);
        let attempt = (known?.attempt ?? 0) + (known ? 1 : 0) || 1;
        for (;;) {
          const startedAt = new Date();
          // Written `running` before its side effect when something must be on record first:
          // an earlier action done (so that it is never done again), an earlier try, or a
          // resumed run (which may have been cancelled meanwhile: then nothing more happens).
          // A fresh run's first try of its first action goes without: should it die there,
          // the run is carried on from its start, as from a `running` step.
          const recordFirst =
            !options.fresh ||
            attempt > 1 ||
            pending.some((step) => ACTION_BLOCK_TYPES.includes(step.type as WorkflowBlockType));
          if (recordFirst) {
            pending.push(stepOf(node, 'running', { attempt, input: node.data }));
            if (
              !(await flush(
                { status: 'running', currentNodeId: node.id, finished: false },
                'running',
              ))
            )
              return;
          }
          const first = recordFirst ? {} : { input: node.data, startedAt };
          try {
            const output = await runAction(
              {
                platform,
                tenantId: run.tenant_id,
                runId: run.id,
                nodeId: node.id,
                depth: run.depth,
                originEventId: repo.originOf(run),
                workflowName: workflow.name,
                facts,
              },
              node.type,
              actionData,
            );
            pending.push(stepOf(node, 'completed', { attempt, output, ...first }));
            break;
          } catch (error) {
            const message = error instanceof Error ? error.message : String(error);
            const output = (error as { output?: unknown }).output ?? null;
            if (attempt >= tries) {
              pending.push(stepOf(node, 'failed', { attempt, output, error: message, ...first }));
              await flush(
                { status: 'failed', currentNodeId: node.id, error: message, finished: true },
                'running',
              );
              return;
            }
            pending.push(stepOf(node, 'running', { attempt, output, error: message, ...first }));
            await flush();
            await sleep(
              Math.min(BACKOFF_BASE_MS * 2 ** (attempt - 1), BACKOFF_MAX_MS) * timeScale(),
            );
            attempt += 1;
          }
        }
        nodeId = nextOf(node);
      }
    }
    if (!nodeId) return fail(node, M.noNext(node.id));
  }
}

/**
 * A delay's job: takes the waiting run (once, however often the job fires), checks the workflow
 * is still active and the trigger's conditions still hold on the ticket as it is now, then goes
 * on from the block after the delay; else the run ends as cancelled with the reason.
 */
export async function resumeRun(platform: Platform, runId: string): Promise<void> {
  const db = platform.database;
  const run = await repo.claimWaitingRun(db, runId);
  if (!run) return;
  // No block yet: a run that waited for its turn at the tenant's pace starts now.
  const queued = run.current_node_id === null;
  const node = run.current_node_id ?? '';
  const cancel = async (reason: string) => {
    await repo.writeProgress(db, {
      tenantId: run.tenant_id,
      runId: run.id,
      steps: queued
        ? []
        : [
            {
              nodeId: node,
              stepName: node,
              type: 'delay',
              status: 'cancel',
              attempt: 1,
              input: null,
              output: null,
              error: reason,
              seq: 0,
              finished: true,
            },
          ],
      run: { status: 'cancel', currentNodeId: run.current_node_id, error: reason, finished: true },
    });
  };
  const state = await repo.workflowState(db, run.workflow_id);
  if (!state || state.status !== 'active') return cancel(M.workflowInactive);
  if (!state.workflowEnabled) return cancel(M.automationDisabled);
  const facts = run.ticket_id
    ? await repo.ticketFacts(db, run.tenant_id, run.ticket_id)
    : undefined;
  if (!facts) return cancel(M.ticketGone);
  // Its trigger held when its event came: waiting for its turn changes nothing of that.
  if (queued) return execute(platform, run, state, facts, { fresh: true });
  const context = run.context as unknown as RunContext;
  if (
    !conditionsHold(
      state.steps.trigger.conditions,
      factsOf(facts, context.changed_fields),
      kindsOf(facts),
    )
  )
    return cancel(M.conditionsNoLonger);
  await execute(platform, run, state, facts, { resumedNode: node });
}

/** Runs a crash left behind: `running` ones carried on, waiting ones whose job was lost re-sent. */
export async function sweepRuns(platform: Platform): Promise<void> {
  const db = platform.database;
  for (const id of await repo.overdueWaitingRuns(db, OVERDUE_GRACE_MS * timeScale()))
    await platform.jobs.send(RESUME_JOB, { run_id: id }, { singletonKey: id });
  for (const run of await repo.claimStaleRuns(db, STALE_RUN_MS)) {
    const state = await repo.workflowState(db, run.workflow_id);
    const facts = run.ticket_id
      ? await repo.ticketFacts(db, run.tenant_id, run.ticket_id)
      : undefined;
    if (!state || !facts) {
      await repo.writeProgress(db, {
        tenantId: run.tenant_id,
        runId: run.id,
        steps: [],
        run: {
          status: 'cancel',
          currentNodeId: run.current_node_id,
          error: state ? M.ticketGone : M.workflowInactive,
          finished: true,
        },
      });
      continue;
    }
    await execute(platform, run, state, facts).catch((error: unknown) =>
      platform.log.error({ err: error, runId: run.id }, 'automation run failed'),
    );
  }
}

/** The hourly prune of starting events' budgets (BUDGET_RETENTION_MS). */
export const pruneBudgets = (platform: Pick<Platform, 'database'>) =>
  repo.pruneBudgets(platform.database, new Date(Date.now() - BUDGET_RETENTION_MS));
