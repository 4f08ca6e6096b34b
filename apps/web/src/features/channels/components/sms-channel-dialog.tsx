import { useId } from 'react';
import { useForm } from 'react-hook-form';
import type { ChannelBody, ChannelView } from '@omnicare/shared/channels/channels.schemas';
import { catalogueDialog } from '@/components/catalogue/catalogue-list-page';
import { useSaveCatalogue } from '@/components/catalogue/use-catalogue';
import { DialogForm, FormField, fieldAria } from '@/components/ui/form-dialog';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { applyFieldErrors } from '@/lib/errors';
import { saveForm } from '@/lib/mutation-feedback';
import { channelsOfKind } from '../channels.queries';
import { CHANNELS_TEXT as TEXT } from '../channels-text';

export const SMS_CHANNELS = channelsOfKind('sms');

interface SmsFormValues {
  name: string;
  status: 'active' | 'disabled';
  brandname: string;
  base_url: string;
  api_key: string;
  secret_key: string;
}
type Field = keyof SmsFormValues;

/** The form's field of a server path ('settings.brandname', 'secrets.api_key', 'name'). */
const fieldOf = (param: string): Field | undefined => {
  const name = param.split('.').at(-1);
  return name && ['name', 'status', 'brandname', 'base_url', 'api_key', 'secret_key'].includes(name)
    ? (name as Field)
    : undefined;
};

export const toSmsBody = (values: SmsFormValues): ChannelBody => ({
  kind: 'sms',
  name: values.name,
  status: values.status,
  group_id: null,
  settings: { brandname: values.brandname, base_url: values.base_url },
  // Blank keys keep the stored ones (the server's rule).
  secrets: { api_key: values.api_key, secret_key: values.secret_key },
});

export const SmsChannelDialog = catalogueDialog(SmsChannelForm, 'max-w-lg');

function SmsChannelForm({ record, onDone }: { record: ChannelView | null; onDone: () => void }) {
  const uid = useId();
  const form = useForm<SmsFormValues>({
    defaultValues: {
      name: record?.name ?? '',
      status: record?.status === 'disabled' ? 'disabled' : 'active',
      brandname: String(record?.settings.brandname ?? ''),
      base_url: String(record?.settings.base_url ?? ''),
      api_key: '',
      secret_key: '',
    },
  });
  const save = useSaveCatalogue(SMS_CHANNELS);
  const { errors } = form.formState;
  const field = (name: Field) => ({ id: `${uid}-${name}`, error: errors[name]?.message });
  const aria = (name: Field) => ({
    id: `${uid}-${name}`,
    ...fieldAria(`${uid}-${name}`, errors[name]?.message),
  });
  const secretHint = record ? TEXT.secretKept : undefined;
  const onSubmit = form.handleSubmit((values) =>
    saveForm(() => save.mutateAsync({ id: record?._id ?? null, body: toSmsBody(values) }), {
      onSaved: onDone,
      showFieldErrors: (error) => applyFieldErrors(error, form.setError, fieldOf),
    }),
  );

  return (
    <DialogForm
      title={record ? TEXT.smsEdit : TEXT.smsAdd}
      description={TEXT.smsDescription}
      onSubmit={onSubmit}
      onCancel={onDone}
      pending={save.isPending}
    >
      <FormField label={TEXT.name} required {...field('name')}>
        <Input autoFocus {...aria('name')} {...form.register('name')} />
      </FormField>
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField label={TEXT.brandname} required {...field('brandname')}>
          <Input {...aria('brandname')} {...form.register('brandname')} />
        </FormField>
        <FormField label={TEXT.status} {...field('status')}>
          <NativeSelect {...aria('status')} {...form.register('status')}>
            <option value="active">{TEXT.active}</option>
            <option value="disabled">{TEXT.disabled}</option>
          </NativeSelect>
        </FormField>
      </div>
      <FormField label={TEXT.baseUrl} hint={TEXT.baseUrlHint} {...field('base_url')}>
        <Input
          inputMode="url"
          placeholder="https://rest.esms.vn"
          {...aria('base_url')}
          {...form.register('base_url')}
        />
      </FormField>
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField label={TEXT.apiKey} required={!record} hint={secretHint} {...field('api_key')}>
          <Input
            type="password"
            autoComplete="off"
            {...aria('api_key')}
            {...form.register('api_key')}
          />
        </FormField>
        <FormField
          label={TEXT.secretKey}
          required={!record}
          hint={secretHint}
          {...field('secret_key')}
        >
          <Input
            type="password"
            autoComplete="off"
            {...aria('secret_key')}
            {...form.register('secret_key')}
          />
        </FormField>
      </div>
    </DialogForm>
  );
}
