import { z } from 'zod';
import { isoDateTime } from '../platform/envelope.js';
import { isCalendarDay } from '../platform/validation.js';
import { formatCalendarDay } from '../platform/time.js';

/** A field an action changed, its values as people read them (null: it was empty). */
export const activityChangeView = z.object({
  field: z.string(),
  label: z.string(),
  from: z.string().nullable(),
  to: z.string().nullable(),
});
export type ActivityChange = z.infer<typeof activityChangeView>;

/**
 * What a change was made through when not a person's own edit: a macro they applied, a
 * workflow run (no person), or a job of the system (`name` says which: 'Kiểm tra SLA').
 */
export const AUDIT_VIA_KINDS = ['macro', 'workflow', 'job'] as const;
export const auditVia = z.object({ kind: z.enum(AUDIT_VIA_KINDS), name: z.string() });
export type AuditVia = z.infer<typeof auditVia>;

/** Who a change is credited to when neither a person nor a named workflow or job made it. */
export const SYSTEM_ACTOR_NAME = 'Hệ thống';

/** How the activity log names it: 'Áp dụng macro Đóng ticket', 'Tự động hóa: Gán VIP'. */
export function auditViaLabel(via: AuditVia): string {
  if (via.kind === 'macro') return `Áp dụng macro ${via.name}`;
  if (via.kind === 'workflow') return `Tự động hóa: ${via.name}`;
  return `${SYSTEM_ACTOR_NAME}: ${via.name}`;
}

/**
 * One entry of a record's activity (a customer's timeline now, a ticket's activity log later):
 * `kind` is `<entity>.<audit action>` (its label from `auditActionLabel`), `objects` names what
 * the action involved (a tag, a group, a merged customer, an imported file) as it was named
 * when it happened, `changes` the fields it changed from → to.
 */
export const activityEntryView = z.object({
  _id: z.string(),
  kind: z.string(),
  actor: z.object({ _id: z.string(), name: z.string() }).nullable(),
  at: isoDateTime,
  objects: z.array(z.string()),
  changes: z.array(activityChangeView),
  /** Who was viewing as the actor (view-as) when it happened; absent or null otherwise. */
  impersonator: z.object({ _id: z.string(), name: z.string() }).nullable().optional(),
  /** What it was made through (a macro, a workflow, a job), with its label; absent otherwise. */
  via: auditVia.extend({ label: z.string() }).nullable().optional(),
});
export type ActivityEntry = z.infer<typeof activityEntryView>;

export const ACTIVITY_TEXT = { yes: 'Có', no: 'Không' } as const;

/**
 * A stored value as people read it: a calendar day as dd/MM/yyyy, a boolean as Có/Không, a
 * list joined by commas, a named record by its name; null for an empty value (shown as '—').
 */
export function activityValue(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'boolean') return value ? ACTIVITY_TEXT.yes : ACTIVITY_TEXT.no;
  if (typeof value === 'string') {
    const text = value.trim();
    if (!text) return null;
    return isCalendarDay(text) ? formatCalendarDay(text) : text;
  }
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) {
    const items = value.map(activityValue).filter((item): item is string => item !== null);
    return items.length > 0 ? items.join(', ') : null;
  }
  if (typeof value === 'object' && 'name' in value) return activityValue(value.name);
  return JSON.stringify(value);
}

/** The change of one field, or null when its value as shown did not change. */
export function activityChange(
  field: string,
  label: string,
  before: unknown,
  after: unknown,
): ActivityChange | null {
  const from = activityValue(before);
  const to = activityValue(after);
  return from === to ? null : { field, label, from, to };
}
