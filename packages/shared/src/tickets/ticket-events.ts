import { z } from 'zod';
import { auditVia } from '../audit/activity.schemas.js';
import { defineEvents, eventCauseFields } from '../platform/domain-events.js';

/**
 * Why the system changed a ticket, when a person did not (`ticket.updated`'s `reason`): the
 * notifications subscriber and automatic assignment read it.
 */
export const TICKET_CHANGE_REASONS = [
  'sla_breach',
  'mention',
  'requester_reply',
  'auto_assign',
  'logout_reassign',
  'away_requeue',
  'call_answered',
] as const;
export type TicketChangeReason = (typeof TICKET_CHANGE_REASONS)[number];

const fieldChanges = z.record(
  z.string(),
  z.strictObject({ before: z.unknown(), after: z.unknown() }),
);

/** The tickets module's domain events (its manifest registers them with the outbox). */
export const TICKET_EVENTS = defineEvents('ticket', {
  'ticket.created': {
    payload: z.strictObject({
      /** The ticket as created (a split's new ticket names its original instead). */
      ticket: z.record(z.string(), z.unknown()).optional(),
      subject: z.string().optional(),
      status: z.string().optional(),
      split_from: z.string().optional(),
      comment_id: z.string().optional(),
      /** Made by an automatic mail (an auto-reply, a bounce): no workflow starts from it. */
      auto_submitted: z.boolean().optional(),
      /** What made it when no person did (a workflow): the live push names it. */
      via: auditVia.optional(),
      ...eventCauseFields,
    }),
    trigger: 'ticket_created',
  },
  'ticket.updated': {
    payload: z.strictObject({
      changes: fieldChanges,
      reason: z.enum(TICKET_CHANGE_REASONS).optional(),
      /** What made the change (a macro, a workflow, a job): the live push names it. */
      via: auditVia.optional(),
      ...eventCauseFields,
    }),
    trigger: 'ticket_updated',
  },
  'ticket.deleted': {
    payload: z.strictObject({ code: z.string(), subject: z.string() }),
  },
  /**
   * A call attached to the ticket by a person (the call history's 'Tạo ticket' or 'Gắn vào
   * ticket'): the ticket's viewers read its calls again. `call_id` is the call's record id.
   */
  'ticket.call_linked': {
    payload: z.strictObject({ call_id: z.string() }),
  },
  /** A conversation's satisfaction survey answered by the customer (1–5, with a comment). */
  'ticket.rated': {
    payload: z.strictObject({
      rating: z.number().int().min(1).max(5),
      comment: z.string().nullable(),
    }),
  },
  'ticket.commented': {
    payload: z.strictObject({
      comment_id: z.string(),
      public: z.boolean(),
      author_type: z.string(),
      author_id: z.string().nullable(),
      attachments: z.number().int().min(0),
      mentions: z.array(z.string()),
      /** An automatic mail (an auto-reply, a bounce): no workflow starts from it. */
      auto_submitted: z.boolean().optional(),
      /** An outbound message waiting for its channel's provider (the channel's sender takes it). */
      queued: z.boolean().optional(),
    }),
  },
});
