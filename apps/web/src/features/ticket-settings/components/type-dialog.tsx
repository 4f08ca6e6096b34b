import {
  ticketTypeBody,
  type TicketType,
  type TicketTypeBody,
} from '@omnicare/shared/ticket-config/ticket-config.schemas';
import { DialogForm, FormField } from '@/components/ui/form-dialog';
import { Input } from '@/components/ui/input';
import { TICKET_SETTINGS_TEXT as TEXT } from '../ticket-settings-text';
import { catalogueDialog } from '@/components/catalogue/catalogue-list-page';
import { useCatalogueForm } from '@/components/catalogue/use-catalogue-form';
import { TICKET_SETTINGS } from '../ticket-settings.api';
import { OrderInput } from './order-input';

export const TypeDialog = catalogueDialog(TypeForm);

function TypeForm({ record, onDone }: { record: TicketType | null; onDone: () => void }) {
  const { form, save, onSubmit, field, aria } = useCatalogueForm({
    catalogue: TICKET_SETTINGS.types,
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
        <OrderInput {...aria('order')} {...form.register('order', { valueAsNumber: true })} />
      </FormField>
    </DialogForm>
  );
}
