import {
  MACRO_ASSIGNEE_ME,
  MACRO_MESSAGES,
  macroBody,
  macroView,
  replyHtml,
  type Macro,
  type MacroActions,
  type MacroApplied,
} from '@omnicare/shared/macros/macros.schemas';
import { renderTemplate } from '@omnicare/shared/templates/placeholders';
import { TICKET_CONVERSATION_MESSAGES } from '@omnicare/shared/tickets/ticket-comments.schemas';
import type { TicketDetail, TicketUpdateBody } from '@omnicare/shared/tickets/tickets.schemas';
import { can } from '@omnicare/shared/users/permissions';
import type { RecordRef } from '@omnicare/shared/platform/record-ref';
import type { AuthContext } from '../../platform/auth.js';
import { asc, desc } from 'drizzle-orm';
import type { z } from 'zod';
import { catalogue, personalOrSharedTable } from '../../platform/catalogue.js';
import type { Platform } from '../../platform/context.js';
import { fieldError, forbidden } from '../../platform/errors.js';
import { addComment } from '../tickets/ticket-comments.service.js';
import { ticketPlaceholderValues } from '../tickets/ticket-placeholders.js';
import { getVisibleTicket } from '../tickets/ticket-queries.js';
import { updateTicket } from '../tickets/ticket-changes.js';
import { vietnameseOrder } from '../../platform/sql.js';
import { macros as macroTable } from '../../db/schema/macros.js';
import * as repo from './macros.repository.js';

const records = personalOrSharedTable(macroTable, {
  orderBy: [desc(macroTable.usageCount), vietnameseOrder(macroTable.name), asc(macroTable.id)],
  toValues: (_ctx, body: z.infer<typeof macroBody>) => ({
    name: body.name,
    body: body.body,
    actions: body.actions,
    shared: body.shared,
  }),
});

type Listed = Awaited<ReturnType<typeof records.visible>>[number];

/** Personal macros are their owner's alone; shared ones are changed by holders of `macro.share`. */
const mayChange = (auth: AuthContext, macro: Listed['row']) =>
  macro.shared ? can(auth.role, 'macro.share') : macro.ownerId === auth.userId;

const toView =
  (auth: AuthContext) =>
  ({ row: macro, ownerName }: Listed): Macro => ({
    _id: macro.id,
    name: macro.name,
    body: macro.body,
    actions: macro.actions as MacroActions,
    shared: macro.shared,
    owner: ownerName === null ? null : { _id: macro.ownerId, name: ownerName },
    editable: mayChange(auth, macro),
    usage_count: macro.usageCount,
    created_at: macro.createdAt.toISOString(),
    updated_at: macro.updatedAt.toISOString(),
  });

/** The caller's personal macros and the tenant's shared ones, as a catalogue (platform/catalogue.ts). */
export const macros = catalogue({
  tag: 'macros',
  entity: 'macro',
  messages: MACRO_MESSAGES,
  // Everyone keeps personal macros; `mayChange` says who may share or change one.
  access: { read: 'authenticated', manage: 'authenticated' },
  paths: { list: '/v2/macros', create: '/v2/macros', one: '/v2/macros/:id' },
  summaries: { list: 'Macro: của tôi và dùng chung', get: 'Một macro', record: 'macro' },
  schemas: { view: macroView, body: macroBody },
  listAnswer: 'array',
  list: async (ctx) => (await records.visible(ctx)).map(toView(ctx.auth)),
  find: async (ctx, id) => {
    const [row] = await records.visible(ctx, id);
    return row && toView(ctx.auth)(row);
  },
  mayChange: (ctx, before, body) => {
    if (before && !before.editable) throw forbidden();
    if (body?.shared && !can(ctx.auth.role, 'macro.share'))
      throw fieldError('shared', MACRO_MESSAGES.sharedForbidden);
  },
  nameTaken: records.nameTaken,
  write: records.write,
  remove: records.remove,
});

/** The ticket fields a macro's actions set on this ticket (tags: its own, plus and minus). */
export function macroChanges(
  actions: MacroActions,
  ticket: TicketDetail,
  userId: string,
): TicketUpdateBody {
  const changes: TicketUpdateBody = {};
  if (actions.status) changes.status = actions.status;
  if (actions.priority_id !== undefined) changes.priority_id = actions.priority_id;
  if (actions.type_id !== undefined) changes.type_id = actions.type_id;
  if (actions.group_id !== undefined) changes.group_id = actions.group_id;
  if (actions.assignee !== undefined)
    changes.assignee_id = actions.assignee === MACRO_ASSIGNEE_ME ? userId : actions.assignee;
  if (actions.add_tag_ids?.length || actions.remove_tag_ids?.length) {
    const removed = new Set(actions.remove_tag_ids ?? []);
    changes.tag_ids = [
      ...new Set([...ticket.tags.map((tag) => tag._id), ...(actions.add_tag_ids ?? [])]),
    ].filter((id) => !removed.has(id));
  }
  return changes;
}

/** GET /v2/tickets/{id}/placeholders: the reply box's preview values for this ticket. */
export async function placeholdersOf(
  platform: Platform,
  auth: AuthContext,
  ticketId: string | RecordRef,
) {
  return ticketPlaceholderValues(platform, auth, await getVisibleTicket(platform, auth, ticketId));
}

/**
 * POST /v2/tickets/{id}/macros/{macroId}: the public reply (the agent's edited text, or the
 * macro's own with its placeholders filled), then the macro's changes as one change of the
 * ticket, audited as 'Áp dụng macro {name}'. A closed ticket refuses it before either.
 */
export async function applyMacro(
  platform: Platform,
  auth: AuthContext,
  ticketId: string | RecordRef,
  macroId: string,
  input: { body?: string },
): Promise<{ applied: MacroApplied; name: string }> {
  const ticket = await getVisibleTicket(platform, auth, ticketId);
  const macro = await macros.get(platform, auth, macroId);
  if (ticket.status === 'closed') throw fieldError('body', TICKET_CONVERSATION_MESSAGES.closed);
  const reply =
    input.body ??
    (macro.body.trim()
      ? replyHtml(
          renderTemplate(
            macro.body,
            await ticketPlaceholderValues(platform, auth, ticket),
            'blank',
          ),
        )
      : '');
  const comment = reply.trim()
    ? await addComment(platform, auth, ticket._id, { body: reply, public: true, files: [] })
    : null;
  const changes = macroChanges(macro.actions, ticket, auth.userId);
  const after =
    Object.keys(changes).length > 0
      ? await updateTicket(platform, auth, ticket._id, changes, {
          via: { kind: 'macro', name: macro.name },
        })
      : await getVisibleTicket(platform, auth, ticket._id);
  await repo.countUse(platform.db, auth.tenantId, macro._id);
  return { applied: { ticket: after, comment }, name: macro.name };
}
