import {
  serviceBody,
  type Service,
  type ServiceBody,
} from '@omnicare/shared/ticket-config/ticket-config.schemas';
import { DialogForm, FormField } from '@/components/ui/form-dialog';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { useResourceList } from '../ticket-settings.queries';
import { TICKET_SETTINGS_TEXT as TEXT } from '../ticket-settings-text';
import { catalogueDialog } from '@/components/catalogue/catalogue-list-page';
import { useCatalogueForm } from '@/components/catalogue/use-catalogue-form';
import { TICKET_SETTINGS } from '../ticket-settings.api';
import { OrderInput } from './order-input';

export const ServiceDialog = catalogueDialog(ServiceForm);

function ServiceForm({ record, onDone }: { record: Service | null; onDone: () => void }) {
  const types = useResourceList('types');
  const { form, save, onSubmit, field, aria } = useCatalogueForm({
    catalogue: TICKET_SETTINGS.services,
    schema: serviceBody,
    defaults: {
      name: record?.name ?? '',
      type_id: record?.type_id ?? '',
      order: record?.order ?? 0,
    } satisfies ServiceBody,
    id: record?._id ?? null,
    fields: ['name', 'type_id', 'order'],
    onDone,
    // The empty choice is 'every type'.
    toBody: (values) => ({ ...values, type_id: values.type_id || null }),
  });
  return (
    <DialogForm
      title={record ? 'Cập nhật dịch vụ' : 'Thêm dịch vụ'}
      description="Dịch vụ có thể dùng cho mọi loại ticket hoặc chỉ một loại."
      onSubmit={onSubmit}
      onCancel={onDone}
      pending={save.isPending}
    >
      <FormField label="Tên dịch vụ" required {...field('name')}>
        <Input autoFocus {...aria('name')} {...form.register('name')} />
      </FormField>
      <FormField label={TEXT.type} {...field('type_id')}>
        <NativeSelect {...aria('type_id')} {...form.register('type_id')}>
          <option value="">{TEXT.allTypes}</option>
          {(types.data?.data ?? []).map((type) => (
            <option key={type._id} value={type._id}>
              {type.name}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <FormField label={TEXT.order} {...field('order')}>
        <OrderInput {...aria('order')} {...form.register('order', { valueAsNumber: true })} />
      </FormField>
    </DialogForm>
  );
}
