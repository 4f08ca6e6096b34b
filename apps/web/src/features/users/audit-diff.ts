import { ROLE } from '@omnicare/shared/users/roles';
import { USER_FIELD_LABEL, USER_STATUS_LABEL } from './users-text';

export interface FieldChange {
  field: string;
  label: string;
  before: string;
  after: string;
}

/** Fields that repeat another one or are bookkeeping. */
const SKIPPED = new Set(['_id', 'created_at', 'updated_at', 'organization_id', 'tenant_id']);

const asRecord = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};

/** A value of a user record as people read it. */
export function displayValue(field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (field === 'role') return ROLE.label(String(value));
  if (field === 'active') return USER_STATUS_LABEL[value ? 'active' : 'disabled'];
  if (typeof value === 'boolean') return value ? 'Có' : 'Không';
  if (Array.isArray(value)) {
    if (value.length === 0) return '—';
    return value
      .map((item) =>
        item && typeof item === 'object' ? String(asRecord(item).name ?? '') : String(item),
      )
      .join(', ');
  }
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** The fields whose shown value differs between `before` and `after`. */
export function diffRecords(before: unknown, after: unknown): FieldChange[] {
  const from = asRecord(before);
  const to = asRecord(after);
  const fields = [...new Set([...Object.keys(from), ...Object.keys(to)])];
  const changes: FieldChange[] = [];
  for (const field of fields) {
    if (SKIPPED.has(field)) continue;
    const was = displayValue(field, from[field]);
    const now = displayValue(field, to[field]);
    if (was === now) continue;
    changes.push({ field, label: USER_FIELD_LABEL[field] ?? field, before: was, after: now });
  }
  return changes;
}
