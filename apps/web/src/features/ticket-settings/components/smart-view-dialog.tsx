import { Controller } from 'react-hook-form';
import { TICKET_STATUS } from '@omnicare/shared/tickets/ticket-enums';
import { TICKET_SLA_FILTER } from '@omnicare/shared/tickets/tickets.schemas';
import {
  TICKET_LIST_COLUMN,
  TICKET_SORT_FIELDS,
  smartViewBody,
  type SmartView,
  type SmartViewBody,
} from '@omnicare/shared/ticket-config/ticket-config.schemas';
import { Checkbox } from '@/components/ui/checkbox';
import { DialogForm, FormDialog, FormField } from '@/components/ui/form-dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Switch } from '@/components/ui/switch';
import { useCan } from '@/lib/use-can';
import { useResourceList } from '../ticket-settings.queries';
import { TICKET_SETTINGS_TEXT as TEXT } from '../ticket-settings-text';
import type { RecordDialogProps } from './config-list-page';
import { useConfigForm } from './use-config-form';

export const SLA_FILTER_LABEL: Record<(typeof TICKET_SLA_FILTER)[number], string> = {
  breached: 'Đã quá hạn',
  due_soon: 'Sắp đến hạn',
};
const SORT_LABEL: Record<(typeof TICKET_SORT_FIELDS)[number], string> = {
  updated_at: 'Cập nhật',
  created_at: 'Ngày tạo',
  code: 'Mã',
  subject: 'Tiêu đề',
  priority: 'Mức độ ưu tiên',
  status: 'Trạng thái',
  due_at: 'Hạn xử lý',
};
const DEFAULT_COLUMNS: SmartView['columns'] = [
  'code',
  'subject',
  'status',
  'priority',
  'requester',
  'assignee',
  'updated_at',
];

export function SmartViewDialog({ open, onOpenChange, record }: RecordDialogProps<SmartView>) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      className="max-h-[92vh] max-w-2xl overflow-y-auto"
    >
      <ViewForm key={record?._id ?? 'new'} record={record} onDone={() => onOpenChange(false)} />
    </FormDialog>
  );
}

/** A list of checkboxes editing a list of values. */
function CheckList<T extends string>({
  legend,
  options,
  value,
  onChange,
  error,
}: {
  legend: string;
  options: { value: T; label: string }[];
  value: readonly T[];
  onChange: (next: T[]) => void;
  error?: string;
}) {
  return (
    <fieldset className="flex flex-col gap-1.5">
      <legend className="mb-1.5 text-sm font-medium text-slate-800">{legend}</legend>
      <div className="flex flex-wrap gap-x-4 gap-y-2">
        {options.map((option) => (
          <label key={option.value} className="flex items-center gap-1.5 text-sm text-slate-700">
            <Checkbox
              checked={value.includes(option.value)}
              onCheckedChange={(checked) =>
                onChange(
                  checked === true
                    ? [...value, option.value]
                    : value.filter((one) => one !== option.value),
                )
              }
            />
            {option.label}
          </label>
        ))}
      </div>
      {error && <p className="text-xs text-red-600">{error}</p>}
    </fieldset>
  );
}

function ViewForm({ record, onDone }: { record: SmartView | null; onDone: () => void }) {
  const canShare = useCan('smart_view.share');
  const priorities = useResourceList('priorities');
  const filters = record?.filters ?? {};
  const { form, save, onSubmit, field, aria, errorOf } = useConfigForm({
    resource: 'views',
    schema: smartViewBody,
    defaults: {
      name: record?.name ?? '',
      shared: record?.shared ?? false,
      columns: record?.columns ?? DEFAULT_COLUMNS,
      sort: record?.sort ?? { field: 'updated_at', direction: 'desc' },
      filters: {
        ...filters,
        status: filters.status ?? [],
        priority_id: filters.priority_id ?? [],
        assignee_id: filters.assignee_id ?? [],
      },
    } satisfies SmartViewBody,
    id: record?._id ?? null,
    fields: ['name', 'shared', 'columns', 'sort.field', 'sort.direction', 'filters'],
    onDone,
    // Empty filters are left out, as the ticket list's query leaves them out.
    toBody: (values) => ({
      ...values,
      shared: values.shared ?? false,
      filters: Object.fromEntries(
        Object.entries(values.filters ?? {}).filter(
          ([, value]) => value !== '' && !(Array.isArray(value) && value.length === 0),
        ),
      ),
    }),
  });
  return (
    <DialogForm
      title={record ? 'Cập nhật view' : 'Thêm view'}
      description="View lưu bộ lọc, cột hiển thị và cách sắp xếp của danh sách ticket."
      onSubmit={onSubmit}
      onCancel={onDone}
      pending={save.isPending}
    >
      <FormField label="Tên view" required {...field('name')}>
        <Input autoFocus {...aria('name')} {...form.register('name')} />
      </FormField>
      {canShare && (
        <Controller
          control={form.control}
          name="shared"
          render={({ field: control }) => (
            <div className="flex items-center gap-2">
              <Switch
                id={field('shared').id}
                checked={control.value ?? false}
                onCheckedChange={(checked) => control.onChange(checked)}
              />
              <Label htmlFor={field('shared').id}>Dùng chung cho mọi người</Label>
            </div>
          )}
        />
      )}
      <Controller
        control={form.control}
        name="filters.status"
        render={({ field: control }) => (
          <CheckList
            legend="Trạng thái"
            options={TICKET_STATUS.options()}
            value={control.value ?? []}
            onChange={control.onChange}
            error={errorOf('filters.status')}
          />
        )}
      />
      <Controller
        control={form.control}
        name="filters.priority_id"
        render={({ field: control }) => (
          <CheckList
            legend={TEXT.priority}
            options={(priorities.data?.data ?? []).map((p) => ({ value: p._id, label: p.name }))}
            value={control.value ?? []}
            onChange={control.onChange}
          />
        )}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="SLA" {...field('filters.sla')}>
          <NativeSelect {...aria('filters.sla')} {...form.register('filters.sla')}>
            <option value="">{TEXT.none}</option>
            {TICKET_SLA_FILTER.map((value) => (
              <option key={value} value={value}>
                {SLA_FILTER_LABEL[value]}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <Controller
          control={form.control}
          name="filters.assignee_id"
          render={({ field: control }) => (
            <label className="flex items-center gap-2 self-end pb-2 text-sm text-slate-700">
              <Checkbox
                checked={(control.value ?? []).includes('me')}
                onCheckedChange={(checked) => control.onChange(checked === true ? ['me'] : [])}
              />
              Chỉ ticket giao cho người xem
            </label>
          )}
        />
      </div>
      <Controller
        control={form.control}
        name="columns"
        render={({ field: control }) => (
          <CheckList
            legend={TEXT.columns}
            options={TICKET_LIST_COLUMN.values.map((value) => ({
              value,
              label: TICKET_LIST_COLUMN.labels[value],
            }))}
            value={control.value ?? []}
            // Kept in the list's order, whatever the order of the clicks.
            onChange={(next) =>
              control.onChange(TICKET_LIST_COLUMN.values.filter((value) => next.includes(value)))
            }
            error={errorOf('columns')}
          />
        )}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={TEXT.sort} {...field('sort.field')}>
          <NativeSelect {...aria('sort.field')} {...form.register('sort.field')}>
            {TICKET_SORT_FIELDS.map((value) => (
              <option key={value} value={value}>
                {SORT_LABEL[value]}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField label="Chiều sắp xếp" {...field('sort.direction')}>
          <NativeSelect {...aria('sort.direction')} {...form.register('sort.direction')}>
            <option value="desc">Giảm dần</option>
            <option value="asc">Tăng dần</option>
          </NativeSelect>
        </FormField>
      </div>
    </DialogForm>
  );
}
