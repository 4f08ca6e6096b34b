import { formatPhone } from '@omnicare/shared/customers/phone-format';
import type { FieldError, Resolver } from 'react-hook-form';
import { toNestErrors } from '@hookform/resolvers';
import type { CustomerDetail } from '@omnicare/shared/customers/customers.schemas';
import { customerBody } from '@omnicare/shared/customers/customers.schemas';
import type { CustomField } from '@omnicare/shared/fields/fields.schemas';
import { validateCustomValues } from '@omnicare/shared/fields/fields.schemas';
import { CHANNEL_SOURCE } from '@omnicare/shared/channels/channel-source';
import type { ChannelSource } from '@omnicare/shared/channels/channel-source';
import { GENDER } from '@omnicare/shared/customers/customer-enums';
import type { Gender } from '@omnicare/shared/customers/customer-enums';
import type { CustomerPayload } from '../customers.api';
import type { ContactItem } from './contact-list-field';

/** The profile form as the user edits it; kept whole as the tab's customer draft. */
export interface CustomerFormState {
  name: string;
  gender: Gender | '';
  birthday: string;
  phones: ContactItem[];
  emails: ContactItem[];
  address: string;
  city_code: string;
  district_code: string;
  tier: number;
  group_ids: string[];
  tag_ids: string[];
  organization_id: string;
  owner_id: string;
  source: ChannelSource;
  custom: Record<string, unknown>;
  notes: string;
}

export const emptyCustomerForm = (): CustomerFormState => ({
  name: '',
  gender: '',
  birthday: '',
  phones: [{ value: '', is_primary: true }],
  emails: [],
  address: '',
  city_code: '',
  district_code: '',
  tier: 0,
  group_ids: [],
  tag_ids: [],
  organization_id: '',
  owner_id: '',
  source: 'hand',
  custom: {},
  notes: '',
});

export function formFromCustomer(customer: CustomerDetail): CustomerFormState {
  return {
    name: customer.name,
    gender: customer.gender ?? '',
    birthday: customer.birthday ?? '',
    phones: customer.phones.map((entry) => ({
      value: formatPhone(entry.phone),
      is_primary: entry.is_primary,
    })),
    emails: customer.emails.map((entry) => ({ value: entry.email, is_primary: entry.is_primary })),
    address: customer.address ?? '',
    city_code: customer.city_code ?? '',
    district_code: customer.district_code ?? '',
    tier: customer.tier,
    group_ids: customer.groups.map((group) => group._id),
    tag_ids: customer.tags.map((tag) => tag._id),
    organization_id: customer.organization?._id ?? '',
    owner_id: customer.owner?._id ?? '',
    source: CHANNEL_SOURCE.is(customer.source) ? customer.source : 'hand',
    custom: customer.custom ?? {},
    notes: customer.notes ?? '',
  };
}

/** A stored draft, trusted only as far as its shape goes. */
export function formFromDraft(draft: unknown): CustomerFormState | null {
  if (!draft || typeof draft !== 'object') return null;
  const value = draft as Partial<CustomerFormState>;
  if (typeof value.name !== 'string' || !Array.isArray(value.phones)) return null;
  const base = emptyCustomerForm();
  return {
    ...base,
    ...value,
    gender: GENDER.is(value.gender) ? value.gender : '',
    source: CHANNEL_SOURCE.is(value.source) ? value.source : base.source,
  };
}

const emptyToNull = (value: string) => (value.trim() === '' ? null : value.trim());

/** Drops blank contact rows and empty custom values; the rest goes as typed. */
export function toPayload(form: CustomerFormState): CustomerPayload {
  const phones = form.phones.filter((entry) => entry.value.trim() !== '');
  const emails = form.emails.filter((entry) => entry.value.trim() !== '');
  const custom: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(form.custom)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value) && value.length === 0) continue;
    custom[key] = value;
  }
  const primaryFirst = <T extends { is_primary: boolean }>(items: T[]) =>
    items.length > 0 && !items.some((item) => item.is_primary)
      ? items.map((item, index) => ({ ...item, is_primary: index === 0 }))
      : items;
  return {
    name: form.name.trim(),
    gender: form.gender || null,
    birthday: emptyToNull(form.birthday),
    phones: primaryFirst(
      phones.map((entry) => ({ phone: entry.value.trim(), is_primary: entry.is_primary })),
    ),
    emails: primaryFirst(
      emails.map((entry) => ({
        email: entry.value.trim().toLowerCase(),
        is_primary: entry.is_primary,
      })),
    ),
    address: emptyToNull(form.address),
    city_code: emptyToNull(form.city_code),
    district_code: emptyToNull(form.district_code),
    tier: form.tier,
    group_ids: form.group_ids,
    tag_ids: form.tag_ids,
    organization_id: emptyToNull(form.organization_id),
    owner_id: emptyToNull(form.owner_id),
    source: form.source,
    custom,
    notes: form.notes,
  };
}

/**
 * Field errors keyed like the server's params ('name', 'phones.0.phone', 'custom.key').
 * Contact indices refer to the non-blank rows sent, so they are mapped back onto the form rows.
 */
export type FormErrors = Record<string, string>;

function rowIndexMap(items: ContactItem[]): number[] {
  const map: number[] = [];
  items.forEach((item, index) => {
    if (item.value.trim() !== '') map.push(index);
  });
  return map;
}

/** Renames 'phones.{sent index}.*' to 'phones.{form row}' so errors land on the right input. */
export function mapContactErrors(form: CustomerFormState, errors: FormErrors): FormErrors {
  const phones = rowIndexMap(form.phones);
  const emails = rowIndexMap(form.emails);
  const result: FormErrors = {};
  for (const [param, message] of Object.entries(errors)) {
    const match = /^(phones|emails)\.(\d+)(?:\.\w+)?$/.exec(param);
    if (match) {
      const rows = match[1] === 'phones' ? phones : emails;
      const row = rows[Number(match[2])];
      result[`${match[1]}.${row ?? match[2]}`] = message;
    } else {
      result[param] = message;
    }
  }
  return result;
}

/**
 * The payload with only the custom values of the fields the form shows: values of switched-off
 * fields are hidden here and kept by the server, so they are neither checked nor sent.
 */
export function payloadFor(form: CustomerFormState, fields: CustomField[]): CustomerPayload {
  const payload = toPayload(form);
  const shown = new Set(fields.map((field) => field.key));
  const custom = Object.fromEntries(
    Object.entries(payload.custom ?? {}).filter(([key]) => shown.has(key)),
  );
  return { ...payload, custom };
}

/**
 * `stored`: the custom values of the customer being edited (none for a new one): a required
 * field it never had a value for does not stop an unrelated change (the server's rule).
 */
export function validateCustomerForm(
  form: CustomerFormState,
  fields: CustomField[],
  stored?: Record<string, unknown>,
): FormErrors {
  const payload = payloadFor(form, fields);
  const errors: FormErrors = {};
  const parsed = customerBody.safeParse(payload);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = issue.path.join('.');
      if (!errors[key]) errors[key] = issue.message;
    }
  }
  for (const problem of validateCustomValues(fields, payload.custom, stored)) {
    if (!errors[problem.param]) errors[problem.param] = problem.message;
  }
  return mapContactErrors(form, errors);
}

/**
 * The form checked as the server checks it: the shared customer schema on what the form would
 * send, and the rules of the custom fields it shows. Messages land on the form's own rows.
 */
export function customerFormResolver(
  fields: CustomField[],
  stored?: Record<string, unknown>,
): Resolver<CustomerFormState> {
  return (values, _context, options) => {
    const problems = Object.entries(validateCustomerForm(values, fields, stored));
    if (problems.length === 0) return { values, errors: {} };
    const flat: Record<string, FieldError> = {};
    for (const [param, message] of problems) flat[param] = { type: 'validation', message };
    return { values: {}, errors: toNestErrors(flat, options) };
  };
}
