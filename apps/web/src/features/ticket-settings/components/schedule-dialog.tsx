import { Controller, useFieldArray } from 'react-hook-form';
import { Plus, X } from 'lucide-react';
import {
  WEEKDAY,
  scheduleBody,
  type Schedule,
  type ScheduleBody,
} from '@omnicare/shared/working-time/working-time.schemas';
import { Button } from '@/components/ui/button';
import { DatePicker } from '@/components/ui/date-picker';
import { DialogForm, FormField } from '@/components/ui/form-dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { catalogueDialog } from '@/components/catalogue/catalogue-list-page';
import { useCatalogueForm } from '@/components/catalogue/use-catalogue-form';
import { TICKET_SETTINGS } from '../ticket-settings.api';

/** A new schedule starts as office hours: Monday to Friday, 08:00–12:00 and 13:30–17:30. */
const OFFICE_HOURS = [1, 2, 3, 4, 5].flatMap((weekday) => [
  { weekday, start: '08:00', end: '12:00' },
  { weekday, start: '13:30', end: '17:30' },
]);

export const ScheduleDialog = catalogueDialog(
  ScheduleForm,
  'max-h-[92vh] max-w-2xl overflow-y-auto',
);

function ScheduleForm({ record, onDone }: { record: Schedule | null; onDone: () => void }) {
  const { form, save, onSubmit, field, aria, errorOf } = useCatalogueForm({
    catalogue: TICKET_SETTINGS.schedules,
    schema: scheduleBody,
    defaults: {
      name: record?.name ?? '',
      is_default: record?.is_default ?? false,
      periods: record?.periods ?? OFFICE_HOURS,
      holidays: record?.holidays ?? [],
    } satisfies ScheduleBody,
    id: record?._id ?? null,
    fields: ['name', 'is_default', 'periods', 'holidays'],
    onDone,
  });
  const periods = useFieldArray({ control: form.control, name: 'periods' });
  const holidays = useFieldArray({ control: form.control, name: 'holidays' });
  // Server errors name periods.N.start and the like: shown by the row.
  const rowError = (prefix: string, index: number, keys: string[]) =>
    keys.map((key) => errorOf(`${prefix}.${index}.${key}`)).find(Boolean);

  return (
    <DialogForm
      title={record ? 'Cập nhật lịch làm việc' : 'Thêm lịch làm việc'}
      description="Giờ làm việc theo múi giờ Asia/Bangkok; SLA chỉ tính trong các khung giờ này, trừ ngày nghỉ."
      onSubmit={onSubmit}
      onCancel={onDone}
      pending={save.isPending}
    >
      <FormField label="Tên lịch làm việc" required {...field('name')}>
        <Input autoFocus {...aria('name')} {...form.register('name')} />
      </FormField>
      <Controller
        control={form.control}
        name="is_default"
        render={({ field: control }) => (
          <div className="flex items-center gap-2">
            <Switch
              id={field('is_default').id}
              checked={control.value ?? false}
              disabled={record?.is_default}
              onCheckedChange={(checked) => control.onChange(checked)}
            />
            <Label htmlFor={field('is_default').id}>Lịch mặc định</Label>
          </div>
        )}
      />
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium text-slate-800">Giờ làm việc trong tuần</legend>
        {WEEKDAY.values.map((weekday) => {
          const rows = periods.fields
            .map((row, index) => ({ row, index }))
            .filter(({ row }) => row.weekday === weekday);
          return (
            <div
              key={weekday}
              className="flex flex-col gap-1.5 border-b border-slate-100 pb-2 sm:flex-row sm:items-start"
            >
              <span className="w-24 shrink-0 pt-2 text-sm text-slate-700">
                {WEEKDAY.label(weekday)}
              </span>
              <div className="flex flex-1 flex-col gap-1.5">
                {rows.length === 0 && <span className="pt-2 text-sm text-slate-400">Nghỉ</span>}
                {rows.map(({ row, index }) => {
                  const error = rowError('periods', index, ['start', 'end', 'weekday']);
                  const label = `${WEEKDAY.label(weekday)} khung ${rows.findIndex((one) => one.index === index) + 1}`;
                  return (
                    <div key={row.id} className="flex flex-col gap-0.5">
                      <div className="flex items-center gap-1.5">
                        <Input
                          className="w-20"
                          placeholder="HH:mm"
                          aria-label={`${label} từ`}
                          aria-invalid={error ? true : undefined}
                          {...form.register(`periods.${index}.start`)}
                        />
                        <span className="text-slate-400">–</span>
                        <Input
                          className="w-20"
                          placeholder="HH:mm"
                          aria-label={`${label} đến`}
                          aria-invalid={error ? true : undefined}
                          {...form.register(`periods.${index}.end`)}
                        />
                        <Button
                          variant="ghost"
                          size="icon-sm"
                          aria-label={`Xóa ${label}`}
                          onClick={() => periods.remove(index)}
                        >
                          <X />
                        </Button>
                      </div>
                      {error && <p className="text-xs text-red-600">{error}</p>}
                    </div>
                  );
                })}
              </div>
              <Button
                variant="ghost"
                size="sm"
                className="self-start"
                aria-label={`Thêm khung giờ ${WEEKDAY.label(weekday)}`}
                onClick={() => periods.append({ weekday, start: '08:00', end: '17:00' })}
              >
                <Plus aria-hidden="true" />
                Khung giờ
              </Button>
            </div>
          );
        })}
        {errorOf('periods') && <p className="text-xs text-red-600">{errorOf('periods')}</p>}
      </fieldset>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium text-slate-800">Ngày nghỉ lễ</legend>
        {holidays.fields.length === 0 && (
          <span className="text-sm text-slate-400">Chưa có ngày nghỉ</span>
        )}
        {holidays.fields.map((row, index) => {
          const error = rowError('holidays', index, ['date', 'name']);
          return (
            <div key={row.id} className="flex flex-col gap-0.5">
              <div className="flex items-center gap-1.5">
                <Controller
                  control={form.control}
                  name={`holidays.${index}.date`}
                  render={({ field: control }) => (
                    <DatePicker
                      className="w-40"
                      aria-label={`Ngày nghỉ ${index + 1}`}
                      value={control.value}
                      onChange={(day) => control.onChange(day ?? '')}
                      invalid={Boolean(errorOf(`holidays.${index}.date`))}
                    />
                  )}
                />
                <Input
                  placeholder="Tên ngày nghỉ"
                  aria-label={`Tên ngày nghỉ ${index + 1}`}
                  aria-invalid={errorOf(`holidays.${index}.name`) ? true : undefined}
                  {...form.register(`holidays.${index}.name`)}
                />
                <Button
                  variant="ghost"
                  size="icon-sm"
                  aria-label={`Xóa ngày nghỉ ${index + 1}`}
                  onClick={() => holidays.remove(index)}
                >
                  <X />
                </Button>
              </div>
              {error && <p className="text-xs text-red-600">{error}</p>}
            </div>
          );
        })}
        <Button
          variant="outline"
          size="sm"
          className="self-start"
          onClick={() => holidays.append({ date: '', name: '' })}
        >
          <Plus aria-hidden="true" />
          Thêm ngày nghỉ
        </Button>
      </fieldset>
    </DialogForm>
  );
}
