import { useId, useRef, useState } from 'react';
import { Camera, Loader2 } from 'lucide-react';
import { AVATAR_MAX_BYTES } from '@omnicare/shared/platform/constants';
import { Avatar } from './avatar';
import { Button } from './button';
import { FieldError } from './label';

export const AVATAR_TEXT = {
  change: 'Đổi ảnh đại diện',
  hint: 'PNG, JPEG, WEBP hoặc GIF, tối đa 2 MB.',
  tooLarge: 'Ảnh đại diện tối đa 2 MB',
} as const;

/**
 * A person's picture with 'Đổi ảnh đại diện': a file over 2 MB is refused here with the size
 * message, before any upload; the server checks size and type again.
 */
export function AvatarPicker({
  name,
  url,
  onPick,
  pending = false,
  disabled = false,
  hint = AVATAR_TEXT.hint,
  error,
}: {
  name: string;
  url: string | null | undefined;
  onPick: (file: File) => void;
  pending?: boolean;
  disabled?: boolean;
  hint?: string;
  /** A message from the server (422 on `file`). */
  error?: string;
}) {
  const input = useRef<HTMLInputElement>(null);
  const errorId = useId();
  const [tooLarge, setTooLarge] = useState(false);
  const message = tooLarge ? AVATAR_TEXT.tooLarge : error;
  return (
    <div className="flex items-center gap-4">
      <Avatar name={name} url={url} size="lg" />
      <div className="flex flex-col gap-1.5">
        <input
          ref={input}
          type="file"
          accept="image/png,image/jpeg,image/webp,image/gif"
          className="sr-only"
          aria-label={AVATAR_TEXT.change}
          aria-describedby={message ? errorId : undefined}
          disabled={disabled}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (!file) return;
            setTooLarge(file.size > AVATAR_MAX_BYTES);
            if (file.size <= AVATAR_MAX_BYTES) onPick(file);
          }}
        />
        <Button
          variant="outline"
          size="sm"
          className="self-start"
          disabled={disabled || pending}
          onClick={() => input.current?.click()}
        >
          {pending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Camera />}
          {AVATAR_TEXT.change}
        </Button>
        {message ? (
          <FieldError id={errorId} message={message} />
        ) : (
          <p className="text-xs text-slate-500">{hint}</p>
        )}
      </div>
    </div>
  );
}
