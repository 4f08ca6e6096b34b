import { useId, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { RefreshCw } from 'lucide-react';
import { Controller, useForm, useWatch, type UseFormRegisterReturn } from 'react-hook-form';
import type { FacebookPageView } from '@omnicare/shared/channels/facebook.schemas';
import type {
  ChannelBody,
  ChannelView,
  FacebookPagesBody,
} from '@omnicare/shared/channels/channels.schemas';
import { catalogueDialog } from '@/components/catalogue/catalogue-list-page';
import { useSaveCatalogue } from '@/components/catalogue/use-catalogue';
import { Button } from '@/components/ui/button';
import { DialogForm, FormField, fieldAria } from '@/components/ui/form-dialog';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { DepartmentPicker, departmentOption } from '@/features/users/components/staff-picker';
import { applyFieldErrors, errorMessage, fieldErrorMessages } from '@/lib/errors';
import { saveForm } from '@/lib/mutation-feedback';
import { channelsOfKind, fetchFacebookPages } from '../channels.queries';
import { CHANNELS_TEXT } from '../channels-text';
import { FACEBOOK_TEXT as TEXT } from '../facebook-text';
import { LIVECHAT_TEXT } from '../livechat-text';
import { CopyButton } from './copy-button';

export const FACEBOOK_CHANNELS = channelsOfKind('facebook');

interface FacebookFormValues {
  name: string;
  status: 'active' | 'disabled';
  group_id: string;
  page_id: string;
  page_name: string;
  graph_base_url: string;
  api_version: string;
  page_access_token: string;
  /** Given to pick a Page: the server takes the Page's token with it (never kept). */
  user_access_token: string;
  app_secret: string;
  verify_token: string;
}
type Field = keyof FacebookFormValues;
const FIELDS: Field[] = [
  'name',
  'status',
  'group_id',
  'page_id',
  'page_name',
  'graph_base_url',
  'api_version',
  'page_access_token',
  'user_access_token',
  'app_secret',
  'verify_token',
];

/** The form's field of a server path ('settings.page_id', 'secrets.app_secret', 'name'). */
const fieldOf = (param: string): Field | undefined => {
  const name = param.split('.').at(-1) as Field | undefined;
  return name && FIELDS.includes(name) ? name : undefined;
};

export const toFacebookBody = (values: FacebookFormValues): ChannelBody => ({
  kind: 'facebook',
  name: values.name,
  status: values.status,
  group_id: values.group_id || null,
  settings: {
    page_id: values.page_id,
    page_name: values.page_name,
    graph_base_url: values.graph_base_url,
    api_version: values.api_version,
  },
  // Blank keys keep the stored ones (the server's rule).
  secrets: {
    page_access_token: values.page_access_token,
    app_secret: values.app_secret,
    verify_token: values.verify_token,
    ...(values.user_access_token ? { user_access_token: values.user_access_token } : {}),
  },
});

/** A verify token nobody guesses (32 hex characters). */
export const randomVerifyToken = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) =>
    byte.toString(16).padStart(2, '0'),
  ).join('');

export const FacebookChannelDialog = catalogueDialog(
  FacebookChannelForm,
  'max-h-[94vh] max-w-xl overflow-y-auto',
);

function FacebookChannelForm({
  record,
  onDone,
}: {
  record: ChannelView | null;
  onDone: () => void;
}) {
  const uid = useId();
  const setting = (name: string) => String(record?.settings[name] ?? '');
  const form = useForm<FacebookFormValues>({
    defaultValues: {
      name: record?.name ?? '',
      status: record?.status === 'disabled' ? 'disabled' : 'active',
      group_id: record?.group?._id ?? '',
      page_id: setting('page_id'),
      page_name: setting('page_name'),
      graph_base_url: setting('graph_base_url'),
      api_version: setting('api_version'),
      page_access_token: '',
      user_access_token: '',
      app_secret: '',
      verify_token: '',
    },
  });
  const save = useSaveCatalogue(FACEBOOK_CHANNELS);
  const { errors } = form.formState;
  const id = (name: Field) => `${uid}-${name}`;
  const field = (name: Field) => ({ id: id(name), error: errors[name]?.message });
  const aria = (name: Field) => ({ id: id(name), ...fieldAria(id(name), errors[name]?.message) });
  const secretHint = record ? CHANNELS_TEXT.secretKept : undefined;
  const verifyToken = useWatch({ control: form.control, name: 'verify_token' });
  const userToken = useWatch({ control: form.control, name: 'user_access_token' });
  const onSubmit = form.handleSubmit((values) =>
    saveForm(() => save.mutateAsync({ id: record?._id ?? null, body: toFacebookBody(values) }), {
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
      <PagePicker
        id={id('user_access_token')}
        error={errors.user_access_token?.message}
        register={form.register('user_access_token')}
        hosts={() => ({
          graph_base_url: form.getValues('graph_base_url'),
          api_version: form.getValues('api_version'),
          user_access_token: form.getValues('user_access_token'),
        })}
        onPick={(page) => {
          form.setValue('page_id', page.id, { shouldDirty: true });
          form.setValue('page_name', page.name, { shouldDirty: true });
        }}
      />
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField label={TEXT.pageId} required {...field('page_id')}>
          <Input inputMode="numeric" {...aria('page_id')} {...form.register('page_id')} />
        </FormField>
        <FormField label={TEXT.pageName} hint={TEXT.pageNameHint} {...field('page_name')}>
          <Input {...aria('page_name')} {...form.register('page_name')} />
        </FormField>
      </div>
      <FormField
        label={TEXT.pageToken}
        required={!record && !userToken}
        hint={userToken ? TEXT.pageTokenFromUser : secretHint}
        {...field('page_access_token')}
      >
        <Input
          type="password"
          autoComplete="off"
          {...aria('page_access_token')}
          {...form.register('page_access_token')}
        />
      </FormField>
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField
          label={TEXT.appSecret}
          required={!record}
          hint={secretHint}
          {...field('app_secret')}
        >
          <Input
            type="password"
            autoComplete="off"
            {...aria('app_secret')}
            {...form.register('app_secret')}
          />
        </FormField>
        <FormField
          label={TEXT.verifyToken}
          required={!record}
          hint={record ? CHANNELS_TEXT.secretKept : TEXT.verifyTokenHint}
          {...field('verify_token')}
        >
          <div className="flex items-center gap-1">
            <Input
              autoComplete="off"
              className="font-mono"
              {...aria('verify_token')}
              {...form.register('verify_token')}
            />
            <CopyButton
              value={verifyToken}
              label={TEXT.copyVerifyToken}
              copied={TEXT.copiedVerifyToken}
              failed={TEXT.copyFailed}
            />
            <Button
              type="button"
              size="icon"
              variant="ghost"
              className="size-6 shrink-0"
              aria-label={TEXT.generate}
              title={TEXT.generate}
              onClick={() =>
                form.setValue('verify_token', randomVerifyToken(), { shouldDirty: true })
              }
            >
              <RefreshCw className="size-3.5" aria-hidden="true" />
            </Button>
          </div>
        </FormField>
      </div>
      <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_10rem]">
        <FormField label={TEXT.graphBase} hint={TEXT.graphBaseHint} {...field('graph_base_url')}>
          <Input
            inputMode="url"
            placeholder="https://graph.facebook.com"
            {...aria('graph_base_url')}
            {...form.register('graph_base_url')}
          />
        </FormField>
        <FormField label={TEXT.apiVersion} hint={TEXT.apiVersionHint} {...field('api_version')}>
          <Input placeholder="v20.0" {...aria('api_version')} {...form.register('api_version')} />
        </FormField>
      </div>
    </DialogForm>
  );
}

/**
 * Picking the Page by a User access token (Facebook Login's, or the Graph API Explorer's): the
 * Pages it manages with messaging are listed (`POST /v2/channels/facebook/pages`); choosing one
 * fills Page ID and name. Saved with that token, the server takes the Page's own.
 */
function PagePicker({
  id,
  error,
  register,
  hosts,
  onPick,
}: {
  id: string;
  error?: string;
  register: UseFormRegisterReturn<'user_access_token'>;
  hosts: () => FacebookPagesBody;
  onPick: (page: FacebookPageView) => void;
}) {
  const [pages, setPages] = useState<FacebookPageView[] | null>(null);
  const [failure, setFailure] = useState<string>();
  const load = useMutation({
    meta: { silent: true },
    mutationFn: () => fetchFacebookPages(hosts()),
    onSuccess: (found) => {
      setFailure(undefined);
      setPages(found);
      if (found.length === 1) onPick(found[0]!);
    },
    onError: (problem) =>
      setFailure(
        fieldErrorMessages(problem, ['user_access_token'] as const)?.user_access_token ??
          errorMessage(problem),
      ),
  });
  return (
    <fieldset className="grid gap-2 rounded-md border border-slate-200 p-3">
      <legend className="px-1 text-sm font-medium text-slate-700">{TEXT.pickSection}</legend>
      <FormField label={TEXT.userToken} hint={TEXT.userTokenHint} id={id} error={failure ?? error}>
        <div className="flex items-center gap-2">
          <Input
            type="password"
            autoComplete="off"
            {...fieldAria(id, failure ?? error)}
            id={id}
            {...register}
          />
          <Button
            type="button"
            variant="outline"
            size="sm"
            disabled={load.isPending}
            onClick={() => load.mutate()}
          >
            {load.isPending ? TEXT.loadingPages : TEXT.loadPages}
          </Button>
        </div>
      </FormField>
      {pages && pages.length === 0 && <p className="text-xs text-slate-600">{TEXT.noPages}</p>}
      {pages && pages.length > 0 && (
        <FormField label={TEXT.page} id={`${id}-page`}>
          <NativeSelect
            id={`${id}-page`}
            defaultValue={pages.length === 1 ? pages[0]!.id : ''}
            onChange={(event) => {
              const page = pages.find((candidate) => candidate.id === event.target.value);
              if (page) onPick(page);
            }}
          >
            {pages.length > 1 && <option value="">{TEXT.choosePage}</option>}
            {pages.map((page) => (
              <option key={page.id} value={page.id}>
                {page.name} ({page.id})
              </option>
            ))}
          </NativeSelect>
        </FormField>
      )}
    </fieldset>
  );
}
