import type { PickerProps } from '@/components/ui/search-combobox';
import { SearchCombobox } from '@/components/ui/search-combobox';
import type { ComboboxSource, ComboOption } from '@/components/ui/use-combobox-source';
import { pageOf } from '@/components/ui/use-combobox-source';
import { MAX_ID_LIST } from '@omnicare/shared/platform/validation';
import { MIN_USER_SEARCH_LENGTH } from '@omnicare/shared/platform/constants';
import { ROLE, STAFF_ROLES } from '@omnicare/shared/users/roles';
import type { StaffRole } from '@omnicare/shared/users/roles';
import type { StaffUser } from '@omnicare/shared/users/users.schemas';
import type { Group } from '@omnicare/shared/groups/groups.schemas';
import { PICKER_PAGE_SIZE, fetchStaffPage } from '../users.api';
import { listDepartments } from '../departments.api';
import { USER_STATUS_LABEL } from '@omnicare/shared/users/user-fields';

export const staffOption = (user: StaffUser): ComboOption => ({
  value: user._id,
  label: user.name,
  hint: [user.email, ROLE.label(user.role), user.active ? null : USER_STATUS_LABEL.disabled]
    .filter(Boolean)
    .join(' · '),
});

/** Staff from /v2/all-user: first pages, the search from 2 characters, and look-ups by id. */
export function staffSource(roles: readonly StaffRole[] = STAFF_ROLES): ComboboxSource {
  return {
    key: ['staff', 'picker', roles],
    minSearchLength: MIN_USER_SEARCH_LENGTH,
    search: async ({ keyword, page, signal }) => {
      const { list, total } = await fetchStaffPage(
        { keyword, roles, page, page_size: PICKER_PAGE_SIZE },
        signal,
      );
      return pageOf(list.map(staffOption), total, page, PICKER_PAGE_SIZE);
    },
    resolve: async (ids, signal) => {
      const { list } = await fetchStaffPage(
        { roles, ids: ids.slice(0, MAX_ID_LIST), page: 1, page_size: MAX_ID_LIST },
        signal,
      );
      return list.map(staffOption);
    },
  };
}

export const STAFF_SOURCE = staffSource();

/** A staff member or several, searched on the server by name, email, phone or agent id. */
export function StaffPicker({ roles, ...props }: PickerProps & { roles?: readonly StaffRole[] }) {
  return (
    <SearchCombobox
      searchPlaceholder="Tìm theo tên, email hoặc mã"
      {...props}
      source={roles ? staffSource(roles) : STAFF_SOURCE}
    />
  );
}

export const departmentOption = (group: Pick<Group, '_id' | 'name'> & Partial<Group>) => ({
  value: group._id,
  label: group.name,
  hint: group.organization_name ?? undefined,
});

/** Departments (groups with target 'user') from /v2/all-group, searched by name. */
export const DEPARTMENT_SOURCE: ComboboxSource = {
  key: ['departments', 'picker'],
  search: async ({ keyword, page, signal }) => {
    const { data, total } = await listDepartments(
      { page, page_size: PICKER_PAGE_SIZE, ...(keyword ? { name: keyword } : {}) },
      signal,
    );
    return pageOf(data.map(departmentOption), total, page, PICKER_PAGE_SIZE);
  },
  resolve: async (ids, signal) => {
    const { data } = await listDepartments(
      { page: 1, page_size: MAX_ID_LIST, ids: ids.slice(0, MAX_ID_LIST) },
      signal,
    );
    return data.map(departmentOption);
  },
};

export function DepartmentPicker(props: PickerProps) {
  return <SearchCombobox searchPlaceholder="Tìm phòng ban" {...props} source={DEPARTMENT_SOURCE} />;
}
