import { Controller } from 'react-hook-form';
import { ExternalLink } from 'lucide-react';
import { WIDGET_POSITION } from '@omnicare/shared/channels/livechat-settings';
import { FormField } from '@/components/ui/form-dialog';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { safeColour } from '../../../../../widget/lib/colour';
import type { LivechatForm } from '../../livechat-form';
import { AvatarField } from './avatar-field';
import { LIVECHAT_TEXT as TEXT } from '../../livechat-text';

/** Where the greeting is edited (the chat settings tab of this screen). */
export const CHAT_SETTINGS_PATH = '/settings/multi-channels/livechat?tab=chat';

/** The widget's look: colour, title, corner, avatar; the greeting is the chat settings'. */
export function LookFields({
  form: channelForm,
  greeting,
  channelId,
}: {
  form: LivechatForm;
  greeting: string;
  /** The saved channel's id (an avatar is uploaded to a saved channel); null while new. */
  channelId: string | null;
}) {
  const { form, field, aria, fieldId } = channelForm;
  const colorError = field('settings.color').error;
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="pb-2 text-sm font-semibold text-slate-900">{TEXT.look}</legend>
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField label={TEXT.color} {...field('settings.color')}>
          <Controller
            control={form.control}
            name="settings.color"
            render={({ field: color }) => (
              <div className="flex items-center gap-2">
                <input
                  type="color"
                  id={fieldId('settings.color')}
                  value={safeColour(color.value).toLowerCase()}
                  onChange={(event) => color.onChange(event.target.value.toUpperCase())}
                  className="h-9 w-12 shrink-0 cursor-pointer rounded-md border border-slate-300 bg-white p-1"
                />
                <Input
                  aria-label={TEXT.colorHex}
                  value={color.value}
                  maxLength={7}
                  spellCheck={false}
                  className="font-mono uppercase"
                  aria-invalid={colorError ? true : undefined}
                  aria-describedby={colorError ? `${fieldId('settings.color')}-error` : undefined}
                  onChange={(event) => color.onChange(event.target.value.trim())}
                  onBlur={color.onBlur}
                />
              </div>
            )}
          />
        </FormField>
        <FormField label={TEXT.position} {...field('settings.position')}>
          <NativeSelect {...aria('settings.position')} {...form.register('settings.position')}>
            {WIDGET_POSITION.options().map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </NativeSelect>
        </FormField>
      </div>
      <FormField label={TEXT.title} required {...field('settings.title')}>
        <Input {...aria('settings.title')} {...form.register('settings.title')} />
      </FormField>
      {/* The field shows its own hint and errors (the upload's among them). */}
      <FormField label={TEXT.avatar} id={fieldId('settings.avatar_url')}>
        <AvatarField form={channelForm} channelId={channelId} />
      </FormField>
      <div className="flex flex-col gap-1 rounded-md border border-slate-200 bg-slate-50 px-3 py-2">
        <p className="text-sm font-medium text-slate-700">{TEXT.greeting}</p>
        {greeting.trim() && (
          <p className="line-clamp-2 text-[13px] whitespace-pre-wrap text-slate-800">{greeting}</p>
        )}
        <p className="text-xs text-slate-500">
          {TEXT.greetingHint}{' '}
          <a
            href={CHAT_SETTINGS_PATH}
            target="_blank"
            rel="noopener"
            className="inline-flex items-center gap-0.5 font-medium text-teal-700 underline-offset-2 hover:underline"
          >
            {TEXT.greetingLink}
            <ExternalLink className="size-3" aria-hidden="true" />
            <span className="sr-only"> (mở thẻ mới)</span>
          </a>
        </p>
      </div>
    </fieldset>
  );
}
