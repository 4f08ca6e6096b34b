import { ROLE, STAFF_ROLES } from '@omnicare/shared/users/roles';
import type { StaffRole } from '@omnicare/shared/users/roles';
import { USER_STATUS } from '@omnicare/shared/users/users.schemas';
import { SearchInput } from '@/components/ui/search-input';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import { OrganizationPicker } from '@/features/organizations/components/organization-picker';
import type { UserStatus } from '../users.api';
import { USER_STATUS_LABEL } from '@omnicare/shared/users/user-fields';
import { USERS_TEXT } from '../users-text';
import { DepartmentPicker } from './staff-picker';

export interface StaffFilterValues {
  role: StaffRole | null;
  groupId: string | null;
  organizationId: string | null;
  status: UserStatus | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The address parameters of the staff filters (useAddressFilters). */
export const STAFF_FILTER_KEYS = ['role', 'group', 'organization', 'status'] as const;

/** The filters an address names; an unknown role or status is no filter. */
export function staffFiltersOf(
  address: Record<(typeof STAFF_FILTER_KEYS)[number], string | null>,
): StaffFilterValues {
  const role = STAFF_ROLES.find((value) => value === address.role) ?? null;
  const status = USER_STATUS.find((value) => value === address.status) ?? null;
  const id = (value: string | null) => (value && UUID.test(value) ? value : null);
  return { role, groupId: id(address.group), organizationId: id(address.organization), status };
}

const ALL = '__all__';

export function StaffFilters({
  search,
  onSearchChange,
  filters,
  onFiltersChange,
}: {
  search: string;
  onSearchChange: (text: string) => void;
  filters: StaffFilterValues;
  onFiltersChange: (filters: StaffFilterValues) => void;
}) {
  const set = <K extends keyof StaffFilterValues>(key: K, value: StaffFilterValues[K]) =>
    onFiltersChange({ ...filters, [key]: value });
  return (
    <div className="flex flex-wrap items-center gap-2">
      <SearchInput
        size="sm"
        className="min-w-48 flex-1 basis-48"
        label="Tìm nhân viên"
        placeholder={USERS_TEXT.searchPlaceholder}
        value={search}
        onChange={onSearchChange}
      />
      <Select
        value={filters.role ?? ALL}
        onValueChange={(value) => set('role', value === ALL ? null : (value as StaffRole))}
      >
        <SelectTrigger size="sm" className="w-36" aria-label="Lọc theo vai trò">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value={ALL}>{USERS_TEXT.allRoles}</SelectItem>
          {STAFF_ROLES.map((role) => (
            <SelectItem key={role} value={role}>
              {ROLE.label(role)}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      <DepartmentPicker
        size="sm"
        className="w-44"
        aria-label="Lọc theo phòng ban"
        value={filters.groupId}
        onChange={(value) => set('groupId', value)}
        emptyLabel={USERS_TEXT.allDepartments}
      />
      <OrganizationPicker
        size="sm"
        className="w-44"
        aria-label="Lọc theo tổ chức"
        value={filters.organizationId}
        onChange={(value) => set('organizationId', value)}
        emptyLabel={USERS_TEXT.allOrganizations}
      />
      <Select
        value={filters.status ?? ALL}
        onValueChange={(value) => set('status', value === ALL ? null : (value as UserStatus))}
      >
        <SelectTrigger size="sm" className="w-44" aria-label="Lọc theo trạng thái">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value={ALL}>{USERS_TEXT.allStates}</SelectItem>
          {USER_STATUS.map((status) => (
            <SelectItem key={status} value={status}>
              {USER_STATUS_LABEL[status]}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}
