import { useId, type ReactNode } from 'react';
import { Filter, X } from 'lucide-react';
import { TICKET_STATUS } from '@omnicare/shared/tickets/ticket-enums';
import { DateRangePicker } from '@/components/ui/date-picker';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { SearchInput } from '@/components/ui/search-input';
import { sourceOptions } from '@/features/customers/components/customer-filters';
import { TagPicker } from '@/features/customers/components/customer-pickers';
import { DepartmentPicker, StaffPicker } from '@/features/users/components/staff-picker';
import type { TicketFilters } from '../tickets.api';
import { useTicketSettingsList } from '../tickets.queries';
import { TICKET_TEXT } from '../tickets-text';

type FiltersUpdate = (update: (current: TicketFilters) => TicketFilters) => void;

/** Status (one or the open ones), priority, type, assignee, department, tag, source, SLA, dates. */
export function TicketFiltersPanel({
  value,
  onChange,
}: {
  value: TicketFilters;
  onChange: FiltersUpdate;
}) {
  const id = useId();
  const priorities = useTicketSettingsList('priorities');
  const types = useTicketSettingsList('types');
  const set = (key: keyof TicketFilters, next: string | null) =>
    onChange((current) => ({ ...current, [key]: next || undefined }));
  const field = (key: string, label: string, control: (fieldId: string) => ReactNode) => (
    <div className="flex min-w-0 flex-col gap-1">
      <Label htmlFor={`${id}-${key}`} className="text-xs text-slate-500">
        {label}
      </Label>
      {control(`${id}-${key}`)}
    </div>
  );
  const select = (
    key: keyof TicketFilters,
    label: string,
    options: { value: string; label: string }[],
  ) =>
    field(key, label, (fieldId) => (
      <NativeSelect
        id={fieldId}
        value={value[key] ?? ''}
        onChange={(event) => set(key, event.target.value)}
      >
        <option value="">{TICKET_TEXT.all}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </NativeSelect>
    ));
  const pick = (key: keyof TicketFilters) => ({
    value: value[key] ?? null,
    onChange: (next: string | null) => set(key, next),
    emptyLabel: TICKET_TEXT.all,
  });
  const assignee = value.assignee_id;
  return (
    <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
      {select('status', TICKET_TEXT.status, [
        { value: 'new,open,pending', label: 'Chưa giải quyết (Mới, Đang mở, Đang chờ)' },
        ...TICKET_STATUS.options().map((option) => ({ value: option.value, label: option.label })),
      ])}
      {select(
        'priority_id',
        TICKET_TEXT.priority,
        (priorities.data ?? []).map((item) => ({ value: item._id, label: item.name })),
      )}
      {select(
        'type_id',
        TICKET_TEXT.type,
        (types.data ?? []).map((item) => ({ value: item._id, label: item.name })),
      )}
      {field('assignee_id', TICKET_TEXT.assignee, (fieldId) => (
        <div className="flex gap-2">
          <NativeSelect
            aria-label={`${TICKET_TEXT.assignee}: loại`}
            className="w-28 shrink-0"
            value={assignee === 'me' || assignee === 'none' ? assignee : assignee ? 'one' : ''}
            onChange={(event) =>
              set('assignee_id', event.target.value === 'one' ? null : event.target.value)
            }
          >
            <option value="">{TICKET_TEXT.all}</option>
            <option value="me">{TICKET_TEXT.me}</option>
            <option value="none">{TICKET_TEXT.unassigned}</option>
            <option value="one">Nhân viên…</option>
          </NativeSelect>
          <StaffPicker
            id={fieldId}
            {...pick('assignee_id')}
            value={assignee && assignee !== 'me' && assignee !== 'none' ? assignee : null}
          />
        </div>
      ))}
      {field('group_id', TICKET_TEXT.group, (fieldId) => (
        <DepartmentPicker id={fieldId} {...pick('group_id')} />
      ))}
      {field('tag', TICKET_TEXT.tags, (fieldId) => (
        <TagPicker id={fieldId} {...pick('tag')} />
      ))}
      {select('source', TICKET_TEXT.source, sourceOptions())}
      {select('sla', TICKET_TEXT.sla, [
        { value: 'breached', label: TICKET_TEXT.slaBreached },
        { value: 'due_soon', label: TICKET_TEXT.slaDueSoon },
      ])}
      <DateRangePicker
        id={`${id}-created`}
        className="sm:col-span-2"
        labels={{ from: 'Tạo từ ngày', to: 'Tạo đến ngày', visible: true }}
        value={{ from: value.created_from, to: value.created_to }}
        onChange={(range) =>
          onChange((current) => ({ ...current, created_from: range.from, created_to: range.to }))
        }
      />
      <DateRangePicker
        id={`${id}-updated`}
        className="sm:col-span-2"
        labels={{ from: 'Cập nhật từ ngày', to: 'Cập nhật đến ngày', visible: true }}
        value={{ from: value.updated_from, to: value.updated_to }}
        onChange={(range) =>
          onChange((current) => ({ ...current, updated_from: range.from, updated_to: range.to }))
        }
      />
    </div>
  );
}

export function TicketToolbar({
  search,
  onSearchChange,
  filters,
  onFiltersChange,
  onClear,
  showFilters,
  onShowFiltersChange,
  end,
}: {
  search: string;
  onSearchChange: (text: string) => void;
  filters: TicketFilters;
  onFiltersChange: FiltersUpdate;
  onClear: () => void;
  showFilters: boolean;
  onShowFiltersChange: (show: boolean) => void;
  /** Controls at the end of the row (columns). */
  end?: ReactNode;
}) {
  const count = Object.keys(filters).length;
  return (
    <>
      <div className="flex flex-wrap items-center gap-2">
        <SearchInput
          className="min-w-[min(100%,21rem)] flex-1 sm:max-w-md"
          label={TICKET_TEXT.searchPlaceholder}
          placeholder={TICKET_TEXT.searchPlaceholder}
          value={search}
          onChange={onSearchChange}
        />
        <Button
          variant={showFilters ? 'secondary' : 'outline'}
          aria-expanded={showFilters}
          onClick={() => onShowFiltersChange(!showFilters)}
        >
          <Filter aria-hidden="true" />
          {TICKET_TEXT.filters}
          {count > 0 && <Badge>{count}</Badge>}
        </Button>
        {count > 0 && (
          <Button variant="ghost" onClick={onClear}>
            <X aria-hidden="true" />
            {TICKET_TEXT.clearFilters}
          </Button>
        )}
        <span className="flex-1" />
        {end}
      </div>
      {showFilters && (
        <div className="rounded-lg border border-slate-200 bg-slate-50/60 p-3">
          <TicketFiltersPanel value={filters} onChange={onFiltersChange} />
        </div>
      )}
    </>
  );
}
