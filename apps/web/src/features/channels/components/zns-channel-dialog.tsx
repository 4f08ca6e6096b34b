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
import { CHANNELS_TEXT as TEXT, ZNS_TEXT } from '../channels-text';

export const ZNS_CHANNELS = channelsOfKind('zns');

interface ZnsFormValues {
  name: string;
  status: 'active' | 'disabled';
  base_url: string;
  access_token: string;
}
type Field = keyof ZnsFormValues;

/** The form's field of a server path ('settings.base_url', 'secrets.access_token', 'name'). */
const fieldOf = (param: string): Field | undefined => {
  const name = param.split('.').at(-1);
  return name && ['name', 'status', 'base_url', 'access_token'].includes(name)
    ? (name as Field)
    : undefined;
};

export const toZnsBody = (values: ZnsFormValues): ChannelBody => ({
  kind: 'zns',
  name: values.name,
  status: values.status,
  group_id: null,
  settings: { base_url: values.base_url },
  // A blank token keeps the stored one (the server's rule).
  secrets: { access_token: values.access_token },
});

export const ZnsChannelDialog = catalogueDialog(ZnsChannelForm, 'max-w-lg');

function ZnsChannelForm({ record, onDone }: { record: ChannelView | null; onDone: () => void }) {
  const uid = useId();
  const form = useForm<ZnsFormValues>({
    defaultValues: {
      name: record?.name ?? '',
      status: record?.status === 'disabled' ? 'disabled' : 'active',
      base_url: String(record?.settings.base_url ?? ''),
      access_token: '',
    },
  });
  const save = useSaveCatalogue(ZNS_CHANNELS);
  const { errors } = form.formState;
  const field = (name: Field) => ({ id: `${uid}-${name}`, error: errors[name]?.message });
  const aria = (name: Field) => ({
    id: `${uid}-${name}`,
    ...fieldAria(`${uid}-${name}`, errors[name]?.message),
  });
  const onSubmit = form.handleSubmit((values) =>
    saveForm(() => save.mutateAsync({ id: record?._id ?? null, body: toZnsBody(values) }), {
      onSaved: onDone,
      showFieldErrors: (error) => applyFieldErrors(error, form.setError, fieldOf),
    }),
  );

  return (
    <DialogForm
      title={record ? ZNS_TEXT.edit : ZNS_TEXT.add}
      description={ZNS_TEXT.description}
      onSubmit={onSubmit}
      onCancel={onDone}
      pending={save.isPending}
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField label={TEXT.name} required {...field('name')}>
          <Input autoFocus {...aria('name')} {...form.register('name')} />
        </FormField>
        <FormField label={TEXT.status} {...field('status')}>
          <NativeSelect {...aria('status')} {...form.register('status')}>
            <option value="active">{TEXT.active}</option>
            <option value="disabled">{TEXT.disabled}</option>
          </NativeSelect>
        </FormField>
      </div>
      <FormField label={TEXT.baseUrl} hint={ZNS_TEXT.baseUrlHint} {...field('base_url')}>
        <Input
          inputMode="url"
          placeholder="https://business.openapi.zalo.me"
          {...aria('base_url')}
          {...form.register('base_url')}
        />
      </FormField>
      <FormField
        label={ZNS_TEXT.accessToken}
        required={!record}
        hint={record ? TEXT.secretKept : undefined}
        {...field('access_token')}
      >
        <Input
          type="password"
          autoComplete="off"
          {...aria('access_token')}
          {...form.register('access_token')}
        />
      </FormField>
    </DialogForm>
  );
}
