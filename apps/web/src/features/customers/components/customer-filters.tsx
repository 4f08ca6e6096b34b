import { useId } from 'react';
import type { ReactNode } from 'react';
import { CUSTOMER_TIER } from '@omnicare/shared/customers/customer-enums';
import { CHANNEL_SOURCE } from '@omnicare/shared/channels/channel-source';
import type { CustomField } from '@omnicare/shared/fields/fields.schemas';
import { DateRangePicker } from '@/components/ui/date-picker';
import { Label } from '@/components/ui/label';
import { OrganizationPicker } from '@/features/organizations/components/organization-picker';
import { StaffPicker } from '@/features/users/components/staff-picker';
import type { CustomerFilters } from '../customers.api';
import { customParamOf, readCustomFilters } from '../custom-filters';
import { COMMON_TEXT, CUSTOMER_TEXT, CUSTOM_FILTER_TEXT } from '../customers-text';
import { CustomFieldFilters } from './custom-field-filters';
import { CustomerGroupPicker, TagPicker } from './customer-pickers';
import { NativeSelect } from '@/components/ui/native-select';

/** Source values whose label repeats another's (web and chat are both Livechat) show once. */
export function sourceOptions() {
  const seen = new Set<string>();
  return CHANNEL_SOURCE.options().filter((option) => {
    if (seen.has(option.label)) return false;
    seen.add(option.label);
    return true;
  });
}

export interface CustomerFiltersProps {
  value: CustomerFilters;
  /** A change applied to the filters as they are by then (quick changes build on each other). */
  onChange: (update: (current: CustomerFilters) => CustomerFilters) => void;
  /** The customer's custom fields, each with its own filter below the others. */
  fields?: readonly CustomField[];
}

/** Group, tag, tier, source, owner, organization, created date range, then custom fields. */
export function CustomerFiltersPanel({ value, onChange, fields = [] }: CustomerFiltersProps) {
  const id = useId();
  const set = (key: keyof CustomerFilters, next: string) =>
    onChange((current) => ({ ...current, [key]: next || undefined }));

  const field = (key: keyof CustomerFilters, label: string, control: (id: string) => ReactNode) => (
    <div className="flex min-w-0 flex-col gap-1">
      <Label htmlFor={`${id}-${key}`} className="text-xs text-slate-500">
        {label}
      </Label>
      {control(`${id}-${key}`)}
    </div>
  );
  const select = (
    key: keyof CustomerFilters,
    label: string,
    options: { value: string; label: string }[],
  ) =>
    field(key, label, (fieldId) => (
      <NativeSelect
        id={fieldId}
        value={value[key] ?? ''}
        onChange={(event) => set(key, event.target.value)}
      >
        <option value="">{COMMON_TEXT.all}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </NativeSelect>
    ));
  // The pickers of one filter: one value at most, empty for 'Tất cả'.
  const pick = (key: keyof CustomerFilters) => ({
    value: value[key] ?? null,
    onChange: (next: string | null) => set(key, next ?? ''),
    emptyLabel: COMMON_TEXT.all,
  });

  const grid = 'grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4';
  return (
    <div className="flex flex-col gap-3">
      <div className={grid}>
        {field('group_id', CUSTOMER_TEXT.group, (fieldId) => (
          <CustomerGroupPicker id={fieldId} {...pick('group_id')} />
        ))}
        {field('tag_id', CUSTOMER_TEXT.tag, (fieldId) => (
          <TagPicker id={fieldId} {...pick('tag_id')} />
        ))}
        {select(
          'tier',
          CUSTOMER_TEXT.tier,
          CUSTOMER_TIER.options().map((option) => ({
            value: String(option.value),
            label: option.label,
          })),
        )}
        {select(
          'source',
          CUSTOMER_TEXT.source,
          sourceOptions().map((option) => ({ value: option.value, label: option.label })),
        )}
        {field('owner_id', CUSTOMER_TEXT.owner, (fieldId) => (
          <StaffPicker id={fieldId} {...pick('owner_id')} />
        ))}
        {field('organization_id', CUSTOMER_TEXT.organization, (fieldId) => (
          <OrganizationPicker id={fieldId} {...pick('organization_id')} />
        ))}
        <DateRangePicker
          id={`${id}-from`}
          className="sm:col-span-2"
          labels={{ from: CUSTOMER_TEXT.createdFrom, to: CUSTOMER_TEXT.createdTo, visible: true }}
          value={{ from: value.created_from, to: value.created_to }}
          onChange={(range) =>
            onChange((current) => ({
              ...current,
              created_from: range.from,
              created_to: range.to,
            }))
          }
        />
      </div>
      {fields.length > 0 && (
        <section
          aria-label={CUSTOM_FILTER_TEXT.title}
          className="flex flex-col gap-2 border-t border-slate-200 pt-3"
        >
          <h3 className="text-xs font-semibold tracking-wide text-slate-500 uppercase">
            {CUSTOM_FILTER_TEXT.title}
          </h3>
          <div className={grid}>
            <CustomFieldFilters
              fields={fields}
              value={readCustomFilters(value.custom)}
              onChange={(update) =>
                onChange((current) => ({
                  ...current,
                  custom: customParamOf(update(readCustomFilters(current.custom))),
                }))
              }
            />
          </div>
        </section>
      )}
    </div>
  );
}
