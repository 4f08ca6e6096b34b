import { Controller, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { channelBody, type ChannelView } from '@omnicare/shared/channels/channels.schemas';
import { catalogueDialog } from '@/components/catalogue/catalogue-list-page';
import { useCatalogueForm } from '@/components/catalogue/use-catalogue-form';
import { DialogForm, FormField, fieldErrorLink } from '@/components/ui/form-dialog';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { useChatConfig } from '@/features/conversations/conversations.queries';
import { DepartmentPicker, departmentOption } from '@/features/users/components/staff-picker';
import { channelsOfKind } from '../../channels.queries';
import { CHANNELS_TEXT } from '../../channels-text';
import {
  LIVECHAT_FORM_FIELDS,
  livechatFormValues,
  toLivechatBody,
  type LivechatForm,
  type LivechatFormValues,
} from '../../livechat-form';
import { LIVECHAT_TEXT as TEXT } from '../../livechat-text';
import { AccessFields, PreChatFields } from './access-fields';
import { InstallSnippet } from './install-snippet';
import { LookFields } from './look-fields';
import { WidgetPreview } from './widget-preview';

export const LIVECHAT = channelsOfKind('livechat');

export const LivechatChannelDialog = catalogueDialog(
  LivechatChannelForm,
  'max-h-[94vh] max-w-5xl overflow-y-auto',
);

/** A livechat channel's form, with the widget drawn beside it as it is being typed. */
function LivechatChannelForm({
  record,
  onDone,
}: {
  record: ChannelView | null;
  onDone: () => void;
}) {
  const greeting = useChatConfig().data?.greeting ?? '';
  const channelForm = useCatalogueForm({
    catalogue: LIVECHAT,
    // The schema judges what will be sent (toLivechatBody), not the form's own shape.
    schema: channelBody as unknown as z.ZodType<unknown, LivechatFormValues>,
    defaults: livechatFormValues(record),
    id: record?._id ?? null,
    fields: LIVECHAT_FORM_FIELDS,
    onDone,
    toBody: toLivechatBody,
  });
  return (
    <DialogForm
      title={record ? TEXT.edit : TEXT.add}
      description={TEXT.description}
      onSubmit={channelForm.onSubmit}
      onCancel={onDone}
      pending={channelForm.save.isPending}
    >
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_300px]">
        <div className="flex min-w-0 flex-col gap-6">
          <ChannelFields form={channelForm} record={record} />
          <LookFields form={channelForm} greeting={greeting} channelId={record?._id ?? null} />
          <AccessFields form={channelForm} />
          <PreChatFields form={channelForm} />
          {record && <InstallSnippet channelId={record._id} channelName={record.name} />}
        </div>
        <div className="lg:sticky lg:top-0 lg:self-start">
          <LivePreview control={channelForm.form.control} greeting={greeting} />
        </div>
      </div>
    </DialogForm>
  );
}

/** The preview, redrawn alone as the form changes (the form itself is not rendered again). */
function LivePreview({
  control,
  greeting,
}: {
  control: LivechatForm['form']['control'];
  greeting: string;
}) {
  const settings = useWatch({ control, name: 'settings' });
  return <WidgetPreview look={{ ...settings, greeting }} />;
}

/** The channel itself: its name, whether it runs, and the department its chats go to. */
function ChannelFields({
  form: { form, field, aria, fieldId, errorOf },
  record,
}: {
  form: LivechatForm;
  record: ChannelView | null;
}) {
  const groupError = errorOf('group_id');
  const groupLink = fieldErrorLink(fieldId('group_id'), groupError);
  return (
    <div className="flex flex-col gap-3">
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
      <FormField label={TEXT.department} hint={TEXT.departmentHint} {...field('group_id')}>
        <Controller
          control={form.control}
          name="group_id"
          render={({ field: group }) => (
            <DepartmentPicker
              id={fieldId('group_id')}
              value={group.value || null}
              onChange={(next) => group.onChange(next ?? '')}
              emptyLabel={TEXT.anyDepartment}
              knownOptions={record?.group ? [departmentOption(record.group)] : []}
              invalid={groupLink.invalid}
              describedBy={groupLink.describedBy}
            />
          )}
        />
      </FormField>
    </div>
  );
}
