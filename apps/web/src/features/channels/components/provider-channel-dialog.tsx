import { useId } from 'react';
import { useForm } from 'react-hook-form';
import type {
  ChannelBody,
  ChannelKind,
  ChannelView,
} from '@omnicare/shared/channels/channels.schemas';
import type { Catalogue } from '@/components/catalogue/catalogue-api';
import { catalogueDialog } from '@/components/catalogue/catalogue-list-page';
import { useSaveCatalogue } from '@/components/catalogue/use-catalogue';
import { DialogForm, FormField, fieldAria } from '@/components/ui/form-dialog';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { applyFieldErrors } from '@/lib/errors';
import { saveForm } from '@/lib/mutation-feedback';
import { CHANNELS_TEXT as TEXT } from '../channels-text';

/**
 * A channel kept by its provider's keys alone (SMS, ZNS): its name and state, its settings
 * fields, the provider's API address (blank: the provider's own), and its secrets, written only
 * (blank keeps the stored ones, the server's rule).
 */
export interface ProviderChannelForm {
  kind: ChannelKind;
  catalogue: Catalogue<ChannelView, ChannelBody>;
  add: string;
  edit: string;
  description: string;
  /** Text settings beside the state (the SMS brandname), all required. */
  settings: { name: string; label: string }[];
  baseUrl: { hint: string; placeholder: string };
  secrets: { name: string; label: string }[];
}

type Values = Record<string, string>;

export function providerChannelDialog(form: ProviderChannelForm) {
  const fields = [
    'name',
    'status',
    'base_url',
    ...form.settings.map((field) => field.name),
    ...form.secrets.map((field) => field.name),
  ];
  /** The form's field of a server path ('settings.brandname', 'secrets.api_key', 'name'). */
  const fieldOf = (param: string) => {
    const name = param.split('.').at(-1);
    return name && fields.includes(name) ? name : undefined;
  };
  const toBody = (values: Values): ChannelBody => ({
    kind: form.kind,
    name: values.name ?? '',
    status: values.status === 'disabled' ? 'disabled' : 'active',
    group_id: null,
    settings: {
      ...Object.fromEntries(form.settings.map(({ name }) => [name, values[name] ?? ''])),
      base_url: values.base_url ?? '',
    },
    secrets: Object.fromEntries(form.secrets.map(({ name }) => [name, values[name] ?? ''])),
  });

  function ProviderChannelFields({
    record,
    onDone,
  }: {
    record: ChannelView | null;
    onDone: () => void;
  }) {
    const uid = useId();
    const values = useForm<Values>({
      defaultValues: {
        name: record?.name ?? '',
        status: record?.status === 'disabled' ? 'disabled' : 'active',
        base_url: String(record?.settings.base_url ?? ''),
        ...Object.fromEntries(
          form.settings.map(({ name }) => [name, String(record?.settings[name] ?? '')]),
        ),
        ...Object.fromEntries(form.secrets.map(({ name }) => [name, ''])),
      },
    });
    const save = useSaveCatalogue(form.catalogue);
    const { errors } = values.formState;
    const field = (name: string) => ({ id: `${uid}-${name}`, error: errors[name]?.message });
    const aria = (name: string) => ({
      id: `${uid}-${name}`,
      ...fieldAria(`${uid}-${name}`, errors[name]?.message),
    });
    const onSubmit = values.handleSubmit((filled) =>
      saveForm(() => save.mutateAsync({ id: record?._id ?? null, body: toBody(filled) }), {
        onSaved: onDone,
        showFieldErrors: (error) => applyFieldErrors(error, values.setError, fieldOf),
      }),
    );

    return (
      <DialogForm
        title={record ? form.edit : form.add}
        description={form.description}
        onSubmit={onSubmit}
        onCancel={onDone}
        pending={save.isPending}
      >
        <FormField label={TEXT.name} required {...field('name')}>
          <Input autoFocus {...aria('name')} {...values.register('name')} />
        </FormField>
        <div className="grid gap-3 sm:grid-cols-2">
          {form.settings.map(({ name, label }) => (
            <FormField key={name} label={label} required {...field(name)}>
              <Input {...aria(name)} {...values.register(name)} />
            </FormField>
          ))}
          <FormField label={TEXT.status} {...field('status')}>
            <NativeSelect {...aria('status')} {...values.register('status')}>
              <option value="active">{TEXT.active}</option>
              <option value="disabled">{TEXT.disabled}</option>
            </NativeSelect>
          </FormField>
        </div>
        <FormField label={TEXT.baseUrl} hint={form.baseUrl.hint} {...field('base_url')}>
          <Input
            inputMode="url"
            placeholder={form.baseUrl.placeholder}
            {...aria('base_url')}
            {...values.register('base_url')}
          />
        </FormField>
        <div className="grid gap-3 sm:grid-cols-2">
          {form.secrets.map(({ name, label }) => (
            <FormField
              key={name}
              label={label}
              required={!record}
              hint={record ? TEXT.secretKept : undefined}
              {...field(name)}
            >
              <Input
                type="password"
                autoComplete="off"
                {...aria(name)}
                {...values.register(name)}
              />
            </FormField>
          ))}
        </div>
      </DialogForm>
    );
  }

  return catalogueDialog(ProviderChannelFields, 'max-w-lg');
}
