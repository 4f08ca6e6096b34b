import { Controller } from 'react-hook-form';
import {
  TICKET_LIST_COLUMN,
  TICKET_SORT_FIELDS,
  smartViewBody,
  type SmartView,
  type SmartViewBody,
} from '@omnicare/shared/ticket-config/ticket-config.schemas';
import { Checkbox } from '@/components/ui/checkbox';
import { DialogForm, FormField } from '@/components/ui/form-dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Switch } from '@/components/ui/switch';
import { useCan } from '@/lib/use-can';
import { TicketFiltersPanel } from '@/features/tickets/components/ticket-filters';
import { listFiltersOf, viewFiltersOf } from '@/features/tickets/ticket-views';
import { TICKET_TEXT } from '@/features/tickets/tickets-text';
import { TICKET_SETTINGS_TEXT as TEXT } from '../ticket-settings-text';
import { catalogueDialog } from '@/components/catalogue/catalogue-list-page';
import { useCatalogueForm } from '@/components/catalogue/use-catalogue-form';
import { TICKET_SETTINGS } from '../ticket-settings.api';

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

export const SmartViewDialog = catalogueDialog(ViewForm, 'max-h-[92vh] max-w-5xl overflow-y-auto');

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

/** The first message among a form error and those inside it (a view's filters). */
function firstMessage(node: unknown): string | undefined {
  if (!node || typeof node !== 'object') return undefined;
  const message = (node as { message?: unknown }).message;
  if (typeof message === 'string') return message;
  for (const [key, child] of Object.entries(node)) {
    if (key === 'ref') continue;
    const found = firstMessage(child);
    if (found) return found;
  }
  return undefined;
}

function ViewForm({ record, onDone }: { record: SmartView | null; onDone: () => void }) {
  const canShare = useCan('smart_view.share');
  const { form, save, onSubmit, field, aria, errorOf } = useCatalogueForm({
    catalogue: TICKET_SETTINGS.views,
    schema: smartViewBody,
    defaults: {
      name: record?.name ?? '',
      shared: record?.shared ?? false,
      columns: record?.columns ?? DEFAULT_COLUMNS,
      sort: record?.sort ?? { field: 'updated_at', direction: 'desc' },
      filters: record?.filters ?? {},
    } satisfies SmartViewBody,
    id: record?._id ?? null,
    fields: ['name', 'shared', 'columns', 'sort.field', 'sort.direction', 'filters'],
    onDone: () => onDone(),
    // Empty filters are left out, as the ticket list's query leaves them out.
    toBody: (values) => ({
      ...values,
      shared: values.shared ?? false,
      filters: Object.fromEntries(
        Object.entries(values.filters ?? {}).filter(
          ([, value]) =>
            value !== undefined && value !== '' && !(Array.isArray(value) && value.length === 0),
        ),
      ),
    }),
  });
  const filtersError = firstMessage(form.formState.errors.filters);
  return (
    <DialogForm
      title={record ? 'Cập nhật view' : 'Thêm view'}
      description="View lưu bộ lọc, cột hiển thị và cách sắp xếp của danh sách ticket."
      onSubmit={onSubmit}
      onCancel={onDone}
      pending={save.isPending}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Tên view" required {...field('name')}>
          <Input autoFocus {...aria('name')} {...form.register('name')} />
        </FormField>
        <FormField label="Từ khóa tìm kiếm" {...field('filters.search')}>
          <Input
            type="search"
            placeholder={TICKET_TEXT.searchPlaceholder}
            {...aria('filters.search')}
            {...form.register('filters.search')}
          />
        </FormField>
      </div>
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
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1.5 text-sm font-medium text-slate-800">{TICKET_TEXT.filters}</legend>
        <Controller
          control={form.control}
          name="filters"
          render={({ field: control }) => (
            <TicketFiltersPanel
              value={listFiltersOf(control.value ?? {})}
              // The same fields as the list's; a change builds on the filters as they are by then.
              onChange={(update) => {
                const now = form.getValues('filters') ?? {};
                control.onChange(viewFiltersOf(update(listFiltersOf(now)), now.search ?? ''));
              }}
            />
          )}
        />
        {filtersError && (
          <p className="text-xs text-red-600" role="alert">
            {filtersError}
          </p>
        )}
      </fieldset>
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
