import { useFieldArray } from 'react-hook-form';
import { Plus, X } from 'lucide-react';
import {
  slaPolicyBody,
  type SlaPolicy,
  type SlaPolicyBody,
} from '@omnicare/shared/sla/sla.schemas';
import { Button } from '@/components/ui/button';
import { DialogForm, FormField } from '@/components/ui/form-dialog';
import { Input, Textarea } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { useResourceList } from '../ticket-settings.queries';
import { TICKET_SETTINGS_TEXT as TEXT } from '../ticket-settings-text';
import { catalogueDialog } from '@/components/catalogue/catalogue-list-page';
import { useCatalogueForm } from '@/components/catalogue/use-catalogue-form';
import { TICKET_SETTINGS } from '../ticket-settings.api';
import { OrderInput } from './order-input';

export const SlaPolicyDialog = catalogueDialog(
  PolicyForm,
  'max-h-[92vh] max-w-3xl overflow-y-auto',
);

function PolicyForm({ record, onDone }: { record: SlaPolicy | null; onDone: () => void }) {
  const priorities = useResourceList('priorities');
  const types = useResourceList('types');
  const schedules = useResourceList('schedules');
  const { form, save, onSubmit, field, aria, errorOf } = useCatalogueForm({
    catalogue: TICKET_SETTINGS.slaPolicies,
    schema: slaPolicyBody,
    defaults: {
      name: record?.name ?? '',
      description: record?.description ?? '',
      schedule_id: record?.schedule_id ?? '',
      order: record?.order ?? 0,
      targets: (record?.targets ?? []).map((target) => ({
        priority_id: target.priority_id,
        type_id: target.type_id ?? '',
        first_response_minutes: target.first_response_minutes,
        resolution_minutes: target.resolution_minutes,
      })),
    } satisfies SlaPolicyBody,
    id: record?._id ?? null,
    fields: ['name', 'description', 'schedule_id', 'order', 'targets'],
    onDone,
    toBody: (values) => ({
      ...values,
      schedule_id: values.schedule_id || null,
      targets: values.targets.map((target) => ({ ...target, type_id: target.type_id || null })),
    }),
  });
  const targets = useFieldArray({ control: form.control, name: 'targets' });
  const defaultName = schedules.data?.data.find((schedule) => schedule.is_default)?.name;
  return (
    <DialogForm
      title={record ? 'Cập nhật chính sách SLA' : 'Thêm chính sách SLA'}
      description="Mục tiêu phản hồi đầu tiên và giải quyết theo mức độ ưu tiên (có thể theo loại ticket), tính bằng phút trong giờ làm việc; thời gian ticket ở trạng thái Đang chờ không được tính."
      onSubmit={onSubmit}
      onCancel={onDone}
      pending={save.isPending}
    >
      <div className="grid gap-4 sm:grid-cols-[1fr_8rem]">
        <FormField label="Tên chính sách SLA" required {...field('name')}>
          <Input autoFocus {...aria('name')} {...form.register('name')} />
        </FormField>
        <FormField label={TEXT.order} hint="Nhỏ hơn được áp dụng trước" {...field('order')}>
          <OrderInput {...aria('order')} {...form.register('order', { valueAsNumber: true })} />
        </FormField>
      </div>
      <FormField label={TEXT.schedule} {...field('schedule_id')}>
        <NativeSelect {...aria('schedule_id')} {...form.register('schedule_id')}>
          <option value="">
            {defaultName ? `${TEXT.defaultSchedule} (${defaultName})` : 'Cả ngày (24/7)'}
          </option>
          {(schedules.data?.data ?? []).map((schedule) => (
            <option key={schedule._id} value={schedule._id}>
              {schedule.name}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <FormField label={TEXT.description} {...field('description')}>
        <Textarea rows={2} {...aria('description')} {...form.register('description')} />
      </FormField>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium text-slate-800">Mục tiêu</legend>
        {targets.fields.map((row, index) => {
          const error = ['priority_id', 'type_id', 'first_response_minutes', 'resolution_minutes']
            .map((key) => errorOf(`targets.${index}.${key}`))
            .find(Boolean);
          const n = index + 1;
          return (
            <div key={row.id} className="flex flex-col gap-0.5">
              <div className="grid grid-cols-2 items-center gap-1.5 sm:grid-cols-[1fr_1fr_7rem_7rem_auto]">
                <NativeSelect
                  aria-label={`Mức độ ưu tiên mục tiêu ${n}`}
                  {...form.register(`targets.${index}.priority_id`)}
                >
                  <option value="">Chọn mức độ ưu tiên</option>
                  {(priorities.data?.data ?? []).map((priority) => (
                    <option key={priority._id} value={priority._id}>
                      {priority.name}
                    </option>
                  ))}
                </NativeSelect>
                <NativeSelect
                  aria-label={`Loại ticket mục tiêu ${n}`}
                  {...form.register(`targets.${index}.type_id`)}
                >
                  <option value="">{TEXT.allTypes}</option>
                  {(types.data?.data ?? []).map((type) => (
                    <option key={type._id} value={type._id}>
                      {type.name}
                    </option>
                  ))}
                </NativeSelect>
                <Input
                  type="number"
                  min={1}
                  placeholder="Phản hồi (phút)"
                  aria-label={`Phản hồi đầu tiên (phút) mục tiêu ${n}`}
                  {...form.register(`targets.${index}.first_response_minutes`, {
                    valueAsNumber: true,
                  })}
                />
                <Input
                  type="number"
                  min={1}
                  placeholder="Giải quyết (phút)"
                  aria-label={`Giải quyết (phút) mục tiêu ${n}`}
                  {...form.register(`targets.${index}.resolution_minutes`, {
                    valueAsNumber: true,
                  })}
                />
                <Button
                  variant="ghost"
                  size="icon-sm"
                  aria-label={`Xóa mục tiêu ${n}`}
                  onClick={() => targets.remove(index)}
                >
                  <X />
                </Button>
              </div>
              {error && <p className="text-xs text-red-600">{error}</p>}
            </div>
          );
        })}
        {errorOf('targets') && <p className="text-xs text-red-600">{errorOf('targets')}</p>}
        <Button
          variant="outline"
          size="sm"
          className="self-start"
          onClick={() =>
            targets.append({
              priority_id: '',
              type_id: '',
              first_response_minutes: 60,
              resolution_minutes: 480,
            })
          }
        >
          <Plus aria-hidden="true" />
          Thêm mục tiêu
        </Button>
      </fieldset>
    </DialogForm>
  );
}
