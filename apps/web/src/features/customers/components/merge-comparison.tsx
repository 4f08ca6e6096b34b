import { Check } from 'lucide-react';
import type { CustomerBody, CustomerDetail } from '@omnicare/shared/customers/customers.schemas';
import { CUSTOMER_TIER, GENDER } from '@omnicare/shared/customers/customer-enums';
import { mergedCustomerBody } from '@omnicare/shared/customers/merge';
import { formatPhone } from '@omnicare/shared/customers/phone-format';
import { formatCalendarDay } from '@omnicare/shared/platform/time';
import { CHANNEL_SOURCE } from '@omnicare/shared/channels/channel-source';
import type { CustomField } from '@omnicare/shared/fields/fields.schemas';
import { cn } from '@/lib/cn';
import { useCities, useDistricts } from '../customers.queries';
import { DETAIL_TEXT } from '../customers-text';

/** Which side's value the merged customer keeps for one field. */
export type KeptFrom = 'survivor' | 'merged' | 'both' | 'same';

export interface ComparisonRow {
  label: string;
  survivor: string;
  merged: string;
  result: string;
  kept: KeptFrom;
}

const list = (values: string[]) => values.filter(Boolean).join(', ');

function customText(field: CustomField, value: unknown): string {
  if (value === undefined || value === null || value === '') return '';
  if (Array.isArray(value)) return list(value.map(String));
  if (field.type === 'checkbox') return value ? 'Có' : 'Không';
  if (field.type === 'date') return formatCalendarDay(String(value));
  return String(value);
}

interface Names {
  city: (code: string | null | undefined) => string;
  district: (code: string | null | undefined) => string;
}

/**
 * Every field of the two customers, and what the merge keeps (the shared `mergedCustomerBody`,
 * the rule the server applies), with the side it comes from.
 */
export function comparisonRows(
  survivor: CustomerDetail,
  merged: CustomerDetail,
  fields: CustomField[],
  names: Names,
): ComparisonRow[] {
  const body: CustomerBody = mergedCustomerBody(survivor, merged);
  const both = [survivor, merged];
  const nameOf = (items: { _id: string; name: string }[], ids: string[]) =>
    list(ids.map((id) => items.find((item) => item._id === id)?.name ?? ''));
  const groups = both.flatMap((c) => c.groups);
  const tags = both.flatMap((c) => c.tags);
  const people = both.flatMap((c) => (c.owner ? [c.owner] : []));
  const orgs = both.flatMap((c) => (c.organization ? [c.organization] : []));
  const specs: [string, (c: CustomerDetail) => string, string][] = [
    [DETAIL_TEXT.name, (c) => c.name, body.name],
    [DETAIL_TEXT.gender, (c) => (c.gender ? GENDER.label(c.gender) : ''), body.gender ? GENDER.label(body.gender) : ''],
    [DETAIL_TEXT.birthday, (c) => formatCalendarDay(c.birthday), formatCalendarDay(body.birthday)],
    [DETAIL_TEXT.phones, (c) => list(c.phones.map((p) => formatPhone(p.phone))), list(body.phones.map((p) => formatPhone(p.phone)))],
    [DETAIL_TEXT.emails, (c) => list(c.emails.map((e) => e.email)), list(body.emails.map((e) => e.email))],
    [DETAIL_TEXT.address, (c) => c.address ?? '', body.address ?? ''],
    [DETAIL_TEXT.city, (c) => names.city(c.city_code), names.city(body.city_code)],
    [DETAIL_TEXT.district, (c) => names.district(c.district_code), names.district(body.district_code)],
    [DETAIL_TEXT.tier, (c) => CUSTOMER_TIER.label(c.tier), CUSTOMER_TIER.label(body.tier)],
    [DETAIL_TEXT.groups, (c) => list(c.groups.map((g) => g.name)), nameOf(groups, body.group_ids)],
    [DETAIL_TEXT.tags, (c) => list(c.tags.map((t) => t.name)), nameOf(tags, body.tag_ids)],
    [DETAIL_TEXT.organization, (c) => c.organization?.name ?? '', nameOf(orgs, body.organization_id ? [body.organization_id] : [])],
    [DETAIL_TEXT.owner, (c) => c.owner?.name ?? '', nameOf(people, body.owner_id ? [body.owner_id] : [])],
    [DETAIL_TEXT.source, (c) => (CHANNEL_SOURCE.is(c.source) ? CHANNEL_SOURCE.label(c.source) : c.source), CHANNEL_SOURCE.is(body.source) ? CHANNEL_SOURCE.label(body.source) : body.source],
    ...fields
      .filter((field) => field.active)
      .map((field): [string, (c: CustomerDetail) => string, string] => [
        field.label,
        (c) => customText(field, c.custom[field.key]),
        customText(field, body.custom[field.key]),
      ]),
    [DETAIL_TEXT.notes, (c) => c.notes ?? '', body.notes ?? ''],
  ]; // prettier-ignore
  return specs.map(([label, value, result]) => {
    const [left, right] = [value(survivor), value(merged)];
    const kept: KeptFrom =
      left === right ? 'same' : result === left ? 'survivor' : result === right ? 'merged' : 'both';
    return { label, survivor: left, merged: right, result, kept };
  });
}

/** The two customers side by side, each field's surviving value marked. */
export function MergeComparison({
  survivor,
  merged,
  fields,
}: {
  survivor: CustomerDetail;
  merged: CustomerDetail;
  fields: CustomField[];
}) {
  const cities = useCities();
  const survivorDistricts = useDistricts(survivor.city_code);
  const mergedDistricts = useDistricts(merged.city_code);
  const districts = [...(survivorDistricts.data ?? []), ...(mergedDistricts.data ?? [])];
  const rows = comparisonRows(survivor, merged, fields, {
    city: (code) => (code ? (cities.data?.find((c) => c.code === code)?.name ?? code) : ''),
    district: (code) => (code ? (districts.find((d) => d.code === code)?.name ?? code) : ''),
  });
  const cell = (text: string, kept: boolean) => (
    <td
      className={cn(
        'border-b border-slate-100 px-3 py-1.5 align-top break-words',
        kept && 'bg-teal-50 font-medium text-teal-900',
      )}
    >
      <span className="inline-flex items-start gap-1">
        {kept && (
          <Check
            className="mt-0.5 size-3.5 shrink-0 text-teal-600"
            aria-label={DETAIL_TEXT.mergeKept}
          />
        )}
        <span>{text || <span className="text-slate-400">—</span>}</span>
      </span>
    </td>
  );
  return (
    <div className="max-h-[55vh] overflow-auto rounded-lg border border-slate-200">
      <table className="w-full table-fixed text-sm" aria-label={DETAIL_TEXT.mergeCompare}>
        <thead className="sticky top-0 bg-slate-50 text-left text-xs text-slate-600">
          <tr>
            <th className="w-[22%] px-3 py-2 font-medium">{DETAIL_TEXT.mergeField}</th>
            <th className="px-3 py-2 font-medium">{DETAIL_TEXT.mergeSurvivor(survivor.name)}</th>
            <th className="px-3 py-2 font-medium">{DETAIL_TEXT.mergeMerged(merged.name)}</th>
            <th className="px-3 py-2 font-medium">{DETAIL_TEXT.mergeResult}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.label}>
              <th
                scope="row"
                className="border-b border-slate-100 px-3 py-1.5 text-left align-top font-normal text-slate-600"
              >
                {row.label}
              </th>
              {cell(row.survivor, row.kept === 'survivor' || row.kept === 'both')}
              {cell(row.merged, row.kept === 'merged' || row.kept === 'both')}
              <td className="border-b border-slate-100 px-3 py-1.5 align-top break-words text-slate-900">
                {row.result || <span className="text-slate-400">—</span>}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
