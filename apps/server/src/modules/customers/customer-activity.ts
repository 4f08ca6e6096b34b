import {
  activityChange,
  type ActivityChange,
  type ActivityEntry,
} from '@omnicare/shared/audit/activity.schemas';
import {
  CUSTOMER_FIELD_LABEL,
  CUSTOMER_TIER,
  GENDER,
  type CustomerFieldKey,
} from '@omnicare/shared/customers/customer-enums';
import { CHANNEL_SOURCE } from '@omnicare/shared/channels/channel-source';
import { formatPhone } from '@omnicare/shared/customers/phone-format';

type Stored = Record<string, unknown>;
const record = (value: unknown): Stored =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Stored) : {};
const text = (value: unknown) => (typeof value === 'string' ? value : undefined);

/** What a reader needs to name codes: places by code, custom fields by key. */
export interface ActivityNames {
  place: (code: string) => string | undefined;
  customField: (key: string) => { label: string } | undefined;
  /** The custom field keys in the order forms show them. */
  customOrder: readonly string[];
}

/** How a stored customer field reads: codes become labels, lists their items. */
function shown(key: CustomerFieldKey, value: unknown, names: ActivityNames): unknown {
  switch (key) {
    case 'gender':
      return typeof value === 'string' ? GENDER.label(value) : value;
    case 'tier':
      return typeof value === 'number' ? CUSTOMER_TIER.label(value) : value;
    case 'source':
      return typeof value === 'string' ? CHANNEL_SOURCE.label(value) : value;
    case 'city_code':
    case 'district_code':
      return typeof value === 'string' ? (names.place(value) ?? value) : value;
    case 'phones':
      // Shown in the one written form: a number retyped as '0912 345 678' is no change.
      return Array.isArray(value)
        ? value.map((item) => formatPhone(text(record(item).phone)))
        : value;
    case 'emails':
      return Array.isArray(value) ? value.map((item) => record(item).email) : value;
    default:
      return value;
  }
}

/** The fields one saved state differs from another in, built-in first, then custom fields. */
export function customerChanges(before: unknown, after: unknown, names: ActivityNames) {
  const old = record(before);
  const now = record(after);
  const changes: ActivityChange[] = [];
  for (const key of Object.keys(CUSTOMER_FIELD_LABEL) as CustomerFieldKey[]) {
    if (!(key in old) && !(key in now)) continue;
    const change = activityChange(
      key,
      CUSTOMER_FIELD_LABEL[key],
      shown(key, old[key], names),
      shown(key, now[key], names),
    );
    if (change) changes.push(change);
  }
  const oldCustom = record(old.custom);
  const newCustom = record(now.custom);
  const keys = new Set([...Object.keys(oldCustom), ...Object.keys(newCustom)]);
  const ordered = [...names.customOrder.filter((key) => keys.has(key)), ...keys];
  for (const key of new Set(ordered)) {
    const field = names.customField(key);
    const change = activityChange(
      `custom.${key}`,
      field?.label ?? key,
      oldCustom[key],
      newCustom[key],
    );
    if (change) changes.push(change);
  }
  return changes;
}

/**
 * What a stored customer audit entry tells: the objects it involved (named as they were when
 * it was written) and the fields it changed.
 */
export function customerActivity(
  action: string,
  before: unknown,
  after: unknown,
  names: ActivityNames,
): Pick<ActivityEntry, 'objects' | 'changes'> {
  const was = record(before);
  const now = record(after);
  const named = (value: unknown) => text(record(value).name);
  switch (action) {
    case 'create': {
      const name = text(now.name);
      return { objects: name ? [name] : [], changes: [] };
    }
    case 'update':
      return { objects: [], changes: customerChanges(before, after, names) };
    case 'merge': {
      const name = named(before);
      return { objects: name ? [name] : [], changes: [] };
    }
    case 'add_tag':
    case 'remove_tag':
      return { objects: [named(now.tag)].filter((n) => n !== undefined), changes: [] };
    case 'add_group':
    case 'remove_group':
      return { objects: [named(now.group)].filter((n) => n !== undefined), changes: [] };
    case 'assign_owner': {
      const change = activityChange('owner', CUSTOMER_FIELD_LABEL.owner, was.owner, now.owner);
      return { objects: [], changes: change ? [change] : [] };
    }
    case 'import_create':
    case 'import_update': {
      const file = text(now.file_name);
      // An update keeps the customer before and after (entries written since it does).
      const changes =
        action === 'import_update' && before ? customerChanges(before, after, names) : [];
      return { objects: file ? [file] : [], changes };
    }
    case 'ticket_created': {
      // Written by the tickets module: '#000123 · subject'.
      const ticket = record(now.ticket);
      const label = [text(ticket.code), text(ticket.subject)].filter(Boolean).join(' · ');
      return { objects: label ? [label] : [], changes: [] };
    }
    case 'call': {
      // Written by the telephony module when a call ends: 'Cuộc gọi từ 0912 345 678 · Gọi nhỡ'.
      const summary = text(record(now.call).summary);
      return { objects: summary ? [summary] : [], changes: [] };
    }
    default:
      return { objects: [], changes: [] };
  }
}
