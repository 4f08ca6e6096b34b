import {
  activityChange,
  activityValue,
  type ActivityChange,
} from '@omnicare/shared/audit/activity.schemas';
import { CHANNEL_SOURCE } from '@omnicare/shared/channels/channel-source';
import type { CustomField } from '@omnicare/shared/fields/fields.schemas';
import { formatDateTime } from '@omnicare/shared/platform/time';
import { TICKET_STATUS } from '@omnicare/shared/tickets/ticket-enums';
import {
  TICKET_FIELD_LABELS,
  type TicketDetail,
  type TicketField,
} from '@omnicare/shared/tickets/tickets.schemas';

type Named = { _id: string; name: string };

/**
 * A ticket as its audit entries keep it: the fields people change, references with their
 * names as they were then (so the log still reads right after a rename), and custom values.
 */
export type TicketSnapshot = Record<TicketField, unknown> & {
  code: string;
  custom: Record<string, unknown>;
};

export const snapshotOf = (ticket: TicketDetail): TicketSnapshot => ({
  code: ticket.code,
  subject: ticket.subject,
  description: ticket.description,
  requester: ticket.requester,
  organization: ticket.organization,
  status: ticket.status,
  priority: ticket.priority ? { _id: ticket.priority._id, name: ticket.priority.name } : null,
  type: ticket.type,
  service: ticket.service,
  group: ticket.group,
  assignee: ticket.assignee,
  source: ticket.source,
  cc: [...ticket.cc].sort(),
  tags: [...ticket.tags].sort((a, b) => a._id.localeCompare(b._id)),
  followers: [...ticket.followers].sort((a, b) => a._id.localeCompare(b._id)),
  due_at: ticket.due_at,
  custom: ticket.custom,
});

const FIELDS = Object.keys(TICKET_FIELD_LABELS) as TicketField[];
/** Compared by what they point at: a renamed priority is not a change of the ticket. */
const idsOf = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(idsOf);
  if (value && typeof value === 'object' && '_id' in value) return (value as Named)._id;
  return value ?? null;
};
const same = (a: unknown, b: unknown) => JSON.stringify(idsOf(a)) === JSON.stringify(idsOf(b));

/** The fields that differ, each side keeping only those (custom values key by key). */
export function snapshotChanges(before: TicketSnapshot, after: TicketSnapshot) {
  const was: Record<string, unknown> = {};
  const now: Record<string, unknown> = {};
  for (const field of FIELDS) {
    if (same(before[field], after[field])) continue;
    was[field] = before[field];
    now[field] = after[field];
  }
  const keys = new Set([...Object.keys(before.custom), ...Object.keys(after.custom)]);
  const customWas: Record<string, unknown> = {};
  const customNow: Record<string, unknown> = {};
  for (const key of keys) {
    if (same(before.custom[key], after.custom[key])) continue;
    customWas[key] = before.custom[key] ?? null;
    customNow[key] = after.custom[key] ?? null;
  }
  if (Object.keys(customNow).length > 0) {
    was.custom = customWas;
    now.custom = customNow;
  }
  return { before: was, after: now };
}

/** Reference fields are sent to event subscribers by id, as the API's bodies name them. */
const EVENT_KEYS: Partial<Record<TicketField, string>> = {
  requester: 'requester_id',
  organization: 'organization_id',
  priority: 'priority_id',
  type: 'type_id',
  service: 'service_id',
  group: 'group_id',
  assignee: 'assignee_id',
  tags: 'tag_ids',
  followers: 'follower_ids',
};

/** `ticket.updated`'s `changes`: `{field: {before, after}}` with ids for references. */
export function eventChanges(before: Record<string, unknown>, after: Record<string, unknown>) {
  return Object.fromEntries(
    Object.keys(after).map((field) => [
      EVENT_KEYS[field as TicketField] ?? field,
      { before: idsOf(before[field]), after: idsOf(after[field]) },
    ]),
  );
}

const DESCRIPTION_SHOWN = 200;
/** Rich text as a short plain line. */
function plainText(html: unknown): string | null {
  if (typeof html !== 'string') return null;
  const text = html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
  if (!text) return null;
  return text.length > DESCRIPTION_SHOWN ? `${text.slice(0, DESCRIPTION_SHOWN)}…` : text;
}

/** A stored field value as people read it. */
function shown(field: TicketField, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (field === 'status') return TICKET_STATUS.label(value as string);
  if (field === 'source') return CHANNEL_SOURCE.label(value as string);
  if (field === 'due_at') return formatDateTime(value as string);
  if (field === 'description') return plainText(value);
  return value;
}

/**
 * An audit entry of a ticket as the activity log shows it: `objects` names the ticket (code
 * and subject) on create and delete, `changes` every field from → to, custom fields by label.
 */
export function ticketActivity(
  before: Partial<TicketSnapshot> | null,
  after: Partial<TicketSnapshot> | null,
  fields: CustomField[],
): { objects: string[]; changes: ActivityChange[] } {
  // A call attached by a person ('ticket.call_link'): the call as it read then.
  const call = (after as { call?: { summary?: unknown } } | null)?.call;
  if (typeof call?.summary === 'string') return { objects: [call.summary], changes: [] };
  const whole = after?.code ? after : before?.code ? before : undefined;
  if (whole && (!before || !after)) {
    return { objects: [`${whole.code} ${String(whole.subject ?? '')}`.trim()], changes: [] };
  }
  const changes: ActivityChange[] = [];
  for (const field of FIELDS) {
    if (!after || !(field in after)) continue;
    const change = activityChange(
      field,
      TICKET_FIELD_LABELS[field],
      shown(field, before?.[field]),
      shown(field, after[field]),
    );
    // A value shown the same both ways (a long description changed past its first words).
    changes.push(
      change ?? {
        field,
        label: TICKET_FIELD_LABELS[field],
        from: activityValue(shown(field, before?.[field])),
        to: activityValue(shown(field, after[field])),
      },
    );
  }
  const customAfter = (after?.custom ?? {}) as Record<string, unknown>;
  const customBefore = (before?.custom ?? {}) as Record<string, unknown>;
  for (const key of Object.keys(customAfter)) {
    const field = fields.find((f) => f.key === key);
    const change = activityChange(
      `custom.${key}`,
      field?.label ?? key,
      customBefore[key],
      customAfter[key],
    );
    if (change) changes.push(change);
  }
  return { objects: [], changes };
}

/** What the requester's timeline keeps of a ticket opened for them ('customer.ticket_created'). */
export const customerTimelineTicket = (ticket: { _id: string; code: string; subject: string }) => ({
  _id: ticket._id,
  code: ticket.code,
  subject: ticket.subject,
});
