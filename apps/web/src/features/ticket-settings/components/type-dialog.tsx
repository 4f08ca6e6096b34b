import {
  ticketTypeBody,
  type TicketType,
  type TicketTypeBody,
} from '@omnicare/shared/ticket-config/ticket-config.schemas';
import { DialogForm, FormDialog, FormField } from '@/components/ui/form-dialog';
import { Input } from '@/components/ui/input';
import { TICKET_SETTINGS_TEXT as TEXT } from '../ticket-settings-text';
import type { RecordDialogProps } from './config-list-page';
import { useConfigForm } from './use-config-form';

export function TypeDialog({ open, onOpenChange, record }: RecordDialogProps<TicketType>) {
  return (
    <FormDialog open={open} onOpenChange={onOpenChange} className="max-w-md">
      <TypeForm key={record?._id ?? 'new'} record={record} onDone={() => onOpenChange(false)} />
    </FormDialog>
  );
}

function TypeForm({ record, onDone }: { record: TicketType | null; onDone: () => void }) {
  const { form, save, onSubmit, field, aria } = useConfigForm({
    resource: 'types',
    schema: ticketTypeBody,
    defaults: { name: record?.name ?? '', order: record?.order ?? 0 } satisfies TicketTypeBody,
    id: record?._id ?? null,
    fields: ['name', 'order'],
    onDone,
  });
  return (
    <DialogForm
      title={record ? 'Cập nhật loại ticket' : 'Thêm loại ticket'}
      description="Loại ticket phân nhóm yêu cầu (Hỏi đáp, Khiếu nại, Sự cố...)."
      onSubmit={onSubmit}
      onCancel={onDone}
      pending={save.isPending}
    >
      <FormField label="Tên loại ticket" required {...field('name')}>
        <Input autoFocus {...aria('name')} {...form.register('name')} />
      </FormField>
      <FormField label={TEXT.order} {...field('order')}>
        <Input
          type="number"
          min={0}
          max={999}
          {...aria('order')}
          {...form.register('order', { valueAsNumber: true })}
        />
      </FormField>
    </DialogForm>
  );
}
