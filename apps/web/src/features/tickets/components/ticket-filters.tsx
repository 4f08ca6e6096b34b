import { useId, type ComponentProps } from 'react';
import { TICKET_STATUS } from '@omnicare/shared/tickets/ticket-enums';
import {
  FILTER_GRID,
  FilterField,
  FilterMultiSelect,
  FilterSection,
  FilterSelect,
} from '@/components/filters/filter-field';
import { DateRangePicker } from '@/components/ui/date-picker';
import { CustomFieldFilters } from '@/features/fields/components/custom-field-filters';
import { sourceOptions } from '@/features/customers/components/customer-filters';
import { CustomerPicker, TagPicker } from '@/features/customers/components/customer-pickers';
import { customParamOf, readCustomFilters } from '@/features/fields/custom-filters';
import { DepartmentPicker, StaffPicker } from '@/features/users/components/staff-picker';
import type { TicketFilters } from '../tickets.api';
import { useTicketFields, useTicketSettingsList } from '../tickets.queries';
import { TICKET_TEXT } from '../tickets-text';

export type FiltersUpdate = (update: (current: TicketFilters) => TicketFilters) => void;

const CUSTOM_FIELDS_TITLE = 'Trường tùy chỉnh';

/**
 * The ticket list's filters, also a view's in its settings: statuses, priorities, types,
 * services, assignees (me, unassigned, staff), departments, tags and channels (any of those
 * chosen), the requester, SLA, the created and updated ranges, then one filter per ticket custom field.
 */
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
  const services = useTicketSettingsList('services');
  const fields = useTicketFields();
  const set = (key: keyof TicketFilters) => (next: string | undefined) =>
    onChange((current) => ({ ...current, [key]: next || undefined }));
  const named = (items: { _id: string; name: string }[] | undefined) =>
    (items ?? []).map((item) => ({ value: item._id, label: item.name }));
  const many = (
    key: keyof TicketFilters,
    label: string,
    props: Omit<ComponentProps<typeof FilterMultiSelect>, 'id' | 'label' | 'value' | 'onChange'>,
  ) => (
    <FilterMultiSelect
      id={`${id}-${key}`}
      label={label}
      value={value[key]}
      onChange={set(key)}
      allLabel={TICKET_TEXT.all}
      {...props}
    />
  );
  return (
    <div className="flex flex-col gap-3">
      <div className={FILTER_GRID}>
        {many('status', TICKET_TEXT.status, { options: TICKET_STATUS.options() })}
        {many('priority_id', TICKET_TEXT.priority, {
          options: named(priorities.data),
          loading: priorities.isPending,
        })}
        {many('type_id', TICKET_TEXT.type, {
          options: named(types.data),
          loading: types.isPending,
        })}
        {many('service_id', TICKET_TEXT.service, {
          options: named(services.data),
          loading: services.isPending,
        })}
        {many('assignee_id', TICKET_TEXT.assignee, {
          picker: StaffPicker,
          extraOptions: [
            { value: 'me', label: TICKET_TEXT.me },
            { value: 'none', label: TICKET_TEXT.unassigned },
          ],
        })}
        {many('group_id', TICKET_TEXT.group, { picker: DepartmentPicker })}
        <FilterField id={`${id}-requester_id`} label={TICKET_TEXT.requester}>
          {(fieldId) => (
            <CustomerPicker
              id={fieldId}
              value={value.requester_id ?? null}
              onChange={(next) => set('requester_id')(next ?? undefined)}
              emptyLabel={TICKET_TEXT.all}
            />
          )}
        </FilterField>
        {many('tag', TICKET_TEXT.tags, { picker: TagPicker })}
        {many('source', TICKET_TEXT.source, { options: sourceOptions() })}
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
        <FilterSelect
          id={`${id}-sla`}
          label={TICKET_TEXT.sla}
          value={value.sla}
          onChange={set('sla')}
          allLabel={TICKET_TEXT.all}
          options={[
            { value: 'breached', label: TICKET_TEXT.slaBreached },
            { value: 'due_soon', label: TICKET_TEXT.slaDueSoon },
          ]}
        />
      </div>
      {(fields.data ?? []).length > 0 && (
        <FilterSection title={CUSTOM_FIELDS_TITLE}>
          <CustomFieldFilters
            fields={fields.data ?? []}
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
