import { useState } from 'react';
import { X } from 'lucide-react';
import { emailField } from '@omnicare/shared/platform/validation';
import { TICKET_LIMITS } from '@omnicare/shared/tickets/tickets.schemas';
import { Input } from '@/components/ui/input';

export const CC_TEXT = {
  placeholder: 'Nhập email rồi nhấn Enter',
  remove: (email: string) => `Bỏ CC ${email}`,
  duplicate: 'Email này đã có trong CC',
  tooMany: `Tối đa ${TICKET_LIMITS.cc} email CC`,
} as const;

const email = emailField();
const INVALID = 'Email không hợp lệ';

/**
 * What typed text adds to a CC list: the emails it holds (split on commas, semicolons and
 * spaces), lower-cased, or the first problem ('Email không hợp lệ', already there, too many).
 */
export function readCcEmails(
  text: string,
  current: readonly string[],
): { emails: string[] } | { error: string } {
  const parts = text
    .split(/[\s,;]+/)
    .map((part) => part.trim())
    .filter(Boolean);
  const emails: string[] = [];
  for (const part of parts) {
    const parsed = email.safeParse(part);
    if (!parsed.success) return { error: parsed.error.issues[0]?.message ?? INVALID };
    if (current.includes(parsed.data) || emails.includes(parsed.data))
      return { error: CC_TEXT.duplicate };
    emails.push(parsed.data);
  }
  if (current.length + emails.length > TICKET_LIMITS.cc) return { error: CC_TEXT.tooMany };
  return { emails };
}

/**
 * The ticket's CC: emails as chips, a box that adds what is typed on Enter, a comma or leaving
 * it; a wrong email stays in the box with its message. Each change sends the whole new list.
 */
export function CcField({
  id,
  value,
  onChange,
  error,
  disabled,
}: {
  id: string;
  value: readonly string[];
  onChange: (value: string[]) => void;
  error?: string;
  disabled?: boolean;
}) {
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const add = () => {
    if (text.trim() === '') {
      setProblem(null);
      return;
    }
    const read = readCcEmails(text, value);
    if ('error' in read) {
      setProblem(read.error);
      return;
    }
    setProblem(null);
    setText('');
    onChange([...value, ...read.emails]);
  };
  const message = problem ?? error;
  const errorId = `${id}-error`;
  return (
    <div className="flex flex-col gap-1.5">
      {value.length > 0 && (
        <ul className="flex flex-wrap gap-1" aria-label="Email CC">
          {value.map((item) => (
            <li
              key={item}
              className="inline-flex max-w-full items-center gap-1 rounded bg-slate-100 px-2 py-0.5 text-xs"
            >
              <span className="truncate">{item}</span>
              <button
                type="button"
                aria-label={CC_TEXT.remove(item)}
                disabled={disabled}
                onClick={() => onChange(value.filter((other) => other !== item))}
              >
                <X className="size-3" aria-hidden />
              </button>
            </li>
          ))}
        </ul>
      )}
      <Input
        id={id}
        inputMode="email"
        autoComplete="off"
        placeholder={CC_TEXT.placeholder}
        value={text}
        disabled={disabled}
        aria-invalid={message ? true : undefined}
        aria-describedby={message ? errorId : undefined}
        onChange={(event) => {
          setText(event.target.value);
          if (problem) setProblem(null);
        }}
        onBlur={add}
        onKeyDown={(event) => {
          if (event.key === 'Enter' || event.key === ',' || event.key === ';') {
            event.preventDefault();
            add();
          }
        }}
      />
      {message && (
        <p id={errorId} role="alert" className="text-[13px] text-red-600">
          {message}
        </p>
      )}
    </div>
  );
}
