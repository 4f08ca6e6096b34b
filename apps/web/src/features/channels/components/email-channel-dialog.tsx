import { useId } from 'react';
import { useForm } from 'react-hook-form';
import type { ChannelBody, ChannelView } from '@omnicare/shared/channels/channels.schemas';
import {
  EMAIL_POLL_MINUTES,
  SMTP_SECURITY,
  type SmtpSecurity,
} from '@omnicare/shared/channels/email-settings';
import { catalogueDialog } from '@/components/catalogue/catalogue-list-page';
import { useSaveCatalogue } from '@/components/catalogue/use-catalogue';
import { DialogForm, FormField, fieldAria } from '@/components/ui/form-dialog';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { applyFieldErrors } from '@/lib/errors';
import { saveForm } from '@/lib/mutation-feedback';
import { channelsOfKind } from '../channels.queries';
import { CHANNELS_TEXT, EMAIL_TEXT as TEXT } from '../channels-text';

export const EMAIL_CHANNELS = channelsOfKind('email');

export interface EmailFormValues {
  name: string;
  status: 'active' | 'disabled';
  imap_host: string;
  imap_port: string;
  imap_tls: boolean;
  imap_user: string;
  imap_folder: string;
  imap_idle: boolean;
  poll_minutes: string;
  smtp_host: string;
  smtp_port: string;
  smtp_security: SmtpSecurity;
  smtp_user: string;
  from_address: string;
  from_name: string;
  imap_password: string;
  smtp_password: string;
}
type Field = keyof EmailFormValues;
const FIELDS: Field[] = [
  'name',
  'status',
  'imap_host',
  'imap_port',
  'imap_tls',
  'imap_user',
  'imap_folder',
  'imap_idle',
  'poll_minutes',
  'smtp_host',
  'smtp_port',
  'smtp_security',
  'smtp_user',
  'from_address',
  'from_name',
  'imap_password',
  'smtp_password',
];

/** The form's field of a server path ('settings.imap_host', 'secrets.imap_password', 'name'). */
const fieldOf = (param: string): Field | undefined => {
  const name = param.split('.').at(-1);
  return name && (FIELDS as string[]).includes(name) ? (name as Field) : undefined;
};

/** A stored channel's settings as the body a save sends (the pause button keeps them). */
export const emailSettingsOf = (channel: ChannelView) => ({ ...channel.settings });

export const toEmailBody = (values: EmailFormValues): ChannelBody => ({
  kind: 'email',
  name: values.name,
  status: values.status,
  group_id: null,
  settings: {
    imap_host: values.imap_host,
    imap_port: values.imap_port,
    imap_tls: values.imap_tls,
    imap_user: values.imap_user,
    imap_folder: values.imap_folder,
    imap_idle: values.imap_idle,
    poll_minutes: values.poll_minutes,
    smtp_host: values.smtp_host,
    smtp_port: values.smtp_port,
    smtp_security: values.smtp_security,
    smtp_user: values.smtp_user,
    from_address: values.from_address,
    from_name: values.from_name,
  },
  // Blank passwords keep the stored ones (the server's rule).
  secrets: { imap_password: values.imap_password, smtp_password: values.smtp_password },
});

const text = (value: unknown, fallback = '') =>
  value === undefined || value === null ? fallback : String(value);

export const EmailChannelDialog = catalogueDialog(
  EmailChannelForm,
  'max-h-[94vh] max-w-2xl overflow-y-auto',
);

function EmailChannelForm({ record, onDone }: { record: ChannelView | null; onDone: () => void }) {
  const uid = useId();
  const settings = record?.settings ?? {};
  const form = useForm<EmailFormValues>({
    defaultValues: {
      name: record?.name ?? '',
      status: record?.status === 'disabled' ? 'disabled' : 'active',
      imap_host: text(settings.imap_host),
      imap_port: text(settings.imap_port, '993'),
      imap_tls: settings.imap_tls === undefined ? true : Boolean(settings.imap_tls),
      imap_user: text(settings.imap_user),
      imap_folder: text(settings.imap_folder, 'INBOX'),
      imap_idle: settings.imap_idle !== false,
      poll_minutes: text(settings.poll_minutes, String(EMAIL_POLL_MINUTES.default)),
      smtp_host: text(settings.smtp_host),
      smtp_port: text(settings.smtp_port, '587'),
      smtp_security: (text(settings.smtp_security, 'starttls') as SmtpSecurity) || 'starttls',
      smtp_user: text(settings.smtp_user),
      from_address: text(settings.from_address),
      from_name: text(settings.from_name),
      imap_password: '',
      smtp_password: '',
    },
  });
  const save = useSaveCatalogue(EMAIL_CHANNELS);
  const { errors } = form.formState;
  const field = (name: Field) => ({ id: `${uid}-${name}`, error: errors[name]?.message });
  const aria = (name: Field) => ({
    id: `${uid}-${name}`,
    ...fieldAria(`${uid}-${name}`, errors[name]?.message),
  });
  const secretHint = record ? CHANNELS_TEXT.secretKept : undefined;
  const onSubmit = form.handleSubmit((values) =>
    saveForm(() => save.mutateAsync({ id: record?._id ?? null, body: toEmailBody(values) }), {
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
        <FormField label={TEXT.fromAddress} required {...field('from_address')}>
          <Input
            type="email"
            placeholder="support@congty.vn"
            {...aria('from_address')}
            {...form.register('from_address')}
          />
        </FormField>
        <FormField label={TEXT.fromName} {...field('from_name')}>
          <Input {...aria('from_name')} {...form.register('from_name')} />
        </FormField>
      </div>
      <fieldset className="grid gap-3 rounded-md border border-slate-200 p-3 sm:grid-cols-2">
        <legend className="px-1 text-sm font-medium text-slate-700">{TEXT.imapSection}</legend>
        <FormField label={TEXT.imapHost} required {...field('imap_host')}>
          <Input
            placeholder="imap.gmail.com"
            {...aria('imap_host')}
            {...form.register('imap_host')}
          />
        </FormField>
        <FormField label={TEXT.imapPort} required {...field('imap_port')}>
          <Input inputMode="numeric" {...aria('imap_port')} {...form.register('imap_port')} />
        </FormField>
        <FormField label={TEXT.imapUser} required {...field('imap_user')}>
          <Input autoComplete="off" {...aria('imap_user')} {...form.register('imap_user')} />
        </FormField>
        <FormField
          label={TEXT.imapPassword}
          required={!record}
          hint={secretHint}
          {...field('imap_password')}
        >
          <Input
            type="password"
            autoComplete="new-password"
            {...aria('imap_password')}
            {...form.register('imap_password')}
          />
        </FormField>
        <FormField label={TEXT.imapFolder} {...field('imap_folder')}>
          <Input {...aria('imap_folder')} {...form.register('imap_folder')} />
        </FormField>
        <FormField label={TEXT.pollMinutes} {...field('poll_minutes')}>
          <Input inputMode="numeric" {...aria('poll_minutes')} {...form.register('poll_minutes')} />
        </FormField>
        <label className="flex items-center gap-2 text-sm text-slate-700 sm:col-span-2">
          <input type="checkbox" className="size-4" {...form.register('imap_tls')} />
          {TEXT.imapTls}
        </label>
        <label className="flex items-start gap-2 text-sm text-slate-700 sm:col-span-2">
          <input type="checkbox" className="mt-0.5 size-4" {...form.register('imap_idle')} />
          <span>
            {TEXT.imapIdle}
            <span className="block text-xs text-slate-500">{TEXT.imapIdleHint}</span>
          </span>
        </label>
      </fieldset>
      <fieldset className="grid gap-3 rounded-md border border-slate-200 p-3 sm:grid-cols-2">
        <legend className="px-1 text-sm font-medium text-slate-700">{TEXT.smtpSection}</legend>
        <FormField label={TEXT.smtpHost} required {...field('smtp_host')}>
          <Input
            placeholder="smtp.gmail.com"
            {...aria('smtp_host')}
            {...form.register('smtp_host')}
          />
        </FormField>
        <FormField label={TEXT.smtpPort} required {...field('smtp_port')}>
          <Input inputMode="numeric" {...aria('smtp_port')} {...form.register('smtp_port')} />
        </FormField>
        <FormField label={TEXT.smtpSecurity} {...field('smtp_security')}>
          <NativeSelect {...aria('smtp_security')} {...form.register('smtp_security')}>
            {SMTP_SECURITY.values.map((value) => (
              <option key={value} value={value}>
                {SMTP_SECURITY.label(value)}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField label={TEXT.smtpUser} hint={TEXT.smtpUserHint} {...field('smtp_user')}>
          <Input autoComplete="off" {...aria('smtp_user')} {...form.register('smtp_user')} />
        </FormField>
        <FormField
          label={TEXT.smtpPassword}
          required={!record}
          hint={secretHint}
          {...field('smtp_password')}
        >
          <Input
            type="password"
            autoComplete="new-password"
            {...aria('smtp_password')}
            {...form.register('smtp_password')}
          />
        </FormField>
      </fieldset>
    </DialogForm>
  );
}
