import { useQuery } from '@tanstack/react-query';
import type { TagGroup, TagGroupBody } from '@omnicare/shared/customers/customers.schemas';
import { atPaths } from '@/components/catalogue/catalogue-api';
import { fetchCities, fetchCustomerFields, fetchDistricts } from './customers.api';

export const customerKeys = {
  groups: ['customer-groups'] as const,
  tagGroups: ['tag-groups'] as const,
  customers: ['customers'] as const,
  details: ['customers', 'detail'] as const,
  /** One customer by the reference its address holds (its number, or an old link's id). */
  customer: (ref: string) => ['customers', 'detail', ref] as const,
  timeline: (id: string) => ['customers', 'timeline', id] as const,
  savedFilters: ['saved-filters', 'customer'] as const,
};

/** The tag groups as a catalogue, at the spec's paths (the list answered as `{data}`). */
export const TAG_GROUPS = atPaths<TagGroup, TagGroupBody>(
  customerKeys.tagGroups,
  { list: '/v2/group-tag-customer', one: '/v2/group-tag-customer' },
  { answer: 'array' },
);

/** Every tag, flattened from the tag groups, for pickers. */
export function useAllTags() {
  return useQuery({
    queryKey: [...customerKeys.tagGroups, 'all'],
    queryFn: ({ signal }) => TAG_GROUPS.list(signal),
    staleTime: 60_000,
    select: ({ data: groups }) =>
      groups.flatMap((group) =>
        group.tags.map((tag) => ({ _id: tag._id, name: tag.name, group: group.name })),
      ),
  });
}

export function useCities() {
  return useQuery({
    queryKey: ['cities'],
    queryFn: ({ signal }) => fetchCities(signal),
    staleTime: Infinity,
  });
}

export function useDistricts(cityId: string | null | undefined) {
  return useQuery({
    queryKey: ['districts', cityId],
    queryFn: ({ signal }) => fetchDistricts(cityId ?? '', signal),
    enabled: Boolean(cityId),
    staleTime: Infinity,
  });
}

export function useCustomerFields() {
  return useQuery({
    queryKey: ['fields', 'customer'],
    queryFn: ({ signal }) => fetchCustomerFields(signal),
    staleTime: 60_000,
  });
}
