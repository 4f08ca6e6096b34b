import { useId } from 'react';
import { CUSTOMER_TIER } from '@omnicare/shared/customers/customer-enums';
import { CHANNEL_SOURCE } from '@omnicare/shared/channels/channel-source';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import type { CustomerFilters } from '../customers.api';
import {
  useAllCustomerGroups,
  useAllTags,
  useOrganizationOptions,
  useOwners,
} from '../customers.queries';
import { COMMON_TEXT, CUSTOMER_TEXT } from '../customers-text';
import { NativeSelect } from './native-select';

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
  onChange: (next: CustomerFilters) => void;
}

/** Group, tag, tier, source, owner, organization and created date range. */
export function CustomerFiltersPanel({ value, onChange }: CustomerFiltersProps) {
  const id = useId();
  const groups = useAllCustomerGroups();
  const tags = useAllTags();
  const owners = useOwners();
  const organizations = useOrganizationOptions();
  const set = (key: keyof CustomerFilters, next: string) =>
    onChange({ ...value, [key]: next || undefined });

  const select = (
    key: keyof CustomerFilters,
    label: string,
    options: { value: string; label: string }[],
  ) => (
    <div className="flex min-w-0 flex-col gap-1">
      <Label htmlFor={`${id}-${key}`} className="text-xs text-slate-500">
        {label}
      </Label>
      <NativeSelect
        id={`${id}-${key}`}
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
    </div>
  );

  return (
    <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
      {select(
        'group_id',
        CUSTOMER_TEXT.group,
        (groups.data ?? []).map((group) => ({ value: group._id, label: group.name })),
      )}
      {select(
        'tag_id',
        CUSTOMER_TEXT.tag,
        (tags.data ?? []).map((tag) => ({ value: tag._id, label: `${tag.group} / ${tag.name}` })),
      )}
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
      {select(
        'owner_id',
        CUSTOMER_TEXT.owner,
        (owners.data ?? []).map((owner) => ({ value: owner._id, label: owner.name })),
      )}
      {select(
        'organization_id',
        CUSTOMER_TEXT.organization,
        (organizations.data ?? []).map((org) => ({
          value: org._id,
          label: `${'\u00a0\u00a0'.repeat(org.depth)}${org.name}`,
        })),
      )}
      <div className="flex min-w-0 flex-col gap-1">
        <Label htmlFor={`${id}-from`} className="text-xs text-slate-500">
          {CUSTOMER_TEXT.createdFrom}
        </Label>
        <Input
          id={`${id}-from`}
          type="date"
          value={value.created_from ?? ''}
          max={value.created_to}
          onChange={(event) => set('created_from', event.target.value)}
        />
      </div>
      <div className="flex min-w-0 flex-col gap-1">
        <Label htmlFor={`${id}-to`} className="text-xs text-slate-500">
          {CUSTOMER_TEXT.createdTo}
        </Label>
        <Input
          id={`${id}-to`}
          type="date"
          value={value.created_to ?? ''}
          min={value.created_from}
          onChange={(event) => set('created_to', event.target.value)}
        />
      </div>
    </div>
  );
}
