import type { PickerProps } from '@/components/ui/search-combobox';
import { SearchCombobox } from '@/components/ui/search-combobox';
import type { ComboboxSource, ComboOption } from '@/components/ui/use-combobox-source';
import { pageOf } from '@/components/ui/use-combobox-source';
import { MAX_ID_LIST } from '@omnicare/shared/platform/validation';
import type { Group } from '@omnicare/shared/groups/groups.schemas';
import { PICKER_PAGE_SIZE } from '@/features/users/users.api';
import { fetchCustomer, fetchCustomerGroups, fetchCustomers } from '../customers.api';
import { formatPhone } from '@omnicare/shared/customers/phone-format';
import { customerKeys, useAllTags } from '../customers.queries';

const groupOption = (group: Group): ComboOption => ({ value: group._id, label: group.name });

/** Customer groups from /v2/groups (offset/limit), searched by name on the server. */
export const CUSTOMER_GROUP_SOURCE: ComboboxSource = {
  key: [...customerKeys.groups, 'picker'],
  search: async ({ keyword, page, signal }) => {
    const { list, total } = await fetchCustomerGroups(
      { offset: (page - 1) * PICKER_PAGE_SIZE, limit: PICKER_PAGE_SIZE, name: keyword },
      signal,
    );
    return pageOf(list.map(groupOption), total, page, PICKER_PAGE_SIZE);
  },
  resolve: async (ids, signal) => {
    const { list } = await fetchCustomerGroups(
      { offset: 0, limit: MAX_ID_LIST, ids: ids.slice(0, MAX_ID_LIST) },
      signal,
    );
    return list.map(groupOption);
  },
};

const customerOption = (customer: {
  _id: string;
  name: string;
  phone?: string | null;
  email?: string | null;
}): ComboOption => ({
  value: customer._id,
  label: customer.name,
  hint: formatPhone(customer.phone) || customer.email || undefined,
});

/** Customers searched on the server (name, phone, email), with their phone beside the name. */
export const CUSTOMER_SOURCE: ComboboxSource = {
  key: [...customerKeys.customers, 'picker'],
  search: async ({ keyword, page, signal }) => {
    const { data, total } = await fetchCustomers(
      {
        page,
        page_size: PICKER_PAGE_SIZE,
        sort: 'name',
        order: 'asc',
        ...(keyword ? { keyword } : {}),
      },
      signal,
    );
    return pageOf(data.map(customerOption), total, page, PICKER_PAGE_SIZE);
  },
  // A customer already chosen (a saved view's requester): its name, read one by one (a filter
  // names one or a few); one gone or out of the caller's scope keeps its id as its label.
  resolve: async (ids, signal) => {
    const found = await Promise.all(
      ids.map((id) => fetchCustomer(id, signal).catch(() => undefined)),
    );
    return found.flatMap((customer) => (customer ? [customerOption(customer)] : []));
  },
};

export function CustomerPicker(props: PickerProps) {
  return (
    <SearchCombobox
      searchPlaceholder="Tìm theo tên, số điện thoại, email"
      {...props}
      source={CUSTOMER_SOURCE}
    />
  );
}

export function CustomerGroupPicker(props: PickerProps) {
  return (
    <SearchCombobox
      searchPlaceholder="Tìm nhóm khách hàng"
      {...props}
      source={CUSTOMER_GROUP_SOURCE}
    />
  );
}

/** Tags of every tag group (GET /v2/group-tag-customer answers them all), searched here. */
export function TagPicker(props: PickerProps) {
  const tags = useAllTags();
  const options = (tags.data ?? []).map((tag) => ({
    value: tag._id,
    label: tag.name,
    hint: tag.group,
  }));
  return (
    <SearchCombobox
      searchPlaceholder="Tìm tag"
      {...props}
      options={options}
      loading={tags.isPending}
    />
  );
}
