import type { SQL } from 'drizzle-orm';
import type { RecordRef } from '@omnicare/shared/platform/record-ref';
import { can } from '@omnicare/shared/users/permissions';
import { isUnsolved } from '@omnicare/shared/tickets/ticket-enums';
import {
  TICKET_MESSAGES,
  type TicketBody,
  type TicketDetail,
  type TicketUpdateBody,
} from '@omnicare/shared/tickets/tickets.schemas';
import type { Platform } from '../../platform/context.js';
import type { Database, Transaction } from '../../platform/db.js';
import type { AuthContext } from '../../platform/auth.js';
import { AppError, fieldError, notFound } from '../../platform/errors.js';
import {
  appendEvent,
  appendEventIfWritten,
  appendEvents,
  type DomainEvent,
} from '../../platform/outbox.js';
import { createBatcher } from '../../platform/batcher.js';
import { firstBreach, refreshTicketSla, slaChange, slaWritten } from './ticket-sla.js';
import { auditInsert, auditInserts, writeAudit, type AuditInput } from '../audit/audit.service.js';
import { autoAssignTicket, handOutQueuesOf } from '../routing/assignment.js';
import { snapshotOf, snapshotChanges, eventChanges } from './ticket-activity.js';
import * as repo from './tickets.repository.js';
import { readTicketRow, refOf, ticketConfig, ticketScope, toDetail } from './ticket-queries.js';
import {
  actorOf,
  checkReferences,
  customToStore,
  statusStamps,
  systemAuth,
  ticketColumns,
  type TicketWriteOptions,
} from './ticket-writes.js';

/*
 * The change pipeline: every change of a ticket (a person's update, a bulk item, a workflow
 * run's) is planned against the ticket as it is (`planChange`), then written (`writeChange`)
 * within `applyChanges`' transaction, or, for a person's update of one ticket, in one
 * statement without a transaction when it can be (`changeAsRead`). The requester's reply
 * (`reopenOnRequesterReply`) is the channels' light path.
 */

type Db = Database | Transaction;

/** A stored ticket as the body that would save it unchanged. */
function bodyOf(ticket: TicketDetail): TicketBody {
  return {
    subject: ticket.subject,
    description: ticket.description,
    requester_id: ticket.requester?._id ?? null,
    organization_id: ticket.organization?._id ?? null,
    status: ticket.status,
    priority_id: ticket.priority?._id ?? null,
    type_id: ticket.type?._id ?? null,
    service_id: ticket.service?._id ?? null,
    group_id: ticket.group?._id ?? null,
    assignee_id: ticket.assignee?._id ?? null,
    source: ticket.source as TicketBody['source'],
    cc: ticket.cc,
    tag_ids: ticket.tags.map((t) => t._id),
    follower_ids: ticket.followers.map((f) => f._id),
    custom: ticket.custom,
    due_at: ticket.due_at,
  };
}

const sameValue = (a: unknown, b: unknown) =>
  JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** One ticket's change: `changesOf` gets the ticket as it is and answers the fields to change. */
export interface TicketChange {
  ref: RecordRef;
  changesOf: (before: TicketDetail) => TicketUpdateBody;
  options?: TicketWriteOptions;
}

/** A change's end: done (`before` equals `after` when nothing changed), or refused alone. */
export type ChangeOutcome =
  { ok: true; before: TicketDetail; after: TicketDetail } | { ok: false; error: AppError };

/** The ticket after a change, or the change's refusal thrown. */
export function afterOf(outcome: ChangeOutcome | undefined): TicketDetail {
  if (!outcome) throw new Error('a change without its outcome');
  if (!outcome.ok) throw outcome.error;
  return outcome.after;
}

/** A change checked against the locked ticket, ready to be written. */
interface PlannedChange {
  row: repo.TicketDetailRow;
  before: TicketDetail;
  body: TicketBody;
  changed: (field: keyof TicketBody) => boolean;
  values: Parameters<typeof repo.updateTicket>[3];
  options: TicketWriteOptions;
}

/**
 * Checks a change against the locked ticket and answers its column values, or only the ticket
 * (`unchanged`) when nothing would change (a workflow setting a status the ticket has). Writes nothing, so a
 * refusal (AppError) leaves the transaction as it was. Closed is final but for administrators.
 */
async function planChange(
  platform: Platform,
  tx: Db,
  auth: AuthContext,
  row: repo.TicketDetailRow,
  change: TicketChange,
): Promise<PlannedChange | { unchanged: TicketDetail }> {
  const before = toDetail(row);
  const sent = Object.fromEntries(
    Object.entries(change.changesOf(before)).filter(([, value]) => value !== undefined),
  ) as TicketUpdateBody;
  if (before.status === 'closed' && !can(auth.role, 'ticket.change_closed'))
    throw fieldError('status', TICKET_MESSAGES.closed);
  const stored = bodyOf(before);
  const body: TicketBody = { ...stored, ...sent };
  const changed = (field: keyof TicketBody) =>
    field in sent && !sameValue(sent[field], stored[field]);
  if (!(Object.keys(sent) as (keyof TicketBody)[]).some(changed)) return { unchanged: before };
  await checkReferences(platform, tx, auth.tenantId, body, changed);
  const custom =
    sent.custom === undefined
      ? before.custom
      : await customToStore(platform, auth.tenantId, sent.custom, before.custom);
  const columns = {
    // Unchanged descriptions are kept as stored (sanitising twice could still alter them).
    ...ticketColumns(
      { ...body, custom },
      changed('description') ? undefined : row.ticket.description,
    ),
    ...statusStamps(before.status, body.status, row.ticket),
    updatedBy: actorOf(auth),
  };
  // Only the columns that change are written: a long description or custom values are not
  // sent again (nor stored again) for a status change.
  const values = Object.fromEntries(
    Object.entries(columns).filter(
      ([column, value]) => !sameValue(value, row.ticket[column as keyof typeof row.ticket]),
    ),
  ) as Partial<typeof columns>;
  return { row, before, body, changed, values, options: change.options ?? {} };
}

const REREAD_WHEN_CHANGED: (keyof TicketBody)[] = [
  'requester_id',
  'organization_id',
  'group_id',
  'assignee_id',
  'tag_ids',
  'follower_ids',
  'custom',
];

/** The priority, type and service names a change gives the ticket (remembered, not read back). */
async function configNames(
  platform: Platform,
  tx: Db,
  tenantId: string,
  row: repo.TicketDetailRow,
  values: PlannedChange['values'],
): Promise<Partial<Pick<repo.TicketDetailRow, 'priority' | 'typeName' | 'serviceName'>>> {
  const { priorityId, typeId, serviceId } = values;
  if (priorityId === undefined && typeId === undefined && serviceId === undefined) return {};
  const config = await ticketConfig(platform, tx, tenantId);
  return {
    priority:
      priorityId === undefined
        ? row.priority
        : (priorityId && config.priority.get(priorityId)) || null,
    typeName:
      typeId === undefined ? row.typeName : (typeId && config.type.get(typeId)?.name) || null,
    serviceName:
      serviceId === undefined
        ? row.serviceName
        : (serviceId && config.service.get(serviceId)?.name) || null,
  };
}

/**
 * Changes of a transaction whose ticket after the change is known without reading it back: their
 * writes (the row's update, its event and audit entry) wait, and go out together in one
 * statement, before anything that could read them or write after them, and before the commit.
 */
interface HeldWrite {
  ticketId: string;
  set: Parameters<typeof repo.ticketUpdatesSql>[1][number]['set'];
  event: DomainEvent;
  audit: AuditInput;
}

async function writeHeld(tx: Transaction, held: HeldWrite[]) {
  const writes = held.splice(0);
  const [first] = writes;
  if (!first) return;
  await appendEvents(
    tx,
    writes.map((write) => write.event),
    [
      ...repo.ticketUpdatesSql(
        first.event.tenantId,
        writes.map((write) => ({ id: write.ticketId, set: write.set })),
      ),
      auditInserts(writes.map((write) => write.audit)),
    ],
  );
}

/**
 * What a planned change writes, as far as it is known before writing: the SLA it gives the
 * ticket (written with the row: one new version of it, not two), the columns to set and, when
 * no name it shows needs reading back, the ticket after it (`asRead`). The names are as read,
 * remembered for a priority, type or service, and the caller's for its updater; another
 * reference changed is read back, and custom values too, as jsonb orders their keys.
 */
async function changeWrite(
  platform: Platform,
  db: Db,
  auth: AuthContext,
  { row, changed, values }: PlannedChange,
) {
  const sla = await slaChange(
    db as Transaction,
    auth.tenantId,
    { ...row.ticket, ...values },
    { resolve: changed('priority_id') || changed('type_id'), memo: platform.memo },
  );
  const set = repo.updatedColumns({ ...values, ...sla });
  const asRead: repo.TicketDetailRow | undefined = REREAD_WHEN_CHANGED.some(changed)
    ? undefined
    : {
        ...row,
        ticket: { ...row.ticket, ...set },
        updatedByName: actorOf(auth) ? auth.userName : null,
        ...(await configNames(platform, db, auth.tenantId, row, values)),
      };
  return { sla, set, asRead, breaches: sla !== undefined && firstBreach(row.ticket, sla) };
}

/** A change's `ticket.updated` event and audit entry; none when nothing the ticket shows changed. */
function changeRecords(
  auth: AuthContext,
  plan: PlannedChange,
  after: TicketDetail,
): { event: DomainEvent; audit: AuditInput } | undefined {
  const id = plan.row.ticket.id;
  const { before: was, after: now } = snapshotChanges(snapshotOf(plan.before), snapshotOf(after));
  if (Object.keys(now).length === 0) return undefined;
  return {
    event: {
      tenantId: auth.tenantId,
      aggregate: 'ticket',
      aggregateId: id,
      type: 'ticket.updated',
      payload: {
        changes: eventChanges(was, now),
        ...plan.options.eventPayload,
        ...(plan.options.via ? { via: plan.options.via } : {}),
      },
      actorId: actorOf(auth),
    },
    audit: {
      tenantId: auth.tenantId,
      impersonatorId: auth.impersonatorId,
      actorId: actorOf(auth),
      action: 'update',
      entity: 'ticket',
      entityId: id,
      before: was,
      after: now,
      via: plan.options.via,
    },
  };
}

/**
 * Moved into a department, left without an assignee or reopened: automatic assignment may pick
 * someone (not the one just taken off it).
 */
const mayAutoAssign = (plan: PlannedChange, after: TicketDetail) =>
  plan.changed('group_id') ||
  plan.changed('assignee_id') ||
  (!isUnsolved(plan.before.status) && isUnsolved(after.status));

/**
 * Writes a planned change: the row, its SLA, tags and followers, then (when the ticket as read
 * back differs) the audit entry and the `ticket.updated` event with the fields before and
 * after, and automatic assignment. Answers the ticket as it now stands. A change whose ticket
 * is known as read is held (`held`, see HeldWrite) rather than written.
 */
async function writeChange(
  platform: Platform,
  tx: Transaction,
  auth: AuthContext,
  plan: PlannedChange,
  held: HeldWrite[],
) {
  const { row, before, body, changed } = plan;
  const id = row.ticket.id;
  const { sla, set, asRead, breaches } = await changeWrite(platform, tx, auth, plan);
  let afterRow = asRead;
  if (!afterRow) {
    await writeHeld(tx, held);
    await repo.updateTicket(tx, auth.tenantId, id, set);
    if (changed('tag_ids'))
      await repo.replaceTags(tx, auth.tenantId, id, [...new Set(body.tag_ids)]);
    if (changed('follower_ids'))
      await repo.replaceFollowers(tx, auth.tenantId, id, [...new Set(body.follower_ids)]);
    afterRow = await readTicketRow(tx, auth.tenantId, id);
  }
  if (sla && breaches) {
    // The breach's event follows those of the ticket's earlier changes.
    await writeHeld(tx, held);
    await slaWritten(tx, auth.tenantId, id, row.ticket, sla);
  }
  const after = toDetail(afterRow);
  const records = changeRecords(auth, plan, after);
  if (!records) {
    if (asRead) {
      await writeHeld(tx, held);
      await repo.updateTicket(tx, auth.tenantId, id, set);
    }
    return { row: afterRow, after, auto: undefined };
  }
  if (asRead) held.push({ ticketId: id, set, ...records });
  else await appendEvent(tx, records.event, auditInsert(records.audit));
  const assigns = mayAutoAssign(plan, after);
  // Automatic assignment counts the agents' open tickets: the held changes first.
  if (assigns) await writeHeld(tx, held);
  const auto = assigns
    ? await autoAssignTicket(
        tx,
        auth.tenantId,
        id,
        changed('assignee_id') ? before.assignee?._id : undefined,
      )
    : undefined;
  if (!auto) return { row: afterRow, after, auto };
  const assigned = await readTicketRow(tx, auth.tenantId, id);
  return { row: assigned, after: toDetail(assigned), auto };
}

/** The tickets changes name, locked (FOR UPDATE, in id order) within the caller's scope. */
async function lockTickets(
  tx: Transaction,
  tenantId: string,
  refs: RecordRef[],
  scope: SQL | undefined,
): Promise<(ref: RecordRef) => repo.TicketDetailRow | undefined> {
  const [only] = refs;
  if (refs.length === 1 && only) {
    const row = await repo.findTicket(tx, tenantId, only, scope, { lock: true });
    return () => row;
  }
  const idOf = (ref: RecordRef) => {
    if (!('id' in ref)) throw new Error('changes of several tickets name them by id');
    return ref.id;
  };
  const rows = await repo.lockTicketsById(tx, tenantId, [...new Set(refs.map(idOf))], scope);
  const byId = new Map(rows.map((row) => [row.ticket.id, row]));
  return (ref) => byId.get(idOf(ref));
}

/**
 * Changes of one caller's tickets in one transaction, under the tickets' locks: each checked
 * and written in turn, a later change of a ticket seeing the earlier one. A refused change
 * (outside the scope, closed, a reference missing) fails alone; a write that fails rolls the
 * others back with it, and each then goes again on its own. Notifications and queue hand-outs
 * follow the commit.
 */
export async function applyChanges(
  platform: Platform,
  auth: AuthContext,
  changes: TicketChange[],
  scope: SQL | undefined,
  /** Records the changes' outcomes in their transaction (a bulk job's items). */
  record?: (tx: Transaction, changes: TicketChange[], outcomes: ChangeOutcome[]) => Promise<void>,
): Promise<ChangeOutcome[]> {
  const written: { before: TicketDetail; after: TicketDetail }[] = [];
  let outcomes: ChangeOutcome[];
  let recordFailed = false;
  try {
    outcomes = await platform.db.transaction(async (tx) => {
      const rowOf = await lockTickets(
        tx,
        auth.tenantId,
        changes.map((change) => change.ref),
        scope,
      );
      const current = new Map<string, repo.TicketDetailRow>();
      const held: HeldWrite[] = [];
      const done: ChangeOutcome[] = [];
      for (const change of changes) {
        const locked = rowOf(change.ref);
        const row = locked && (current.get(locked.ticket.id) ?? locked);
        if (!row) {
          done.push({ ok: false, error: notFound(TICKET_MESSAGES.notFound) });
          continue;
        }
        let plan: Awaited<ReturnType<typeof planChange>>;
        try {
          plan = await planChange(platform, tx, auth, row, change);
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          done.push({ ok: false, error });
          continue;
        }
        if ('unchanged' in plan) {
          done.push({ ok: true, before: plan.unchanged, after: plan.unchanged });
          continue;
        }
        const result = await writeChange(platform, tx, auth, plan, held);
        current.set(row.ticket.id, result.row);
        written.push({ before: plan.before, after: result.after });
        done.push({ ok: true, before: plan.before, after: result.after });
      }
      await writeHeld(tx, held);
      if (record)
        await record(tx, changes, done).catch((error: unknown) => {
          recordFailed = true;
          throw error;
        });
      return done;
    });
  } catch (error) {
    if (changes.length === 1 || recordFailed) throw error;
    outcomes = [];
    for (const change of changes) {
      try {
        outcomes.push(...(await applyChanges(platform, auth, [change], scope, record)));
      } catch (alone) {
        if (!(alone instanceof AppError)) throw alone;
        const refused: ChangeOutcome = { ok: false, error: alone };
        if (record) await platform.db.transaction((tx) => record(tx, [change], [refused]));
        outcomes.push(refused);
      }
    }
    return outcomes;
  }
  await afterCommit(platform, auth, written);
  return outcomes;
}

/**
 * After changes committed: the queues of an assignee who has room again. (Assignees are notified
 * by the outbox's `notifications` subscriber, from the changes' events.)
 */
async function afterCommit(
  platform: Platform,
  auth: AuthContext,
  written: { before: TicketDetail; after: TicketDetail }[],
) {
  for (const { before, after } of written) {
    // The previous assignee has room again: their departments' queues may have waiting tickets.
    if (
      before.assignee &&
      isUnsolved(before.status) &&
      (after.assignee?._id !== before.assignee._id || !isUnsolved(after.status))
    )
      await handOutQueuesOf(platform, auth.tenantId, before.assignee._id);
  }
}

/**
 * A person's change of one ticket in two round trips rather than four (begin, lock, write,
 * commit): the ticket read without a lock and the change planned on it, then its row, event
 * and audit entry written in one statement, only if the row is still the version read (xmin).
 * Answers undefined, having written nothing, when the change needs more than that write (a
 * name to read back, an SLA breach, automatic assignment), is refused, or the row changed
 * meanwhile: applyChanges then does it under the row's lock.
 */
async function changeAsRead(
  platform: Platform,
  auth: AuthContext,
  change: TicketChange,
  scope: SQL | undefined,
): Promise<TicketDetail | undefined> {
  const db = platform.db;
  const row = await repo.findTicket(db, auth.tenantId, change.ref, scope);
  if (!row) return undefined;
  let plan: Awaited<ReturnType<typeof planChange>>;
  try {
    plan = await planChange(platform, db, auth, row, change);
  } catch (error) {
    if (error instanceof AppError) return undefined;
    throw error;
  }
  if ('unchanged' in plan) return plan.unchanged;
  const { set, asRead, breaches } = await changeWrite(platform, db, auth, plan);
  if (!asRead || breaches) return undefined;
  const after = toDetail(asRead);
  const records = changeRecords(auth, plan, after);
  if (!records || mayAutoAssign(plan, after)) return undefined;
  const written = await appendEventIfWritten(
    db,
    records.event,
    repo.ticketUpdateSql(db, auth.tenantId, row.ticket.id, set, row.version),
    (changed) => auditInsert(records.audit, changed),
  );
  if (!written) return undefined;
  await afterCommit(platform, auth, [{ before: plan.before, after }]);
  return after;
}

/**
 * PUT /v2/tickets/{id}: a partial update. The answer is read past the caller's scope, so
 * handing a ticket to someone else answers 200 though the caller may lose it.
 */
export async function updateTicket(
  platform: Platform,
  auth: AuthContext,
  ref: string | RecordRef,
  changes: TicketUpdateBody,
  options: TicketWriteOptions = {},
): Promise<TicketDetail> {
  const change = { ref: refOf(ref), changesOf: () => changes, options };
  const scope = ticketScope(auth);
  const asRead = await changeAsRead(platform, auth, change, scope);
  if (asRead) return asRead;
  const [outcome] = await applyChanges(platform, auth, [change], scope);
  return afterOf(outcome);
}

/** How many ticket changes one transaction takes at most (it holds their tickets' locks). */
export const CHANGE_WAVE = 50;
/** How many such transactions of the system's changes of one tenant may be on their way at once. */
const CHANGE_LANES = 4;
const systemChangeBatchers = new WeakMap<
  Platform['db'],
  Map<string, (change: TicketChange) => Promise<ChangeOutcome>>
>();

/**
 * `updateTicket` by the system, for many callers at once (workflow runs, jobs): the changes of a
 * tenant's tickets that come while one transaction is on its way share the next one
 * (createBatcher), so a burst costs one begin, lock statement and commit per wave. `changes`
 * may be worked out from the ticket as it is under its lock (none: it stays as it is).
 */
export async function updateTicketAsSystem(
  platform: Platform,
  tenantId: string,
  ticketId: string,
  changes: TicketUpdateBody | ((before: TicketDetail) => TicketUpdateBody),
  options: TicketWriteOptions = {},
): Promise<TicketDetail> {
  let byTenant = systemChangeBatchers.get(platform.db);
  if (!byTenant) systemChangeBatchers.set(platform.db, (byTenant = new Map()));
  let batcher = byTenant.get(tenantId);
  if (!batcher) {
    const auth = systemAuth(tenantId);
    batcher = createBatcher(
      (wave: TicketChange[]) => applyChanges(platform, auth, wave, undefined),
      { max: CHANGE_WAVE, lanes: CHANGE_LANES },
    );
    byTenant.set(tenantId, batcher);
  }
  const changesOf = typeof changes === 'function' ? changes : () => changes;
  return afterOf(await batcher({ ref: { id: ticketId }, changesOf, options }));
}

/**
 * The requester replied (a channel calls this in the transaction that stores the reply): a
 * solved ticket reopens (counted in reopen_count), a pending one goes back to open. Answers
 * whether the status changed.
 */
export async function reopenOnRequesterReply(
  tx: Transaction,
  ticket: { id: string; tenantId: string; status: string },
): Promise<boolean> {
  if (ticket.status !== 'solved' && ticket.status !== 'pending') return false;
  const row = await repo.findTicket(tx, ticket.tenantId, { id: ticket.id });
  if (!row) return false;
  const reopened = ticket.status === 'solved';
  await repo.setStatus(tx, ticket.tenantId, ticket.id, {
    status: 'open',
    solvedAt: reopened ? null : row.ticket.solvedAt,
    reopenCount: row.ticket.reopenCount + (reopened ? 1 : 0),
  });
  await refreshTicketSla(tx, ticket.tenantId, ticket.id);
  const changes = { status: { before: ticket.status, after: 'open' } };
  await appendEvent(tx, {
    tenantId: ticket.tenantId,
    aggregate: 'ticket',
    aggregateId: ticket.id,
    type: 'ticket.updated',
    payload: { changes, reason: 'requester_reply' },
    actorId: null,
  });
  await writeAudit(tx, {
    tenantId: ticket.tenantId,
    impersonatorId: null,
    actorId: null,
    action: 'reopen',
    entity: 'ticket',
    entityId: ticket.id,
    before: { status: ticket.status },
    after: { status: 'open' },
  });
  return true;
}

/** A customer merge: the merged customer's tickets go to the survivor, in the merge's transaction. */
export const moveTicketsToCustomer = repo.moveRequester;
