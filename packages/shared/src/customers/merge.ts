import type { CustomerBody, CustomerDetail } from './customers.schemas.js';

/**
 * What a merge keeps (the server saves it; the merge dialog shows it beside both customers):
 * the survivor's values, its empty ones filled from the merged customer; phones, emails,
 * groups and tags of both; the higher tier; both notes.
 */
export function mergedCustomerBody(survivor: CustomerDetail, merged: CustomerDetail): CustomerBody {
  return {
    name: survivor.name,
    avatar_url: survivor.avatar_url ?? merged.avatar_url,
    gender: survivor.gender ?? merged.gender,
    birthday: survivor.birthday ?? merged.birthday,
    phones: [...survivor.phones, ...merged.phones.map((p) => ({ ...p, is_primary: false }))],
    emails: [...survivor.emails, ...merged.emails.map((e) => ({ ...e, is_primary: false }))],
    address: survivor.address ?? merged.address,
    city_code: survivor.city_code ?? merged.city_code,
    district_code: survivor.city_code ? survivor.district_code : merged.district_code,
    tier: Math.max(survivor.tier, merged.tier),
    group_ids: [...new Set([...survivor.groups, ...merged.groups].map((g) => g._id))],
    tag_ids: [...new Set([...survivor.tags, ...merged.tags].map((t) => t._id))],
    organization_id: survivor.organization?._id ?? merged.organization?._id ?? null,
    owner_id: survivor.owner?._id ?? merged.owner?._id ?? null,
    source: survivor.source as CustomerBody['source'],
    custom: { ...merged.custom, ...survivor.custom },
    notes: [survivor.notes, merged.notes].filter(Boolean).join('\n\n'),
  };
}
