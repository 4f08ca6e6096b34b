/**
 * Times as the product shows them: Asia/Bangkok, 24-hour clock, days as 'Hôm nay', 'Hôm qua'
 * or dd/MM/yyyy between the messages of different days.
 */
const ZONE = 'Asia/Bangkok';
const dayFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});
const clockFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: ZONE,
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
});

/** 'YYYY-MM-DD' of the instant in Bangkok. */
export const dayKey = (iso: string | Date) => dayFormat.format(new Date(iso));

export const clock = (iso: string) => clockFormat.format(new Date(iso));

export function dayLabel(key: string, now: Date = new Date()): string {
  if (key === dayKey(now)) return 'Hôm nay';
  if (key === dayKey(new Date(now.getTime() - 86_400_000))) return 'Hôm qua';
  const [year, month, day] = key.split('-');
  return `${day}/${month}/${year}`;
}

export type Row<T> = { kind: 'day'; key: string; label: string } | { kind: 'message'; message: T };

/** The list with a day line before the first message of each day. */
export function withDays<T extends { created_at: string }>(
  messages: readonly T[],
  now: Date = new Date(),
): Row<T>[] {
  const rows: Row<T>[] = [];
  let current = '';
  for (const message of messages) {
    const key = dayKey(message.created_at);
    if (key !== current) {
      current = key;
      rows.push({ kind: 'day', key, label: dayLabel(key, now) });
    }
    rows.push({ kind: 'message', message });
  }
  return rows;
}
