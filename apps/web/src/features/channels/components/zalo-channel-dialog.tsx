import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { ChannelBody, ChannelView } from '@omnicare/shared/channels/channels.schemas';
import { catalogueDialog } from '@/components/catalogue/catalogue-list-page';
import { useSaveCatalogue } from '@/components/catalogue/use-catalogue';
import { DialogForm, FormField, fieldAria } from '@/components/ui/form-dialog';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { DepartmentPicker, departmentOption } from '@/features/users/components/staff-picker';
import { applyFieldErrors } from '@/lib/errors';
import { saveForm } from '@/lib/mutation-feedback';
import { channelsOfKind } from '../channels.queries';
import { CHANNELS_TEXT } from '../channels-text';
import { LIVECHAT_TEXT } from '../livechat-text';
import { ZALO_TEXT as TEXT } from '../zalo-text';

const ZALO = channelsOfKind('zalo');

interface ZaloFormValues {
  name: string;
  status: 'active' | 'disabled';
  group_id: string;
  app_id: string;
  oauth_base_url: string;
  api_base_url: string;
  app_secret_key: string;
  oa_secret_key: string;
}
type Field = keyof ZaloFormValues;
const FIELDS: Field[] = [
  'name',
  'status',
  'group_id',
  'app_id',
  'oauth_base_url',
  'api_base_url',
  'app_secret_key',
  'oa_secret_key',
];

/** The form's field of a server path ('settings.app_id', 'secrets.oa_secret_key', 'name'). */
const fieldOf = (param: string): Field | undefined => {
  const name = param.split('.').at(-1) as Field | undefined;
  return name && FIELDS.includes(name) ? name : undefined;
};

/** The body of a save: the connection's own settings are the server's (it keeps them). */
export const toZaloBody = (values: ZaloFormValues): ChannelBody => ({
  kind: 'zalo',
  name: values.name,
  status: values.status,
  group_id: values.group_id || null,
  settings: {
    app_id: values.app_id,
    oauth_base_url: values.oauth_base_url,
    api_base_url: values.api_base_url,
  },
  // Blank keys keep the stored ones (the server's rule).
  secrets: { app_secret_key: values.app_secret_key, oa_secret_key: values.oa_secret_key },
});

export const ZaloChannelDialog = catalogueDialog(ZaloChannelForm, 'max-w-xl');

function ZaloChannelForm({ record, onDone }: { record: ChannelView | null; onDone: () => void }) {
  const uid = useId();
  const setting = (name: string) => String(record?.settings[name] ?? '');
  const form = useForm<ZaloFormValues>({
    defaultValues: {
      name: record?.name ?? '',
      status: record?.status === 'disabled' ? 'disabled' : 'active',
      group_id: record?.group?._id ?? '',
      app_id: setting('app_id'),
      oauth_base_url: setting('oauth_base_url'),
      api_base_url: setting('api_base_url'),
      app_secret_key: '',
      oa_secret_key: '',
    },
  });
  const save = useSaveCatalogue(ZALO);
  const { errors } = form.formState;
  const id = (name: Field) => `${uid}-${name}`;
  const field = (name: Field) => ({ id: id(name), error: errors[name]?.message });
  const aria = (name: Field) => ({ id: id(name), ...fieldAria(id(name), errors[name]?.message) });
  const secretHint = record ? CHANNELS_TEXT.secretKept : undefined;
  const onSubmit = form.handleSubmit((values) =>
    saveForm(() => save.mutateAsync({ id: record?._id ?? null, body: toZaloBody(values) }), {
      onSaved: onDone,
      showFieldErrors: (error) => applyFieldErrors(error, form.setError, fieldOf),
    }),
  );

  return (
    <DialogForm
      title={record ? TEXT.edit : TEXT.add}
      description={TEXT.description}
      onSubmit={onSubmit}
      onCancel={onDone}
      pending={save.isPending}
    >
      <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_12rem]">
        <FormField label={CHANNELS_TEXT.name} required {...field('name')}>
          <Input autoFocus {...aria('name')} {...form.register('name')} />
        </FormField>
        <FormField label={CHANNELS_TEXT.status} {...field('status')}>
          <NativeSelect {...aria('status')} {...form.register('status')}>
            <option value="active">{CHANNELS_TEXT.active}</option>
            <option value="disabled">{CHANNELS_TEXT.disabled}</option>
          </NativeSelect>
        </FormField>
      </div>
      <FormField
        label={LIVECHAT_TEXT.department}
        hint={LIVECHAT_TEXT.departmentHint}
        {...field('group_id')}
      >
        <Controller
          control={form.control}
          name="group_id"
          render={({ field: group }) => (
            <DepartmentPicker
              id={id('group_id')}
              value={group.value || null}
              onChange={(next) => group.onChange(next ?? '')}
              emptyLabel={LIVECHAT_TEXT.anyDepartment}
              knownOptions={record?.group ? [departmentOption(record.group)] : []}
            />
          )}
        />
      </FormField>
      <FormField label={TEXT.appId} required {...field('app_id')}>
        <Input inputMode="numeric" {...aria('app_id')} {...form.register('app_id')} />
      </FormField>
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField
          label={TEXT.appSecret}
          required={!record}
          hint={secretHint}
          {...field('app_secret_key')}
        >
          <Input
            type="password"
            autoComplete="off"
            {...aria('app_secret_key')}
            {...form.register('app_secret_key')}
          />
        </FormField>
        <FormField
          label={TEXT.oaSecret}
          required={!record}
          hint={secretHint}
          {...field('oa_secret_key')}
        >
          <Input
            type="password"
            autoComplete="off"
            {...aria('oa_secret_key')}
            {...form.register('oa_secret_key')}
          />
        </FormField>
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField label={TEXT.oauthBase} hint={TEXT.oauthBaseHint} {...field('oauth_base_url')}>
          <Input
            inputMode="url"
            placeholder="https://oauth.zaloapp.com"
            {...aria('oauth_base_url')}
            {...form.register('oauth_base_url')}
          />
        </FormField>
        <FormField label={TEXT.apiBase} hint={TEXT.apiBaseHint} {...field('api_base_url')}>
          <Input
            inputMode="url"
            placeholder="https://openapi.zalo.me"
            {...aria('api_base_url')}
            {...form.register('api_base_url')}
          />
        </FormField>
      </div>
    </DialogForm>
  );
}
