import { useState } from 'react';
import { X } from 'lucide-react';
import { dayAndTimeIn, instantAt } from '@omnicare/shared/platform/time';
import { Button } from '@/components/ui/button';
import { DatePicker } from '@/components/ui/date-picker';
import { Input } from '@/components/ui/input';

export const DUE_TEXT = {
  time: 'Giờ',
  clear: 'Xóa hạn xử lý',
  badTime: 'Giờ phải có dạng HH:mm, ví dụ 17:30',
} as const;

/** The time a due date gets when only its day is picked (end of the working day). */
export const DEFAULT_DUE_TIME = '17:00';
const TIME_PATTERN = /^([01]?\d|2[0-3]):([0-5]\d)$/;

/** 'HH:mm' from what was typed ('9:5' is not a time, '9:05' is '09:05'); null otherwise. */
export function readTime(text: string): string | null {
  const match = TIME_PATTERN.exec(text.trim());
  return match ? `${match[1]!.padStart(2, '0')}:${match[2]}` : null;
}

/**
 * A due date and time (Asia/Bangkok), cleared with its button: the day from the calendar (or
 * typed dd/MM/yyyy), the time typed as HH:mm (17:00 when only a day is picked). Each complete
 * change goes out as the ISO instant, or null when cleared.
 */
export function DueAtField({
  id,
  value,
  onChange,
  disabled,
  error,
}: {
  id: string;
  value: string | null;
  onChange: (value: string | null) => void;
  disabled?: boolean;
  error?: string;
}) {
  const current = dayAndTimeIn(value);
  const [shown, setShown] = useState(value);
  const [time, setTime] = useState(current?.time ?? '');
  const [badTime, setBadTime] = useState(false);
  if (shown !== value) {
    setShown(value);
    setTime(current?.time ?? '');
    setBadTime(false);
  }
  const send = (day: string | undefined, typed: string) => {
    if (!day) {
      if (value) onChange(null);
      return;
    }
    const hhmm = readTime(typed) ?? (typed.trim() === '' ? DEFAULT_DUE_TIME : null);
    if (!hhmm) {
      setBadTime(true);
      return;
    }
    setBadTime(false);
    setTime(hhmm);
    const next = instantAt(day, hhmm);
    if (next !== (value ? new Date(value).toISOString() : null)) onChange(next);
  };
  const errorId = `${id}-error`;
  const message = badTime ? DUE_TEXT.badTime : error;
  return (
    <div className="flex flex-col gap-1">
      <div className="flex items-start gap-1.5">
        <DatePicker
          id={id}
          className="min-w-0 flex-1"
          value={current?.day ?? ''}
          disabled={disabled}
          invalid={Boolean(error)}
          describedBy={message ? errorId : undefined}
          onChange={(day) => send(day, time)}
        />
        <Input
          aria-label={DUE_TEXT.time}
          className="w-[4.75rem] shrink-0 px-2 text-center tabular-nums"
          inputMode="numeric"
          placeholder="HH:mm"
          value={time}
          disabled={disabled || !current}
          aria-invalid={badTime || undefined}
          onChange={(event) => setTime(event.target.value)}
          onBlur={() => current && send(current.day, time)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && current) {
              event.preventDefault();
              send(current.day, time);
            }
          }}
        />
        {value && (
          <Button
            type="button"
            variant="ghost"
            size="icon-sm"
            aria-label={DUE_TEXT.clear}
            title={DUE_TEXT.clear}
            disabled={disabled}
            className="mt-0.5 text-slate-500"
            onClick={() => onChange(null)}
          >
            <X />
          </Button>
        )}
      </div>
      {message && (
        <p id={errorId} role="alert" className="text-[13px] text-red-600">
          {message}
        </p>
      )}
    </div>
  );
}
