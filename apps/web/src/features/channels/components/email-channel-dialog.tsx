import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link2, Unlink } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import type { ChannelBody, ChannelView } from '@omnicare/shared/channels/channels.schemas';
import {
  EMAIL_AUTH_METHOD,
  EMAIL_OAUTH_PROVIDER,
  EMAIL_OAUTH_PROVIDERS,
  EMAIL_OAUTH_REDIRECT_PATH,
  type EmailAuthMethod,
  type EmailOauthProvider,
} from '@omnicare/shared/channels/email-oauth.schemas';
import { formatDateTime } from '@omnicare/shared/platform/time';
import {
  EMAIL_POLL_MINUTES,
  SMTP_SECURITY,
  type SmtpSecurity,
} from '@omnicare/shared/channels/email-settings';
import { catalogueDialog } from '@/components/catalogue/catalogue-list-page';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useSaveCatalogue } from '@/components/catalogue/use-catalogue';
import { DialogForm, FormField, fieldAria } from '@/components/ui/form-dialog';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { applyFieldErrors, errorMessage } from '@/lib/errors';
import { saveForm } from '@/lib/mutation-feedback';
import { toast } from '@/lib/toast';
import {
  channelKeys,
  channelsOfKind,
  disconnectEmailOauth,
  startEmailOauthConnect,
} from '../channels.queries';
import { CHANNELS_TEXT, EMAIL_TEXT as TEXT } from '../channels-text';
import { CopyButton } from './copy-button';

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
  auth_method: EmailAuthMethod;
  oauth_provider: EmailOauthProvider;
  oauth_client_id: string;
  oauth_client_secret: string;
  oauth_public_client: boolean;
  oauth_authorize_url: string;
  oauth_token_url: string;
  oauth_revoke_url: string;
  oauth_scope: string;
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
  'auth_method',
  'oauth_provider',
  'oauth_client_id',
  'oauth_client_secret',
  'oauth_public_client',
  'oauth_authorize_url',
  'oauth_token_url',
  'oauth_revoke_url',
  'oauth_scope',
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
    auth_method: values.auth_method,
    ...(values.auth_method === 'oauth2'
      ? {
          oauth_provider: values.oauth_provider,
          oauth_client_id: values.oauth_client_id,
          oauth_public_client: values.oauth_public_client,
          oauth_authorize_url: values.oauth_authorize_url,
          oauth_token_url: values.oauth_token_url,
          oauth_revoke_url: values.oauth_revoke_url,
          oauth_scope: values.oauth_scope,
        }
      : {}),
  },
  // Blank secrets keep the stored ones (the server's rule); only the chosen login's are sent.
  secrets:
    values.auth_method === 'oauth2'
      ? values.oauth_public_client
        ? {}
        : { oauth_client_secret: values.oauth_client_secret }
      : { imap_password: values.imap_password, smtp_password: values.smtp_password },
});

/** Whether a mailbox logs in by OAuth2 and has its refresh token (the connection was made). */
export const oauthConnected = (channel: ChannelView) =>
  channel.settings.auth_method === 'oauth2' && channel.secrets.oauth_refresh_token === true;

/** The provider's name for the buttons ('Kết nối bằng Google'); a custom one is 'OAuth2'. */
export const providerName = (provider: unknown) =>
  provider === 'google' || provider === 'microsoft'
    ? EMAIL_OAUTH_PROVIDER.label(provider)
    : 'OAuth2';

/** Saves nothing: opens the provider's consent page for a saved OAuth2 mailbox. */
export async function goToConsent(channelId: string) {
  const { data, message } = await startEmailOauthConnect(channelId);
  toast.info(message || TEXT.redirecting);
  window.location.assign(data.url);
}

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
      auth_method: settings.auth_method === 'oauth2' ? 'oauth2' : 'password',
      oauth_provider: (text(settings.oauth_provider, 'google') as EmailOauthProvider) || 'google',
      oauth_client_id: text(settings.oauth_client_id),
      oauth_client_secret: '',
      oauth_public_client: settings.oauth_public_client === true,
      oauth_authorize_url: text(
        settings.oauth_authorize_url,
        EMAIL_OAUTH_PROVIDERS.google.authorize_url,
      ),
      oauth_token_url: text(settings.oauth_token_url, EMAIL_OAUTH_PROVIDERS.google.token_url),
      // A mailbox saved before the setting existed: its provider's.
      oauth_revoke_url: text(
        settings.oauth_revoke_url,
        EMAIL_OAUTH_PROVIDERS[
          (text(settings.oauth_provider, 'google') as EmailOauthProvider) || 'google'
        ]?.revoke_url ?? '',
      ),
      oauth_scope: text(settings.oauth_scope, EMAIL_OAUTH_PROVIDERS.google.scope),
    },
  });
  const [method, provider, publicClient] = useWatch({
    control: form.control,
    name: ['auth_method', 'oauth_provider', 'oauth_public_client'],
  });
  const [connecting, setConnecting] = useState(false);
  const queries = useQueryClient();
  /** Another provider: its endpoints and scope, unless the fields hold something of one's own. */
  const pickProvider = (next: EmailOauthProvider) => {
    const previous = EMAIL_OAUTH_PROVIDERS[form.getValues('oauth_provider')];
    form.setValue('oauth_provider', next);
    const defaults = EMAIL_OAUTH_PROVIDERS[next];
    const fields = [
      ['oauth_authorize_url', 'authorize_url'],
      ['oauth_token_url', 'token_url'],
      ['oauth_revoke_url', 'revoke_url'],
      ['oauth_scope', 'scope'],
    ] as const;
    for (const [name, key] of fields) {
      const current = form.getValues(name);
      if (!current || current === previous[key]) form.setValue(name, defaults[key]);
    }
  };
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
  // Connecting saves first (the server needs the client and endpoints), then goes to consent.
  const onConnect = form.handleSubmit(async (values) => {
    setConnecting(true);
    let id = record?._id ?? null;
    try {
      id = (await save.mutateAsync({ id, body: toEmailBody(values) })).data._id;
    } catch (error) {
      if (!applyFieldErrors(error, form.setError, fieldOf)) toast.error(errorMessage(error));
      setConnecting(false);
      return;
    }
    try {
      await goToConsent(id);
    } catch (error) {
      toast.error(errorMessage(error));
      setConnecting(false);
    }
  });
  const disconnect = async () => {
    if (!record) return;
    try {
      const { message } = await disconnectEmailOauth(record._id);
      toast.success(message);
      await queries.invalidateQueries({ queryKey: channelKeys.kind('email') });
      onDone();
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };
  const redirectUri = `${window.location.origin}${EMAIL_OAUTH_REDIRECT_PATH}`;
  const connectedAt =
    record && oauthConnected(record) ? String(record.settings.oauth_connected_at ?? '') : '';
  const oauth = method === 'oauth2';

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
        <legend className="px-1 text-sm font-medium text-slate-700">{TEXT.authSection}</legend>
        <FormField label={TEXT.authMethod} hint={TEXT.authHint} {...field('auth_method')}>
          <NativeSelect {...aria('auth_method')} {...form.register('auth_method')}>
            {EMAIL_AUTH_METHOD.values.map((value) => (
              <option key={value} value={value}>
                {EMAIL_AUTH_METHOD.label(value)}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        {oauth && (
          <>
            <FormField label={TEXT.provider} {...field('oauth_provider')}>
              <NativeSelect
                {...aria('oauth_provider')}
                value={provider}
                onChange={(event) => pickProvider(event.target.value as EmailOauthProvider)}
              >
                {EMAIL_OAUTH_PROVIDER.values.map((value) => (
                  <option key={value} value={value}>
                    {EMAIL_OAUTH_PROVIDER.label(value)}
                  </option>
                ))}
              </NativeSelect>
            </FormField>
            <FormField label={TEXT.clientId} required {...field('oauth_client_id')}>
              <Input
                autoComplete="off"
                {...aria('oauth_client_id')}
                {...form.register('oauth_client_id')}
              />
            </FormField>
            {!publicClient && (
              <FormField
                label={TEXT.clientSecret}
                required={!record?.secrets.oauth_client_secret}
                hint={record?.secrets.oauth_client_secret ? secretHint : undefined}
                {...field('oauth_client_secret')}
              >
                <Input
                  type="password"
                  autoComplete="new-password"
                  {...aria('oauth_client_secret')}
                  {...form.register('oauth_client_secret')}
                />
              </FormField>
            )}
            <label className="flex items-start gap-2 text-sm text-slate-700 sm:col-span-2">
              <input
                type="checkbox"
                className="mt-0.5 size-4"
                {...form.register('oauth_public_client')}
              />
              <span>
                {TEXT.publicClient}
                <span className="block text-xs text-slate-500">{TEXT.publicClientHint}</span>
              </span>
            </label>
            <FormField
              label={TEXT.authorizeUrl}
              hint={provider === 'microsoft' ? TEXT.microsoftTenantHint : TEXT.providerUrlHint}
              required={provider === 'custom'}
              className="sm:col-span-2"
              {...field('oauth_authorize_url')}
            >
              <Input {...aria('oauth_authorize_url')} {...form.register('oauth_authorize_url')} />
            </FormField>
            <FormField
              label={TEXT.tokenUrl}
              required={provider === 'custom'}
              className="sm:col-span-2"
              {...field('oauth_token_url')}
            >
              <Input {...aria('oauth_token_url')} {...form.register('oauth_token_url')} />
            </FormField>
            <FormField
              label={TEXT.revokeUrl}
              hint={TEXT.revokeUrlHint}
              className="sm:col-span-2"
              {...field('oauth_revoke_url')}
            >
              <Input {...aria('oauth_revoke_url')} {...form.register('oauth_revoke_url')} />
            </FormField>
            <FormField label={TEXT.scope} className="sm:col-span-2" {...field('oauth_scope')}>
              <Input {...aria('oauth_scope')} {...form.register('oauth_scope')} />
            </FormField>
            <div className="space-y-1 text-xs text-slate-600 sm:col-span-2">
              <span className="block">{TEXT.redirectUri}:</span>
              <span className="flex min-w-0 items-center gap-1">
                <code className="truncate rounded bg-slate-100 px-1.5 py-0.5 text-slate-800">
                  {redirectUri}
                </code>
                <CopyButton
                  value={redirectUri}
                  label={TEXT.copyRedirect}
                  copied={TEXT.copiedRedirect}
                  failed={TEXT.copyFailed}
                />
              </span>
            </div>
            <div className="flex flex-wrap items-center gap-2 sm:col-span-2">
              <Button
                type="button"
                variant="outline"
                disabled={connecting || save.isPending}
                onClick={() => void onConnect()}
              >
                <Link2 aria-hidden="true" />
                {connectedAt
                  ? TEXT.reconnectWith(providerName(provider))
                  : TEXT.connectWith(providerName(provider))}
              </Button>
              {record && connectedAt && (
                <ConfirmDialog
                  trigger={
                    <Button type="button" variant="ghost" disabled={connecting}>
                      <Unlink aria-hidden="true" />
                      {TEXT.disconnect}
                    </Button>
                  }
                  title={TEXT.disconnectTitle}
                  description={TEXT.disconnectQuestion(record.name)}
                  confirmText={TEXT.disconnect}
                  onConfirm={disconnect}
                />
              )}
              <span
                role="status"
                className={connectedAt ? 'text-xs text-emerald-700' : 'text-xs text-amber-700'}
              >
                {connectedAt
                  ? TEXT.oauthConnected(formatDateTime(connectedAt))
                  : TEXT.oauthNotConnected}
              </span>
              <span className="basis-full text-xs text-slate-500">{TEXT.connectHint}</span>
            </div>
          </>
        )}
      </fieldset>
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
        {!oauth && (
          <FormField
            label={TEXT.imapPassword}
            required={!record?.secrets.imap_password}
            hint={record?.secrets.imap_password ? secretHint : undefined}
            {...field('imap_password')}
          >
            <Input
              type="password"
              autoComplete="new-password"
              {...aria('imap_password')}
              {...form.register('imap_password')}
            />
          </FormField>
        )}
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
        {!oauth && (
          <FormField
            label={TEXT.smtpPassword}
            required={!record?.secrets.smtp_password}
            hint={record?.secrets.smtp_password ? secretHint : undefined}
            {...field('smtp_password')}
          >
            <Input
              type="password"
              autoComplete="new-password"
              {...aria('smtp_password')}
              {...form.register('smtp_password')}
            />
          </FormField>
        )}
      </fieldset>
    </DialogForm>
  );
}
