import { useQuery } from '@tanstack/react-query';
import type { MacroActions } from '@omnicare/shared/macros/macros.schemas';
import { MACRO_ASSIGNEE_ME } from '@omnicare/shared/macros/macros.schemas';
import { useAllTags } from '@/features/customers/customers.queries';
import { useTicketSettingsList } from '@/features/tickets/tickets.queries';
import { DEPARTMENT_SOURCE, STAFF_SOURCE } from '@/features/users/components/staff-picker';
import type { ComboboxSource } from '@/components/ui/use-combobox-source';
import type { MacroNames } from './macro-changes';

const byId = (rows: { _id: string; name: string }[] | undefined) => (id: string) =>
  rows?.find((row) => row._id === id)?.name;

/** The labels of some ids of a picker's source, looked up once together. */
function useResolved(source: ComboboxSource, ids: string[]) {
  const wanted = [...new Set(ids)].sort();
  const query = useQuery({
    queryKey: [...source.key, 'resolve', wanted],
    queryFn: ({ signal }) => source.resolve?.(wanted, signal) ?? [],
    enabled: wanted.length > 0,
    staleTime: 60_000,
    meta: { silent: true },
  });
  return (id: string) => query.data?.find((option) => option.value === id)?.label;
}

/** The names `describeMacroChanges` needs for these macros' actions. */
export function useMacroNames(actions: MacroActions[]): MacroNames {
  const priorities = useTicketSettingsList('priorities');
  const types = useTicketSettingsList('types');
  const tags = useAllTags();
  const department = useResolved(
    DEPARTMENT_SOURCE,
    actions.flatMap((action) => (action.group_id ? [action.group_id] : [])),
  );
  const staff = useResolved(
    STAFF_SOURCE,
    actions.flatMap((action) =>
      action.assignee && action.assignee !== MACRO_ASSIGNEE_ME ? [action.assignee] : [],
    ),
  );
  return {
    priority: byId(priorities.data),
    type: byId(types.data),
    tag: byId(tags.data),
    department,
    staff,
  };
}
