import { Controller } from 'react-hook-form';
import { PRE_CHAT_FIELD_MODE } from '@omnicare/shared/channels/livechat-settings';
import { FormField } from '@/components/ui/form-dialog';
import { NativeSelect } from '@/components/ui/native-select';
import { useResourceList } from '@/features/ticket-settings/ticket-settings.queries';
import type { LivechatForm } from '../../livechat-form';
import { LIVECHAT_TEXT as TEXT, PRE_CHAT_LABEL } from '../../livechat-text';
import { AllowedDomainsField } from './allowed-domains-field';

/** Who may embed the widget and when the team answers. */
export function AccessFields({
  form: { form, field, aria, fieldId, errorOf },
}: {
  form: LivechatForm;
}) {
  const schedules = useResourceList('schedules');
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="pb-2 text-sm font-semibold text-slate-900">{TEXT.access}</legend>
      <FormField label={TEXT.domains} id={fieldId('settings.allowed_domains')}>
        <Controller
          control={form.control}
          name="settings.allowed_domains"
          render={({ field: domains }) => (
            <AllowedDomainsField
              id={fieldId('settings.allowed_domains')}
              value={domains.value}
              onChange={domains.onChange}
              error={errorOf('settings.allowed_domains')}
              errorAt={(index) => errorOf(`settings.allowed_domains.${index}`)}
            />
          )}
        />
      </FormField>
      <FormField
        label={TEXT.workingTime}
        hint={TEXT.workingTimeHint}
        {...field('settings.working_time_id')}
      >
        <NativeSelect
          {...aria('settings.working_time_id')}
          {...form.register('settings.working_time_id')}
        >
          <option value="">{TEXT.alwaysOpen}</option>
          {(schedules.data?.data ?? []).map((schedule) => (
            <option key={schedule._id} value={schedule._id}>
              {schedule.name}
            </option>
          ))}
        </NativeSelect>
      </FormField>
    </fieldset>
  );
}

/** For each of name, phone and email: asked and required, asked, or not asked. */
export function PreChatFields({ form: { form, field, aria } }: { form: LivechatForm }) {
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="pb-2 text-sm font-semibold text-slate-900">{TEXT.preChat}</legend>
      <p className="-mt-1 text-xs text-slate-500">{TEXT.preChatHint}</p>
      <div className="grid gap-3 sm:grid-cols-3">
        {(Object.keys(PRE_CHAT_LABEL) as (keyof typeof PRE_CHAT_LABEL)[]).map((name) => {
          const path = `settings.pre_chat.${name}` as const;
          return (
            <FormField key={name} label={PRE_CHAT_LABEL[name]} {...field(path)}>
              <NativeSelect {...aria(path)} {...form.register(path)}>
                {PRE_CHAT_FIELD_MODE.options().map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </NativeSelect>
            </FormField>
          );
        })}
      </div>
    </fieldset>
  );
}
