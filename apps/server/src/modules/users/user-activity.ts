import {
  activityChange,
  type ActivityChange,
  type ActivityEntry,
} from '@omnicare/shared/audit/activity.schemas';
import { PRESENCE } from '@omnicare/shared/users/presence';
import { ROLE } from '@omnicare/shared/users/roles';
import {
  USER_FIELD_LABEL,
  USER_STATUS_LABEL,
  type UserFieldKey,
} from '@omnicare/shared/users/user-fields';

type Stored = Record<string, unknown>;
const record = (value: unknown): Stored =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Stored) : {};

/** How a stored staff field reads: codes become labels. */
function shown(key: UserFieldKey, value: unknown): unknown {
  if (key === 'role' && typeof value === 'string') return ROLE.label(value);
  if (key === 'default_presence' && typeof value === 'string') return PRESENCE.label(value);
  if (key === 'active' && typeof value === 'boolean')
    return USER_STATUS_LABEL[value ? 'active' : 'disabled'];
  return value;
}

/** The fields one saved state of a staff account differs from another in, in the form's order. */
export function userChanges(before: unknown, after: unknown): ActivityChange[] {
  const old = record(before);
  const now = record(after);
  const changes: ActivityChange[] = [];
  for (const key of Object.keys(USER_FIELD_LABEL) as UserFieldKey[]) {
    if (!(key in old) && !(key in now)) continue;
    const change = activityChange(
      key,
      USER_FIELD_LABEL[key],
      shown(key, old[key]),
      shown(key, now[key]),
    );
    if (change) changes.push(change);
  }
  return changes;
}

/** What a stored staff audit entry tells: the account it created, or the fields it changed. */
export function userActivity(
  action: string,
  before: unknown,
  after: unknown,
): Pick<ActivityEntry, 'objects' | 'changes'> {
  if (action === 'create' || action === 'invite') {
    const name = record(after).name;
    return { objects: typeof name === 'string' ? [name] : [], changes: [] };
  }
  return { objects: [], changes: userChanges(before, after) };
}
