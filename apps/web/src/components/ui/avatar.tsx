import { useState } from 'react';
import { UserRound } from 'lucide-react';
import { isPublicFilePath } from '@omnicare/shared/platform/validation';
import { cn } from '@/lib/cn';

const LETTER = /\p{L}/u;
// A word made of letters only (with combining marks, should a name come decomposed).
const LETTER_WORD = /^[\p{L}\p{M}]+$/u;

const firstLetter = (text: string) => LETTER.exec(text)?.[0] ?? '';

/**
 * The first letters of the first and last words made of letters ('Đặng Thị Phúc' → 'ĐP',
 * 'Trương Thị Thanh Tâm (VIP)' → 'TT'), else the first letter anywhere, else '?'.
 */
export function initialsOf(name: string): string {
  const text = name.normalize('NFC');
  const words = text.split(/\s+/).filter((word) => LETTER_WORD.test(word));
  const [first, ...rest] = words;
  const picked = first === undefined ? [text] : [first, rest.at(-1) ?? ''];
  return picked.map(firstLetter).join('').toLocaleUpperCase('vi') || '?';
}

/**
 * A person's picture (customer or staff), else the initials of the name: also when the picture
 * fails to load (a file removed, a broken upload).
 */
export function Avatar({
  name,
  url,
  size = 'sm',
  className,
}: {
  name: string;
  url: string | null | undefined;
  size?: 'sm' | 'lg';
  className?: string;
}) {
  const box = size === 'lg' ? 'size-20 text-xl' : 'size-8 text-xs';
  const [broken, setBroken] = useState<string | null>(null);
  // Only a file the server stored: a row saved before addresses were checked may hold another.
  if (url && isPublicFilePath(url) && broken !== url) {
    return (
      <img
        src={url}
        alt={name}
        onError={() => setBroken(url)}
        className={cn('shrink-0 rounded-full border border-slate-200 object-cover', box, className)}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      className={cn(
        'flex shrink-0 items-center justify-center overflow-hidden rounded-full bg-teal-100 leading-none font-semibold whitespace-nowrap text-teal-800',
        box,
        className,
      )}
    >
      {name.trim() ? initialsOf(name) : <UserRound className="size-1/2" />}
    </span>
  );
}
