import { useId } from 'react';
import type { ReactNode } from 'react';
import {
  FILTER_GRID,
  FilterField,
  FilterSection,
  FilterSelect,
} from '@/components/filters/filter-field';
import { CUSTOMER_TIER } from '@omnicare/shared/customers/customer-enums';
import { CHANNEL_SOURCE } from '@omnicare/shared/channels/channel-source';
import type { CustomField } from '@omnicare/shared/fields/fields.schemas';
import { DateRangePicker } from '@/components/ui/date-picker';
import { OrganizationPicker } from '@/features/organizations/components/organization-picker';
import { StaffPicker } from '@/features/users/components/staff-picker';
import type { CustomerFilters } from '../customers.api';
import { customParamOf, readCustomFilters } from '@/features/fields/custom-filters';
import { COMMON_TEXT, CUSTOMER_TEXT } from '../customers-text';
import { CUSTOM_FILTER_TEXT } from '@/features/fields/fields-text';
import { CustomFieldFilters } from '@/features/fields/components/custom-field-filters';
import { CustomerGroupPicker, TagPicker } from './customer-pickers';

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
  const set = (key: keyof CustomerFilters, next: string | null | undefined) =>
    onChange((current) => ({ ...current, [key]: next || undefined }));
  const select = (
    key: keyof CustomerFilters,
    label: string,
    options: { value: string; label: string }[],
  ) => (
    <FilterSelect
      id={`${id}-${key}`}
      label={label}
      value={value[key]}
      onChange={(next) => set(key, next)}
      options={options}
      allLabel={COMMON_TEXT.all}
    />
  );
  // The pickers of one filter: one value at most, empty for 'Tất cả'.
  const picker = (
    key: keyof CustomerFilters,
    label: string,
    Picker: (props: {
      id: string;
      value: string | null;
      onChange: (next: string | null) => void;
      emptyLabel: string;
    }) => ReactNode,
  ) => (
    <FilterField id={`${id}-${key}`} label={label}>
      {(fieldId) => (
        <Picker
          id={fieldId}
          value={value[key] ?? null}
          onChange={(next: string | null) => set(key, next)}
          emptyLabel={COMMON_TEXT.all}
        />
      )}
    </FilterField>
  );

  return (
    <div className="flex flex-col gap-3">
      <div className={FILTER_GRID}>
        {picker('group_id', CUSTOMER_TEXT.group, CustomerGroupPicker)}
        {picker('tag_id', CUSTOMER_TEXT.tag, TagPicker)}
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
        {picker('owner_id', CUSTOMER_TEXT.owner, StaffPicker)}
        {picker('organization_id', CUSTOMER_TEXT.organization, OrganizationPicker)}
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
        <FilterSection title={CUSTOM_FILTER_TEXT.title}>
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
        </FilterSection>
      )}
    </div>
  );
}
