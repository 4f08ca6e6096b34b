import { Controller } from 'react-hook-form';
import {
  TICKET_SUBJECT_MAX,
  ticketTemplateBody,
  type TicketTemplate,
  type TicketTemplateBody,
} from '@omnicare/shared/ticket-config/ticket-config.schemas';
import { DialogForm, FormField } from '@/components/ui/form-dialog';
import { Input, Textarea } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { TagPicker } from '@/features/customers/components/customer-pickers';
import { useResourceList } from '../ticket-settings.queries';
import { TICKET_SETTINGS_TEXT as TEXT } from '../ticket-settings-text';
import { catalogueDialog } from '@/components/catalogue/catalogue-list-page';
import { useCatalogueForm } from '@/components/catalogue/use-catalogue-form';
import { TICKET_SETTINGS } from '../ticket-settings.api';

export const TicketTemplateDialog = catalogueDialog(
  TemplateForm,
  'max-h-[92vh] max-w-xl overflow-y-auto',
);

const FIELDS = [
  'name',
  'subject',
  'description',
  'type_id',
  'priority_id',
  'service_id',
  'tag_ids',
] as const;

function TemplateForm({ record, onDone }: { record: TicketTemplate | null; onDone: () => void }) {
  const types = useResourceList('types');
  const priorities = useResourceList('priorities');
  const services = useResourceList('services');
  const { form, save, onSubmit, field, aria } = useCatalogueForm({
    catalogue: TICKET_SETTINGS.templates,
    schema: ticketTemplateBody,
    defaults: {
      name: record?.name ?? '',
      subject: record?.subject ?? '',
      description: record?.description ?? '',
      type_id: record?.type_id ?? '',
      priority_id: record?.priority_id ?? '',
      service_id: record?.service_id ?? '',
      tag_ids: record?.tag_ids ?? [],
    } satisfies TicketTemplateBody,
    id: record?._id ?? null,
    fields: FIELDS,
    onDone,
    toBody: (values) => ({
      ...values,
      type_id: values.type_id || null,
      priority_id: values.priority_id || null,
      service_id: values.service_id || null,
      // Custom values are kept as they were (set from the API).
      custom: record?.custom ?? {},
    }),
  });
  const typeId = form.watch('type_id');
  // The services of the chosen type and those of every type, as the ticket form offers.
  const offered = (services.data?.data ?? []).filter(
    (service) => !service.type_id || service.type_id === typeId,
  );
  const select = (
    name: 'type_id' | 'priority_id' | 'service_id',
    label: string,
    options: { _id: string; name: string }[],
  ) => (
    <FormField label={label} {...field(name)}>
      <NativeSelect {...aria(name)} {...form.register(name)}>
        <option value="">{TEXT.none}</option>
        {options.map((option) => (
          <option key={option._id} value={option._id}>
            {option.name}
          </option>
        ))}
      </NativeSelect>
    </FormField>
  );
  return (
    <DialogForm
      title={record ? 'Cập nhật mẫu ticket' : 'Thêm mẫu ticket'}
      description="Mẫu điền sẵn các trường khi tạo ticket mới."
      onSubmit={onSubmit}
      onCancel={onDone}
      pending={save.isPending}
    >
      <FormField label="Tên mẫu ticket" required {...field('name')}>
        <Input autoFocus {...aria('name')} {...form.register('name')} />
      </FormField>
      <FormField label={TEXT.subject} {...field('subject')}>
        <Input maxLength={TICKET_SUBJECT_MAX} {...aria('subject')} {...form.register('subject')} />
      </FormField>
      <FormField label={TEXT.description} {...field('description')}>
        <Textarea rows={4} {...aria('description')} {...form.register('description')} />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-3">
        {select('type_id', TEXT.type, types.data?.data ?? [])}
        {select('priority_id', TEXT.priority, priorities.data?.data ?? [])}
        {select('service_id', TEXT.service, offered)}
      </div>
      <FormField label={TEXT.tags} {...field('tag_ids')}>
        <Controller
          control={form.control}
          name="tag_ids"
          render={({ field: control }) => (
            <TagPicker
              id={field('tag_ids').id}
              multiple
              value={control.value ?? []}
              onChange={(next) => control.onChange(next)}
              knownOptions={record?.tags.map((tag) => ({ value: tag._id, label: tag.name }))}
              placeholder="Chọn tags"
              maxChips={6}
            />
          )}
        />
      </FormField>
    </DialogForm>
  );
}
