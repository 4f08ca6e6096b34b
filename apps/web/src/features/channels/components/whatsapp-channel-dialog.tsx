import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Copy } from 'lucide-react';
import type { ChannelBody, ChannelView } from '@omnicare/shared/channels/channels.schemas';
import { catalogueDialog } from '@/components/catalogue/catalogue-list-page';
import { useSaveCatalogue } from '@/components/catalogue/use-catalogue';
import { Button } from '@/components/ui/button';
import { DialogForm, FormField, fieldAria } from '@/components/ui/form-dialog';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { applyFieldErrors } from '@/lib/errors';
import { saveForm } from '@/lib/mutation-feedback';
import { toast } from '@/lib/toast';
import { channelsOfKind } from '../channels.queries';
import { CHANNELS_TEXT } from '../channels-text';
import { WHATSAPP_TEXT as TEXT } from '../whatsapp-text';

export const WHATSAPP_CHANNELS = channelsOfKind('whatsapp');

interface WhatsAppFormValues {
  name: string;
  status: 'active' | 'disabled';
  phone_number_id: string;
  business_account_id: string;
  display_phone_number: string;
  graph_base_url: string;
  api_version: string;
  access_token: string;
  app_secret: string;
  verify_token: string;
}
type Field = keyof WhatsAppFormValues;
const FIELDS: Field[] = [
  'name',
  'status',
  'phone_number_id',
  'business_account_id',
  'display_phone_number',
  'graph_base_url',
  'api_version',
  'access_token',
  'app_secret',
  'verify_token',
];

/** The form's field of a server path ('settings.phone_number_id', 'secrets.app_secret'…). */
const fieldOf = (param: string): Field | undefined => {
  const name = param.split('.').at(-1);
  return name && (FIELDS as string[]).includes(name) ? (name as Field) : undefined;
};

export const toWhatsAppBody = (values: WhatsAppFormValues): ChannelBody => ({
  kind: 'whatsapp',
  name: values.name,
  status: values.status,
  group_id: null,
  settings: {
    phone_number_id: values.phone_number_id,
    business_account_id: values.business_account_id,
    display_phone_number: values.display_phone_number,
    graph_base_url: values.graph_base_url,
    api_version: values.api_version,
  },
  // Blank secrets keep the stored ones (the server's rule).
  secrets: {
    access_token: values.access_token,
    app_secret: values.app_secret,
    verify_token: values.verify_token,
  },
});

/** A verify token to offer a new channel (the administrator may type another). */
const newVerifyToken = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) =>
    byte.toString(16).padStart(2, '0'),
  ).join('');

export const WhatsAppChannelDialog = catalogueDialog(WhatsAppChannelForm, 'max-w-2xl');

function WhatsAppChannelForm({
  record,
  onDone,
}: {
  record: ChannelView | null;
  onDone: () => void;
}) {
  const uid = useId();
  const [offered] = useState(() => (record ? '' : newVerifyToken()));
  const setting = (name: string) => String(record?.settings[name] ?? '');
  const form = useForm<WhatsAppFormValues>({
    defaultValues: {
      name: record?.name ?? '',
      status: record?.status === 'disabled' ? 'disabled' : 'active',
      phone_number_id: setting('phone_number_id'),
      business_account_id: setting('business_account_id'),
      display_phone_number: setting('display_phone_number'),
      graph_base_url: setting('graph_base_url'),
      api_version: setting('api_version'),
      access_token: '',
      app_secret: '',
      verify_token: offered,
    },
  });
  const save = useSaveCatalogue(WHATSAPP_CHANNELS);
  const { errors } = form.formState;
  const field = (name: Field) => ({ id: `${uid}-${name}`, error: errors[name]?.message });
  const aria = (name: Field) => ({
    id: `${uid}-${name}`,
    ...fieldAria(`${uid}-${name}`, errors[name]?.message),
  });
  const secretHint = record ? CHANNELS_TEXT.secretKept : undefined;
  const onSubmit = form.handleSubmit((values) =>
    saveForm(() => save.mutateAsync({ id: record?._id ?? null, body: toWhatsAppBody(values) }), {
      onSaved: onDone,
      showFieldErrors: (error) => applyFieldErrors(error, form.setError, fieldOf),
    }),
  );
  const secret = (name: 'access_token' | 'app_secret', label: string) => (
    <FormField label={label} required={!record} hint={secretHint} {...field(name)}>
      <Input type="password" autoComplete="off" {...aria(name)} {...form.register(name)} />
    </FormField>
  );

  return (
    <DialogForm
      title={record ? TEXT.edit : TEXT.add}
      description={TEXT.description}
      onSubmit={onSubmit}
      onCancel={onDone}
      pending={save.isPending}
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField label={CHANNELS_TEXT.name} required {...field('name')}>
          <Input autoFocus {...aria('name')} {...form.register('name')} />
        </FormField>
        <FormField label={CHANNELS_TEXT.status} {...field('status')}>
          <NativeSelect {...aria('status')} {...form.register('status')}>
            <option value="active">{CHANNELS_TEXT.active}</option>
            <option value="disabled">{CHANNELS_TEXT.disabled}</option>
          </NativeSelect>
        </FormField>
        <FormField label={TEXT.phoneNumberId} required {...field('phone_number_id')}>
          <Input
            inputMode="numeric"
            {...aria('phone_number_id')}
            {...form.register('phone_number_id')}
          />
        </FormField>
        <FormField label={TEXT.displayPhone} {...field('display_phone_number')}>
          <Input
            inputMode="tel"
            placeholder="84901234567"
            {...aria('display_phone_number')}
            {...form.register('display_phone_number')}
          />
        </FormField>
        <FormField label={TEXT.businessAccountId} {...field('business_account_id')}>
          <Input
            inputMode="numeric"
            {...aria('business_account_id')}
            {...form.register('business_account_id')}
          />
        </FormField>
        <FormField label={TEXT.apiVersion} hint={TEXT.apiVersionHint} {...field('api_version')}>
          <Input placeholder="v21.0" {...aria('api_version')} {...form.register('api_version')} />
        </FormField>
      </div>
      <FormField label={TEXT.graphBase} hint={TEXT.graphBaseHint} {...field('graph_base_url')}>
        <Input
          inputMode="url"
          placeholder="https://graph.facebook.com"
          {...aria('graph_base_url')}
          {...form.register('graph_base_url')}
        />
      </FormField>
      <div className="grid gap-3 sm:grid-cols-2">
        {secret('access_token', TEXT.accessToken)}
        {secret('app_secret', TEXT.appSecret)}
      </div>
      <FormField
        label={TEXT.verifyToken}
        required={!record}
        hint={record ? secretHint : TEXT.verifyTokenHint}
        {...field('verify_token')}
      >
        <div className="flex items-center gap-1">
          <Input
            autoComplete="off"
            className="font-mono"
            {...aria('verify_token')}
            {...form.register('verify_token')}
          />
          <Button
            type="button"
            size="icon"
            variant="ghost"
            className="shrink-0"
            aria-label={TEXT.copyVerifyToken}
            title={TEXT.copyVerifyToken}
            onClick={() =>
              void navigator.clipboard
                .writeText(form.getValues('verify_token'))
                .then(() => toast.success(TEXT.copied))
                .catch(() => toast.error(TEXT.copyFailed))
            }
          >
            <Copy className="size-4" aria-hidden="true" />
          </Button>
        </div>
      </FormField>
    </DialogForm>
  );
}
