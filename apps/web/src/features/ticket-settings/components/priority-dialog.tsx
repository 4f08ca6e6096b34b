import {
  priorityBody,
  type Priority,
  type PriorityBody,
} from '@omnicare/shared/ticket-config/ticket-config.schemas';
import { DialogForm, FormField } from '@/components/ui/form-dialog';
import { Input } from '@/components/ui/input';
import { TICKET_SETTINGS_TEXT as TEXT } from '../ticket-settings-text';
import { catalogueDialog } from '@/components/catalogue/catalogue-list-page';
import { useCatalogueForm } from '@/components/catalogue/use-catalogue-form';
import { TICKET_SETTINGS } from '../ticket-settings.api';
import { OrderInput } from './order-input';

export const PriorityDialog = catalogueDialog(PriorityForm);

function PriorityForm({ record, onDone }: { record: Priority | null; onDone: () => void }) {
  const { form, save, onSubmit, field, aria } = useCatalogueForm({
    catalogue: TICKET_SETTINGS.priorities,
    schema: priorityBody,
    defaults: {
      name: record?.name ?? '',
      color: record?.color ?? '#64748b',
      order: record?.order ?? 0,
    } satisfies PriorityBody,
    id: record?._id ?? null,
    fields: ['name', 'color', 'order'],
    onDone,
  });
  const color = form.watch('color');
  return (
    <DialogForm
      title={record ? 'Cập nhật mức độ ưu tiên' : 'Thêm mức độ ưu tiên'}
      description="Mức độ ưu tiên hiện theo thứ tự tăng dần trong danh sách và biểu mẫu ticket."
      onSubmit={onSubmit}
      onCancel={onDone}
      pending={save.isPending}
    >
      <FormField label="Tên mức độ ưu tiên" required {...field('name')}>
        <Input autoFocus {...aria('name')} {...form.register('name')} />
      </FormField>
      <FormField label={TEXT.color} required hint="Dạng #RRGGBB" {...field('color')}>
        <div className="flex items-center gap-2">
          <input
            type="color"
            aria-label="Chọn màu"
            className="h-9 w-12 cursor-pointer rounded border border-slate-300 bg-white p-1"
            value={/^#[0-9a-fA-F]{6}$/.test(color ?? '') ? color : '#64748b'}
            onChange={(event) => form.setValue('color', event.target.value, { shouldDirty: true })}
          />
          <Input {...aria('color')} {...form.register('color')} />
        </div>
      </FormField>
      <FormField label={TEXT.order} {...field('order')}>
        <OrderInput {...aria('order')} {...form.register('order', { valueAsNumber: true })} />
      </FormField>
    </DialogForm>
  );
}
