import { useState } from 'react';
import { ROLE } from '@omnicare/shared/users/roles';
import { MultiSelect } from '@/components/ui/multi-select';
import { useDebouncedValue } from '@/lib/use-list-params';
import { usePickableUsers } from '../users.queries';

export interface UserPickerProps {
  id?: string;
  value: readonly string[];
  onChange: (value: string[]) => void;
  single?: boolean;
  placeholder?: string;
  /** Names of already chosen users, by id (they may not be in the first page). */
  knownLabels?: Readonly<Record<string, string>>;
  invalid?: boolean;
  describedBy?: string;
}

/** Staff from /v2/all-user: the first page, or the search from 2 characters. */
export function UserPicker({ value, onChange, knownLabels, ...rest }: UserPickerProps) {
  const [search, setSearch] = useState('');
  const keyword = useDebouncedValue(search);
  const users = usePickableUsers(keyword);
  const options = (users.data ?? []).map((user) => ({
    value: user._id,
    label: user.name,
    hint: `${user.email} · ${ROLE.label(user.role)}`,
  }));
  return (
    <MultiSelect
      {...rest}
      value={value}
      onChange={onChange}
      options={options}
      knownLabels={knownLabels}
      search={search}
      onSearchChange={setSearch}
      loading={users.isFetching}
      searchPlaceholder="Tìm theo tên hoặc email (ít nhất 2 ký tự)"
    />
  );
}
