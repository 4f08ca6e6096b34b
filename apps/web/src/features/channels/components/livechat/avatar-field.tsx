import { useId, useRef, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useWatch } from 'react-hook-form';
import { ImageUp, Loader2, X } from 'lucide-react';
import { LIVECHAT_SETTINGS_MESSAGES as M } from '@omnicare/shared/channels/livechat-settings';
import { AVATAR_MAX_BYTES } from '@omnicare/shared/platform/constants';
import { isPublicFilePath } from '@omnicare/shared/platform/validation';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/label';
import { Input } from '@/components/ui/input';
import { errorMessage, fieldErrorMessages } from '@/lib/errors';
import { toast } from '@/lib/toast';
import { channelKeys, uploadChannelAvatar } from '../../channels.queries';
import type { LivechatForm } from '../../livechat-form';
import { LIVECHAT_TEXT as TEXT } from '../../livechat-text';
import { PreviewAvatar } from './widget-preview';

const IMAGE_TYPES = 'image/png,image/jpeg,image/webp,image/gif';

/**
 * The widget's avatar: an image uploaded for the channel (checked here for its size, by the
 * server for its content and size; saved at once, as a record's picture is), or an https://
 * address typed in; 'Bỏ ảnh' empties it (saved with the form). A channel not saved yet takes
 * an address only.
 */
export function AvatarField({
  form: { form, aria, fieldId, errorOf },
  channelId,
}: {
  form: LivechatForm;
  channelId: string | null;
}) {
  const queryClient = useQueryClient();
  const picker = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const url = useWatch({ control: form.control, name: 'settings.avatar_url' }) ?? '';
  const title = useWatch({ control: form.control, name: 'settings.title' }) ?? '';
  const color = useWatch({ control: form.control, name: 'settings.color' }) ?? '';
  const upload = useMutation({
    meta: { silent: true },
    mutationFn: (file: File) => uploadChannelAvatar(channelId ?? '', file),
    onSuccess: ({ data, message }) => {
      const saved = typeof data.settings.avatar_url === 'string' ? data.settings.avatar_url : '';
      form.setValue('settings.avatar_url', saved, { shouldDirty: true });
      form.clearErrors('settings.avatar_url');
      setProblem(null);
      toast.success(message || M.avatarSaved);
      void queryClient.invalidateQueries({ queryKey: channelKeys.kind('livechat') });
    },
    onError: (failure) =>
      setProblem(fieldErrorMessages(failure, ['file'] as const)?.file ?? errorMessage(failure)),
  });
  const pick = (file: File | undefined) => {
    if (!file) return;
    if (file.size > AVATAR_MAX_BYTES) return setProblem(M.avatarSize);
    setProblem(null);
    upload.mutate(file);
  };
  const message = problem ?? errorOf('settings.avatar_url');
  const uploaded = isPublicFilePath(url);
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center gap-3">
        <span
          className="flex rounded-full p-1"
          style={{ background: color }}
          data-testid="avatar-field-preview"
        >
          <PreviewAvatar url={url} title={title || '…'} />
        </span>
        <input
          ref={picker}
          type="file"
          accept={IMAGE_TYPES}
          className="sr-only"
          aria-label={TEXT.avatarUploadLabel}
          disabled={!channelId || upload.isPending}
          onChange={(event) => {
            pick(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={!channelId || upload.isPending}
          aria-describedby={hintId}
          onClick={() => picker.current?.click()}
        >
          {upload.isPending ? (
            <Loader2 className="animate-spin" aria-hidden="true" />
          ) : (
            <ImageUp aria-hidden="true" />
          )}
          {TEXT.avatarUpload}
        </Button>
        {url && (
          <Button
            type="button"
            variant="ghost"
            size="sm"
            className="text-slate-600"
            onClick={() => {
              form.setValue('settings.avatar_url', '', { shouldDirty: true });
              setProblem(null);
            }}
          >
            <X aria-hidden="true" />
            {TEXT.avatarRemove}
          </Button>
        )}
      </div>
      {uploaded && <p className="text-sm text-slate-700">{TEXT.avatarUploaded}</p>}
      {/* An uploaded file's address is the server's business: only a typed one is shown. */}
      <Input
        inputMode="url"
        placeholder="https://"
        className={uploaded ? 'hidden' : undefined}
        {...aria('settings.avatar_url')}
        aria-invalid={message ? true : undefined}
        aria-describedby={message ? `${fieldId('settings.avatar_url')}-error` : hintId}
        {...form.register('settings.avatar_url', { onChange: () => setProblem(null) })}
      />
      {message ? (
        <FieldError id={`${fieldId('settings.avatar_url')}-error`} message={message} />
      ) : (
        <p id={hintId} className="text-xs text-slate-500">
          {channelId ? TEXT.avatarHint : TEXT.avatarAfterSave}
        </p>
      )}
    </div>
  );
}
