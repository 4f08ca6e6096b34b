import { toSearchKey } from '@omnicare/shared/customers/normalize';
import {
  TICKET_CONVERSATION_MESSAGES as M,
  type TicketLinkKind,
  type TicketLinkView,
  type TicketMergeView,
  type TicketRefView,
} from '@omnicare/shared/tickets/ticket-comments.schemas';
import {
  formatTicketCode,
  isUnsolved,
  type TicketStatus,
} from '@omnicare/shared/tickets/ticket-enums';
import {
  TICKET_BULK_MESSAGES,
  type TicketBulkBody,
  type TicketBulkItem,
} from '@omnicare/shared/tickets/tickets.schemas';
import type { RecordRef } from '@omnicare/shared/platform/record-ref';
import type { AuthContext } from '../../platform/auth.js';
import type { Platform } from '../../platform/context.js';
import type { Transaction } from '../../platform/db.js';
import { AppError, fieldError, notFound } from '../../platform/errors.js';
import { appendEvent } from '../../platform/outbox.js';
import { plainText } from '../../platform/rich-text.js';
import { writeAudit } from '../audit/audit.service.js';
import { refreshTicketSla } from './ticket-sla.js';
import { autoAssignTicket, handOutQueuesOf } from '../routing/assignment.js';
import { getVisibleTicketRow } from './ticket-queries.js';
import { writeRequesterTimeline } from './ticket-create.js';
import type { BulkRecorder } from './ticket-bulk.service.js';
import { copyAttachments, writeComment } from './ticket-comments.service.js';
import * as repo from './ticket-comments.repository.js';

const refOf = (ticket: repo.TicketRow): TicketRefView => ({
  _id: ticket.id,
  code: formatTicketCode(ticket.number),
  subject: ticket.subject,
  status: ticket.status as TicketStatus,
});

/** A ticket the body names: the caller must see it, else 422 on that field. */
async function namedTicket(
  platform: Platform,
  auth: AuthContext,
  id: string,
  param: string,
  message: string,
) {
  try {
    return await getVisibleTicketRow(platform, auth, id);
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 404) throw fieldError(param, message);
    throw error;
  }
}

/** An internal note linking to another ticket ('Đã gộp vào ticket #000123'). */
const noteAbout = (text: (code: string) => string, other: repo.TicketRow) =>
  `<p>${text(`<a href="/tickets/${other.number}">${formatTicketCode(other.number)}</a>`)}</p>`;

async function writeNote(tx: Transaction, ticket: repo.TicketRow, auth: AuthContext, body: string) {
  return writeComment(
    tx,
    ticket,
    { type: 'user', userId: auth.userId, impersonatorId: auth.impersonatorId },
    { body, public: false, files: [], mentions: [] },
  );
}

/**
 * POST /v2/tickets/{id}/merge: this ticket's comments, attachments and links move to the target;
 * this one closes with `merged_into_id`, and both get an internal note naming the other.
 */
export async function mergeTicket(
  platform: Platform,
  auth: AuthContext,
  source: string | RecordRef,
  targetId: string,
  /** More work in the merge's transaction (a bulk job records the item there). */
  options: { inTransaction?: (tx: Transaction) => Promise<void> } = {},
): Promise<TicketMergeView> {
  const visible = await getVisibleTicketRow(platform, auth, source);
  const sourceId = visible.id;
  if (targetId === visible.id) throw fieldError('target_id', M.mergeSelf);
  await namedTicket(platform, auth, targetId, 'target_id', M.targetNotFound);
  const merged = await platform.db.transaction(async (tx) => {
    const locked = await repo.lockTickets(tx, auth.tenantId, [sourceId, targetId]);
    const source = locked.get(sourceId);
    const target = locked.get(targetId);
    if (!source) throw notFound(M.ticketNotFound);
    if (!target) throw fieldError('target_id', M.targetNotFound);
    if (source.mergedIntoId) throw fieldError('target_id', M.alreadyMerged);
    if (source.status === 'closed') throw fieldError('target_id', M.sourceClosed);
    if (target.status === 'closed') throw fieldError('target_id', M.targetClosed);

    const moved = await repo.moveConversation(tx, auth.tenantId, source.id, target.id);
    const movedLinks = await repo.moveLinks(tx, auth.tenantId, source.id, target.id);
    await repo.insertLink(tx, {
      tenantId: auth.tenantId,
      ticketId: source.id,
      relatedId: target.id,
      kind: 'merged',
      createdBy: auth.userId,
    });
    await writeNote(tx, target, auth, noteAbout(M.mergedFromNote, source));
    const now = new Date();
    const closed = await repo.updateTicket(tx, auth.tenantId, source.id, {
      status: 'closed',
      closedAt: now,
      mergedIntoId: target.id,
      updatedBy: auth.userId,
      updatedAt: now,
    });
    await refreshTicketSla(tx, auth.tenantId, source.id, { now });
    await writeNote(tx, closed, auth, noteAbout(M.mergedIntoNote, target));
    await appendEvent(tx, {
      tenantId: auth.tenantId,
      aggregate: 'ticket',
      aggregateId: source.id,
      type: 'ticket.updated',
      payload: {
        changes: {
          status: { before: source.status, after: 'closed' },
          merged_into_id: { before: null, after: target.id },
        },
      },
      actorId: auth.userId,
    });
    for (const [ticket, other, key] of [
      [source, target, 'merged_into'],
      [target, source, 'merged_from'],
    ] as const) {
      await writeAudit(tx, {
        tenantId: auth.tenantId,
        actorId: auth.userId,
        impersonatorId: auth.impersonatorId,
        entity: 'ticket',
        action: 'merge',
        entityId: ticket.id,
        before: key === 'merged_into' ? { status: source.status } : null,
        after: {
          [key]: formatTicketCode(other.number),
          ...(key === 'merged_into' ? { status: 'closed' } : {}),
        },
      });
    }
    await options.inTransaction?.(tx);
    return {
      freedAssigneeId: isUnsolved(source.status) ? source.assigneeId : null,
      view: {
        source: refOf(closed),
        target: refOf(target),
        moved_comments: moved.comments,
        moved_attachments: moved.attachments,
        moved_links: movedLinks,
      },
    };
  });
  // The closed source's assignee has room again: their departments' queues may have waiting tickets.
  if (merged.freedAssigneeId)
    await handOutQueuesOf(platform, auth.tenantId, merged.freedAssigneeId);
  return merged.view;
}

/**
 * The target of a bulk merge (action 'merge'): a ticket the caller sees and still open to
 * merges, 422 on `target_id` otherwise.
 */
export async function mergeTargetOf(platform: Platform, auth: AuthContext, input: TicketBulkBody) {
  if (!input.target_id) throw fieldError('target_id', TICKET_BULK_MESSAGES.targetRequired);
  const target = await namedTicket(platform, auth, input.target_id, 'target_id', M.targetNotFound);
  if (target.status === 'closed') throw fieldError('target_id', M.targetClosed);
  return target.id;
}

/**
 * Merges each of `ids` into the target (checked by `mergeTargetOf`) as `mergeTicket` does, each
 * on its own (one outside the scope, closed or already merged fails alone with its reason; the
 * target itself among them fails alone, 'Đây là ticket đích…'), one after another; with
 * `record`, each item's result is recorded in its merge's transaction (a refusal, which writes
 * nothing, in one of its own).
 */
export async function applyBulkMerge(
  platform: Platform,
  auth: AuthContext,
  targetId: string,
  ids: string[],
  record?: BulkRecorder,
): Promise<TicketBulkItem[]> {
  const results: TicketBulkItem[] = [];
  const recordAlone = async (item: TicketBulkItem) => {
    if (record) await platform.db.transaction((tx) => record(tx, [item]));
  };
  for (const id of ids) {
    if (id === targetId) {
      const item = { _id: id, ok: false, message: TICKET_BULK_MESSAGES.mergeTarget };
      await recordAlone(item);
      results.push(item);
      continue;
    }
    const item = { _id: id, ok: true };
    try {
      await mergeTicket(platform, auth, id, targetId, {
        inTransaction: record && ((tx) => record(tx, [item])),
      });
      results.push(item);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      const failed = { _id: id, ok: false, message: error.message };
      await recordAlone(failed);
      results.push(failed);
    }
  }
  return results;
}

/** The subject of a ticket split from a comment: the comment's text, else the original's. */
const SPLIT_SUBJECT_MAX = 150;

/**
 * POST /v2/tickets/{id}/split: a new ticket from one customer message (its body as the description, the
 * same requester, organization, priority, type, service, department and assignee), linked to
 * this one. The comment is copied, not moved: it stays in this conversation and opens the new
 * one, its files shared by both.
 */
export async function splitTicket(
  platform: Platform,
  auth: AuthContext,
  ticket: string | RecordRef,
  commentId: string,
): Promise<TicketRefView> {
  const visible = await getVisibleTicketRow(platform, auth, ticket);
  const ref = await platform.db.transaction(async (tx) => {
    const original = (await repo.lockTickets(tx, auth.tenantId, [visible.id])).get(visible.id);
    if (!original) throw notFound(M.ticketNotFound);
    if (original.status === 'closed') throw fieldError('comment_id', M.splitClosed);
    const comment = await repo.findComment(tx, auth.tenantId, original.id, commentId);
    if (!comment) throw fieldError('comment_id', M.splitCommentNotFound);
    if (comment.authorType !== 'customer') throw fieldError('comment_id', M.splitNotCustomer);

    const text = plainText(comment.body);
    const subject =
      (text.length > SPLIT_SUBJECT_MAX ? `${text.slice(0, SPLIT_SUBJECT_MAX - 1)}…` : text) ||
      original.subject;
    const created = await repo.insertTicket(tx, {
      tenantId: auth.tenantId,
      subject,
      subjectKey: toSearchKey(subject),
      description: comment.body,
      requesterId: original.requesterId,
      organizationId: original.organizationId,
      status: 'new',
      priorityId: original.priorityId,
      typeId: original.typeId,
      serviceId: original.serviceId,
      groupId: original.groupId,
      assigneeId: original.assigneeId,
      source: original.source,
      createdBy: auth.userId,
      updatedBy: auth.userId,
    });
    await refreshTicketSla(tx, auth.tenantId, created.id, { resolve: true });
    await appendEvent(tx, {
      tenantId: auth.tenantId,
      aggregate: 'ticket',
      aggregateId: created.id,
      type: 'ticket.created',
      payload: { subject, status: 'new', split_from: original.id, comment_id: comment.id },
      actorId: auth.userId,
    });
    const copy = await repo.insertComment(tx, {
      tenantId: auth.tenantId,
      ticketId: created.id,
      authorType: comment.authorType,
      authorUserId: comment.authorUserId,
      authorCustomerId: comment.authorCustomerId,
      channelId: comment.channelId,
      direction: comment.direction,
      kind: comment.kind,
      bodyFormat: comment.bodyFormat,
      body: comment.body,
      content: comment.content,
      public: comment.public,
      mentions: comment.mentions,
      // The provider's id stays with the message it names (once per channel).
      createdAt: comment.createdAt,
    });
    await copyAttachments(tx, auth.tenantId, comment.id, {
      ticketId: created.id,
      commentId: copy.id,
      createdBy: auth.userId,
    });
    await repo.insertLink(tx, {
      tenantId: auth.tenantId,
      ticketId: original.id,
      relatedId: created.id,
      kind: 'split',
      createdBy: auth.userId,
    });
    // The split note is the new ticket's first act: it stays 'new' (an internal note).
    await writeNote(tx, created, auth, noteAbout(M.splitFromNote, original));
    await writeNote(tx, original, auth, noteAbout(M.splitIntoNote, created));
    for (const [ticket, after] of [
      [original, { comment_id: comment.id, split_into: formatTicketCode(created.number) }],
      [created, { split_from: formatTicketCode(original.number) }],
    ] as const) {
      await writeAudit(tx, {
        tenantId: auth.tenantId,
        actorId: auth.userId,
        impersonatorId: auth.impersonatorId,
        entity: 'ticket',
        action: 'split',
        entityId: ticket.id,
        after,
      });
    }
    if (created.requesterId)
      await writeRequesterTimeline(tx, auth, created.requesterId, {
        _id: created.id,
        code: formatTicketCode(created.number),
        subject,
      });
    // An unassigned split in a department that assigns automatically gets an assignee.
    await autoAssignTicket(tx, auth.tenantId, created.id);
    return refOf(created);
  });
  return ref;
}

/** Whether the caller sees a ticket (links never name tickets outside the data scope). */
async function sees(platform: Platform, auth: AuthContext, id: string) {
  try {
    await getVisibleTicketRow(platform, auth, id);
    return true;
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 404) return false;
    throw error;
  }
}

/** GET /v2/tickets/{id}/links: the linked tickets the caller sees, oldest link first. */
export async function listLinks(
  platform: Platform,
  auth: AuthContext,
  ref: string | RecordRef,
): Promise<TicketLinkView[]> {
  const ticket = await getVisibleTicketRow(platform, auth, ref);
  const rows = await repo.linksOf(platform.db, auth.tenantId, ticket.id);
  const shown = await Promise.all(rows.map((row) => sees(platform, auth, row.ticket.id)));
  return rows
    .filter((_, i) => shown[i])
    .map((row) => ({
      kind: row.link.kind as TicketLinkKind,
      ticket: refOf(row.ticket),
      created_at: row.link.createdAt.toISOString(),
    }));
}

/** POST /v2/tickets/{id}/links: links a related ticket (both ways). */
export async function addLink(
  platform: Platform,
  auth: AuthContext,
  ref: string | RecordRef,
  relatedId: string,
): Promise<TicketLinkView> {
  const ticket = await getVisibleTicketRow(platform, auth, ref);
  if (relatedId === ticket.id) throw fieldError('related_id', M.linkSelf);
  const related = await namedTicket(platform, auth, relatedId, 'related_id', M.relatedNotFound);
  return platform.db.transaction(async (tx) => {
    const link = await repo.insertLink(tx, {
      tenantId: auth.tenantId,
      ticketId: ticket.id,
      relatedId: related.id,
      kind: 'related',
      createdBy: auth.userId,
    });
    if (!link) throw fieldError('related_id', M.linkExists);
    for (const [one, other] of [
      [ticket, related],
      [related, ticket],
    ] as const) {
      await writeAudit(tx, {
        tenantId: auth.tenantId,
        actorId: auth.userId,
        impersonatorId: auth.impersonatorId,
        entity: 'ticket',
        action: 'link',
        entityId: one.id,
        after: { related: formatTicketCode(other.number) },
      });
    }
    return { kind: 'related', ticket: refOf(related), created_at: link.createdAt.toISOString() };
  });
}

/** DELETE /v2/tickets/{id}/links/{linkedId}: removes a 'related' link (merge and split stay). */
export async function removeLink(
  platform: Platform,
  auth: AuthContext,
  ref: string | RecordRef,
  linkedId: string,
) {
  const ticket = await getVisibleTicketRow(platform, auth, ref);
  const link = await repo.findLink(platform.db, auth.tenantId, ticket.id, linkedId);
  if (!link || !(await sees(platform, auth, linkedId))) throw notFound(M.linkNotFound);
  if (link.kind !== 'related') throw fieldError('linkedId', M.linkFixed);
  await platform.db.transaction(async (tx) => {
    await repo.deleteLink(tx, auth.tenantId, link.id);
    for (const [one, other] of [
      [ticket.id, linkedId],
      [linkedId, ticket.id],
    ] as const) {
      await writeAudit(tx, {
        tenantId: auth.tenantId,
        actorId: auth.userId,
        impersonatorId: auth.impersonatorId,
        entity: 'ticket',
        action: 'unlink',
        entityId: one,
        after: { related_id: other },
      });
    }
  });
}
