import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import type { CallStatus } from '@omnicare/shared/telephony/call-enums';
import type { QueueOverflow, QueueStrategy } from '@omnicare/shared/telephony/queues.schemas';
import { createdAt, id, timestamptz, updatedAt } from './columns.js';
import { customers } from './customers.js';
import { tenants } from './tenants.js';
import { tickets } from './tickets.js';
import { users } from './users.js';

/** A call queue of the switchboard: the hotlines it answers, its members and its rules. */
export const queues = pgTable(
  'queues',
  {
    id: id(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    name: text('name').notNull(),
    strategy: text('strategy').$type<QueueStrategy>().notNull().default('longest_idle'),
    ringTimeoutSeconds: integer('ring_timeout_seconds').notNull().default(20),
    maxWaitSeconds: integer('max_wait_seconds').notNull().default(120),
    overflowAction: text('overflow_action').$type<QueueOverflow>().notNull().default('none'),
    /** Restricted: a queue used as another's overflow is not deleted (the service says where). */
    overflowQueueId: uuid('overflow_queue_id').references((): AnyPgColumn => queues.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('queues_tenant_idx').on(table.tenantId)],
);

/**
 * The hotlines a queue answers. Unique across tenants: the gateway knows only the dialled
 * number, and the tenant of an inbound call is the one whose queue answers it.
 */
export const queueHotlines = pgTable(
  'queue_hotlines',
  {
    hotline: text('hotline').primaryKey(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    queueId: uuid('queue_id')
      .notNull()
      .references(() => queues.id, { onDelete: 'cascade' }),
  },
  (table) => [index('queue_hotlines_queue_idx').on(table.queueId)],
);

/** A queue's agents with the fairness cursors of its two strategies. */
export const queueMembers = pgTable(
  'queue_members',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    queueId: uuid('queue_id')
      .notNull()
      .references(() => queues.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    /** The end of the member's last call (any queue): longest idle rings the oldest first. */
    lastCallEndedAt: timestamptz('last_call_ended_at'),
    /** When this queue last rang the member: round robin rings the oldest first. */
    lastOfferedAt: timestamptz('last_offered_at'),
  },
  (table) => [
    primaryKey({ columns: [table.queueId, table.userId] }),
    index('queue_members_user_idx').on(table.userId),
  ],
);

/** One transfer of a call, in the order they happened. */
export interface CallTransfer {
  at: string;
  from_user_id: string | null;
  to_user_id: string | null;
  /** A transfer to a queue's hotline: that queue (to_user_id null). */
  to_queue_id?: string | null;
  /** An attended transfer (REFER with Replaces); absent for a blind one. */
  attended?: boolean;
}

/**
 * One row per call id and tenant. Routing writes the queue, the agent being rung and the tried
 * agents; the rest is worked out again from the call's events (call_events) after each one,
 * so events arriving twice or out of order give the same row.
 */
export const calls = pgTable(
  'calls',
  {
    id: id(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    callId: text('call_id').notNull(),
    direction: text('direction').notNull().default('CALL_INBOUND'),
    fromNumber: text('from_number').notNull().default(''),
    toNumber: text('to_number').notNull().default(''),
    /** National significant numbers of both ends, for the history's number filter. */
    fromNational: text('from_national').notNull().default(''),
    toNational: text('to_national').notNull().default(''),
    hotline: text('hotline'),
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    queueId: uuid('queue_id').references(() => queues.id, { onDelete: 'set null' }),
    agentId: uuid('agent_id').references(() => users.id),
    deviceType: smallint('device_type'),
    status: text('status').$type<CallStatus>().notNull().default('QUEUEING'),
    startedAt: timestamptz('started_at').notNull().defaultNow(),
    /** When the call entered its current queue (the maximum wait counts from here). */
    queuedAt: timestamptz('queued_at'),
    /** When routing last offered it to `agent_id` (a ring not followed by events expires). */
    offeredAt: timestamptz('offered_at'),
    answeredAt: timestamptz('answered_at'),
    endedAt: timestamptz('ended_at'),
    talkSeconds: integer('talk_seconds').notNull().default(0),
    /** Of the talk, the time on hold (the gateway's call.held / call.resumed). */
    holdSeconds: integer('hold_seconds').notNull().default(0),
    /** The customer hung up while the call was on hold. */
    endedOnHold: boolean('ended_on_hold').notNull().default(false),
    /** On hold now: since when (the monitors show it); null once resumed or ended. */
    heldSince: timestamptz('held_since'),
    waitSeconds: integer('wait_seconds').notNull().default(0),
    /**
     * Its agent's after-call work (wrap-up) runs until then: routing offers them no call. Set
     * when an answered call ends, cleared once the wrap-up ends (button, time, another call).
     */
    acwUntil: timestamptz('acw_until'),
    /** The after-call work recorded once the wrap-up ended (seconds from the call's end). */
    acwSeconds: integer('acw_seconds').notNull().default(0),
    result: text('result'),
    cause: text('cause'),
    transfers: jsonb('transfers').$type<CallTransfer[]>().notNull().default([]),
    /** Users routing has rung for this call. */
    triedUserIds: uuid('tried_user_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    voicemail: text('voicemail'),
    ticketId: uuid('ticket_id').references(() => tickets.id, { onDelete: 'set null' }),
    /** Taken by the one writer making the call's ticket (expires, in case it died). */
    ticketClaimedAt: timestamptz('ticket_claimed_at'),
    campaignId: text('campaign_id'),
    /** The gateway instance handling it (its events say): its restart ends the call. */
    gateway: text('gateway'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('calls_tenant_call_unique').on(table.tenantId, table.callId),
    index('calls_call_id_idx').on(table.callId),
    index('calls_tenant_started_idx').on(table.tenantId, table.startedAt, table.id),
    index('calls_tenant_agent_started_idx').on(table.tenantId, table.agentId, table.startedAt),
    // The "is this agent in a call" test of every routing decision.
    index('calls_live_agent_idx')
      .on(table.agentId)
      .where(sql`ended_at is null`),
    index('calls_ticket_idx').on(table.ticketId),
    // Agents in wrap-up (routing, monitors) and the wrap-ups whose time ran out (the sweep).
    index('calls_wrap_up_idx')
      .on(table.agentId, table.acwUntil)
      .where(sql`acw_until is not null`),
    // Reports: a customer's earlier calls.
    index('calls_customer_started_idx').on(table.customerId, table.startedAt),
    // A restarted gateway's calls still open.
    index('calls_live_gateway_idx')
      .on(table.gateway)
      .where(sql`ended_at is null`),
    // The history's number filter: digits from the start or anywhere in either end's number.
    index('calls_from_national_trgm_idx').using('gin', sql`${table.fromNational} gin_trgm_ops`),
    index('calls_to_national_trgm_idx').using('gin', sql`${table.toNational} gin_trgm_ops`),
  ],
);

/** The gateway's events as received: the trace of a call, and what makes ingestion idempotent. */
export const callEvents = pgTable(
  'call_events',
  {
    id: id(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    callRowId: uuid('call_row_id')
      .notNull()
      .references(() => calls.id, { onDelete: 'cascade' }),
    callId: text('call_id').notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    at: timestamptz('at').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    receivedAt: createdAt(),
  },
  (table) => [
    uniqueIndex('call_events_unique').on(table.tenantId, table.callId, table.eventId),
    index('call_events_call_idx').on(table.callRowId, table.at),
  ],
);
