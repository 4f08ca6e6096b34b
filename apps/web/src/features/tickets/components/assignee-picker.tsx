import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { MAX_ID_LIST } from '@omnicare/shared/platform/validation';
import type { TicketAssignee } from '@omnicare/shared/tickets/ticket-assignees.schemas';
import { PRESENCE } from '@omnicare/shared/users/presence';
import { NativeSelect } from '@/components/ui/native-select';
import { PresenceDot } from '@/components/ui/presence-dot';
import { SearchCombobox } from '@/components/ui/search-combobox';
import type { ComboboxSource, ComboOption } from '@/components/ui/use-combobox-source';
import { pageOf } from '@/components/ui/use-combobox-source';
import { listDepartments } from '@/features/users/departments.api';
import { PICKER_PAGE_SIZE } from '@/features/users/users.api';
import { listAssignees } from '../tickets.api';
import { ticketKeys } from '../ticket-keys';

export const ASSIGNEE_TEXT = {
  search: 'Tìm theo tên, email hoặc mã',
  department: 'Bộ phận',
  allDepartments: 'Tất cả bộ phận',
  filter: 'Lọc người xử lý theo bộ phận',
  openTickets: (count: number) => `${count} ticket đang mở`,
  openShort: (count: number) => `${count} đang mở`,
} as const;

type Named = { _id: string; name: string };

/** A person in the list: presence dot and label, open tickets at the end. */
export const assigneeOption = (person: TicketAssignee): ComboOption => ({
  value: person._id,
  label: person.name,
  hint: PRESENCE.label(person.presence),
  leading: <PresenceDot presence={person.presence} className="mt-0.5 self-start" />,
  trailing: (
    <span
      className="shrink-0 rounded-full border border-slate-200 px-2 py-0.5 text-xs text-slate-600 tabular-nums"
      aria-label={ASSIGNEE_TEXT.openTickets(person.open_tickets)}
    >
      {ASSIGNEE_TEXT.openShort(person.open_tickets)}
    </span>
  ),
});

/** The people of `/v2/tickets/assignees`, of one department or all (in the caller's scope). */
export function assigneeSource(groupId: string | null): ComboboxSource {
  return {
    key: [...ticketKeys.assignees, groupId],
    search: async ({ keyword, page, signal }) => {
      const { data, total } = await listAssignees(
        { group_id: groupId ?? undefined, keyword, page, page_size: PICKER_PAGE_SIZE },
        signal,
      );
      return pageOf(data.map(assigneeOption), total, page, PICKER_PAGE_SIZE);
    },
    // A chosen person is named whatever department the list shows.
    resolve: async (ids, signal) => {
      const { data } = await listAssignees(
        { ids: ids.slice(0, MAX_ID_LIST).join(','), page: 1, page_size: MAX_ID_LIST },
        signal,
      );
      return data.map(assigneeOption);
    },
  };
}

/** The department narrowing the list, at the top of the open picker (all by default). */
function DepartmentFilter({
  value,
  onChange,
}: {
  value: Named | null;
  onChange: (group: Named | null) => void;
}) {
  const departments = useQuery({
    queryKey: ['departments', 'assignee-filter'],
    queryFn: ({ signal }) => listDepartments({ page: 1, page_size: 100 }, signal),
    staleTime: 60_000,
  });
  const options = departments.data?.data ?? [];
  return (
    <div className="flex items-center gap-2 border-b border-slate-100 px-2.5 py-2">
      <span className="shrink-0 text-xs text-slate-500" aria-hidden="true">
        {ASSIGNEE_TEXT.department}
      </span>
      <NativeSelect
        aria-label={ASSIGNEE_TEXT.filter}
        className="h-8 text-sm"
        value={value?._id ?? ''}
        onChange={(event) => {
          const chosen = options.find((group) => group._id === event.target.value);
          onChange(chosen ? { _id: chosen._id, name: chosen.name } : null);
        }}
      >
        <option value="">{ASSIGNEE_TEXT.allDepartments}</option>
        {/* The department given before its list has loaded. */}
        {value && !options.some((group) => group._id === value._id) && (
          <option value={value._id}>{value.name}</option>
        )}
        {options.map((group) => (
          <option key={group._id} value={group._id}>
            {group.name}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}

/**
 * Whom a ticket goes to: a department first (optional; the ticket's own to begin with), then a
 * person of it, each with their presence and open tickets. Disabled accounts and pending
 * invitations are never offered (the server's list leaves them out). `onChange` tells the
 * department chosen in the picker too, so the caller can move the ticket there with the person.
 */
export function AssigneePicker({
  id,
  value,
  valueLabel,
  group,
  placeholder,
  emptyLabel,
  onChange,
  'aria-label': ariaLabel,
}: {
  id?: string;
  /** The name of a picker without a label of its own (the bulk bar's). */
  'aria-label'?: string;
  value: string | null;
  /** The chosen person's name, known to the caller. */
  valueLabel?: string;
  /** The department the list starts at. */
  group?: Named | null;
  placeholder?: string;
  emptyLabel?: string;
  onChange: (value: string | null, option: ComboOption | null, group: Named | null) => void;
}) {
  const [filter, setFilter] = useState<Named | null>(group ?? null);
  // A new department given from outside (the ticket moved) starts the list there.
  const [given, setGiven] = useState(group?._id ?? null);
  if ((group?._id ?? null) !== given) {
    setGiven(group?._id ?? null);
    setFilter(group ?? null);
  }
  const source = useMemo(() => assigneeSource(filter?._id ?? null), [filter?._id]);
  return (
    <SearchCombobox
      id={id}
      value={value}
      source={source}
      knownOptions={value && valueLabel ? [{ value, label: valueLabel }] : []}
      placeholder={placeholder}
      emptyLabel={emptyLabel}
      aria-label={ariaLabel}
      searchPlaceholder={ASSIGNEE_TEXT.search}
      header={<DepartmentFilter value={filter} onChange={setFilter} />}
      contentClassName="min-w-80"
      onChange={(next, option) => onChange(next, option, filter)}
    />
  );
}
