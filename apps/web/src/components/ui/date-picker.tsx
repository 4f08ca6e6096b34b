import { useEffect, useId, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import {
  addDays,
  addMonths,
  addYears,
  endOfWeek,
  isSameDay,
  isSameMonth,
  setMonth,
  setYear,
  startOfWeek,
} from 'date-fns';
import { CalendarDays, ChevronLeft, ChevronRight } from 'lucide-react';
import { formatCalendarDay } from '@omnicare/shared/platform/time';
import { DATE_RANGE_REVERSED_MESSAGE } from '@omnicare/shared/platform/validation';
import { cn } from '@/lib/cn';
import {
  DAY_PLACEHOLDER,
  MONTH_NAMES,
  WEEKDAY_FULL_NAMES,
  WEEKDAY_NAMES,
  dateOfIso,
  isoDay,
  monthWeeks,
  readDay,
} from '@/lib/days';
import { DATE_TEXT } from '@/lib/web-constants';
import { Button } from './button';
import { Input } from './input';
import { FieldError } from './label';
import { NativeSelect } from './native-select';
import { Popover, PopoverAnchor, PopoverContent, PopoverTrigger } from './popover';

const FIRST_YEAR = 1900;

/**
 * A month of days, Monday first, named in Vietnamese. The arrows move a day or a week,
 * PageUp/PageDown a month (with Shift a year), Home/End the week's ends; Enter picks.
 */
export function Calendar({
  selected,
  onSelect,
  min,
  max,
}: {
  /** ISO day. */
  selected?: string;
  onSelect: (day: string) => void;
  min?: string;
  max?: string;
}) {
  const [focused, setFocused] = useState(() => dateOfIso(selected) ?? new Date());
  const grid = useRef<HTMLTableElement>(null);
  const moved = useRef(true);
  useEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    grid.current?.querySelector<HTMLButtonElement>('button[tabindex="0"]')?.focus();
  }, [focused]);

  const selectedDate = dateOfIso(selected);
  const today = new Date();
  const outOfBounds = (day: Date) =>
    (min !== undefined && isoDay(day) < min) || (max !== undefined && isoDay(day) > max);
  const lastYear = today.getFullYear() + 20;
  const years = Array.from({ length: lastYear - FIRST_YEAR + 1 }, (_, i) => FIRST_YEAR + i);

  const move = (next: Date) => {
    moved.current = true;
    setFocused(next);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const steps: Record<string, () => Date> = {
      ArrowLeft: () => addDays(focused, -1),
      ArrowRight: () => addDays(focused, 1),
      ArrowUp: () => addDays(focused, -7),
      ArrowDown: () => addDays(focused, 7),
      PageUp: () => (event.shiftKey ? addYears(focused, -1) : addMonths(focused, -1)),
      PageDown: () => (event.shiftKey ? addYears(focused, 1) : addMonths(focused, 1)),
      Home: () => startOfWeek(focused, { weekStartsOn: 1 }),
      End: () => endOfWeek(focused, { weekStartsOn: 1 }),
    };
    const step = steps[event.key];
    if (!step) return;
    event.preventDefault();
    move(step());
  };

  const monthLabel = `${MONTH_NAMES[focused.getMonth()]} năm ${focused.getFullYear()}`;
  return (
    <div className="flex w-[17.5rem] flex-col gap-2 p-2">
      <div className="flex items-center gap-1">
        <Button
          variant="ghost"
          size="icon-sm"
          aria-label={DATE_TEXT.previousMonth}
          onClick={() => setFocused(addMonths(focused, -1))}
        >
          <ChevronLeft />
        </Button>
        <NativeSelect
          aria-label={DATE_TEXT.month}
          className="h-8 flex-1 pr-6 text-[13px]"
          value={focused.getMonth()}
          onChange={(event) => setFocused(setMonth(focused, Number(event.target.value)))}
        >
          {MONTH_NAMES.map((name, index) => (
            <option key={name} value={index}>
              {name}
            </option>
          ))}
        </NativeSelect>
        <NativeSelect
          aria-label={DATE_TEXT.year}
          className="h-8 w-[5.5rem] pr-6 text-[13px]"
          value={focused.getFullYear()}
          onChange={(event) => setFocused(setYear(focused, Number(event.target.value)))}
        >
          {years.map((year) => (
            <option key={year} value={year}>
              {year}
            </option>
          ))}
        </NativeSelect>
        <Button
          variant="ghost"
          size="icon-sm"
          aria-label={DATE_TEXT.nextMonth}
          onClick={() => setFocused(addMonths(focused, 1))}
        >
          <ChevronRight />
        </Button>
      </div>
      <table
        ref={grid}
        role="grid"
        aria-label={monthLabel}
        className="w-full border-collapse text-center"
        onKeyDown={onKeyDown}
      >
        <thead>
          <tr>
            {WEEKDAY_NAMES.map((name, index) => (
              <th
                key={name}
                scope="col"
                abbr={WEEKDAY_FULL_NAMES[index]}
                className="pb-1 text-xs font-medium text-slate-500"
              >
                {name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {monthWeeks(focused).map((week) => (
            <tr key={isoDay(week[0]!)}>
              {week.map((day, index) => {
                const isSelected = selectedDate !== undefined && isSameDay(day, selectedDate);
                const isFocused = isSameDay(day, focused);
                const disabled = outOfBounds(day);
                return (
                  <td key={isoDay(day)} role="gridcell" aria-selected={isSelected}>
                    <button
                      type="button"
                      tabIndex={isFocused ? 0 : -1}
                      disabled={disabled}
                      aria-label={`${WEEKDAY_FULL_NAMES[index]}, ${formatCalendarDay(isoDay(day))}`}
                      aria-current={isSameDay(day, today) ? 'date' : undefined}
                      onClick={() => onSelect(isoDay(day))}
                      onFocus={() => {
                        if (!isFocused) setFocused(day);
                      }}
                      className={cn(
                        'size-9 rounded-md text-sm outline-none hover:bg-slate-100 focus-visible:ring-2 focus-visible:ring-teal-600/50 disabled:cursor-not-allowed disabled:opacity-30',
                        !isSameMonth(day, focused) && 'text-slate-400',
                        isSameDay(day, today) && 'font-semibold text-teal-800',
                        isSelected && 'bg-teal-700 text-white hover:bg-teal-800',
                      )}
                    >
                      {day.getDate()}
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export interface DatePickerProps {
  id?: string;
  /** ISO `yyyy-MM-dd`, or empty. */
  value: string | undefined | null;
  /** An ISO day, or undefined once the box is emptied; nothing while the text is no day. */
  onChange: (value: string | undefined) => void;
  onBlur?: () => void;
  name?: string;
  'aria-label'?: string;
  invalid?: boolean;
  describedBy?: string;
  disabled?: boolean;
  /** ISO days: the calendar offers none outside them. */
  min?: string;
  max?: string;
  className?: string;
}

/**
 * One day, typed and shown as dd/MM/yyyy whatever the browser's language, or picked from a
 * Monday-first calendar; the value exchanged is the ISO day. Text that is no day gets a
 * message under the box on leaving it and leaves the value as it was.
 */
export function DatePicker({
  id,
  value,
  onChange,
  onBlur,
  name,
  'aria-label': ariaLabel,
  invalid,
  describedBy,
  disabled,
  min,
  max,
  className,
}: DatePickerProps) {
  const uid = useId();
  const errorId = `${id ?? uid}-format`;
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState(formatCalendarDay(value));
  const [shown, setShown] = useState(value ?? '');
  const [badText, setBadText] = useState(false);
  if (shown !== (value ?? '')) {
    // A value from outside (a reset, the calendar): shown as it is, unless the text says it.
    setShown(value ?? '');
    if ((readDay(draft) ?? '') !== (value ?? '')) {
      setDraft(formatCalendarDay(value));
      setBadText(false);
    }
  }

  const type = (text: string) => {
    setDraft(text);
    const day = readDay(text);
    if (text.trim() === '') {
      setBadText(false);
      if (value) onChange(undefined);
    } else if (day) {
      setBadText(false);
      if (day !== value) onChange(day);
    }
  };

  return (
    <div className={cn('flex min-w-0 flex-col gap-1', className)}>
      <Popover open={open} onOpenChange={setOpen}>
        <PopoverAnchor asChild>
          <div className="relative">
            <Input
              id={id}
              name={name}
              inputMode="numeric"
              autoComplete="off"
              placeholder={DAY_PLACEHOLDER}
              aria-label={ariaLabel}
              aria-invalid={invalid || badText ? true : undefined}
              aria-describedby={
                [badText ? errorId : undefined, describedBy].filter(Boolean).join(' ') || undefined
              }
              disabled={disabled}
              value={draft}
              className="pr-9"
              onChange={(event) => type(event.target.value)}
              onBlur={() => {
                setBadText(draft.trim() !== '' && readDay(draft) === undefined);
                onBlur?.();
              }}
              onKeyDown={(event) => {
                if (event.key === 'ArrowDown' && event.altKey) {
                  event.preventDefault();
                  setOpen(true);
                }
              }}
            />
            <PopoverTrigger asChild>
              <Button
                variant="ghost"
                size="icon-sm"
                disabled={disabled}
                aria-label={ariaLabel ? `${DATE_TEXT.open}: ${ariaLabel}` : DATE_TEXT.open}
                className="absolute top-0.5 right-0.5 text-slate-500"
              >
                <CalendarDays />
              </Button>
            </PopoverTrigger>
          </div>
        </PopoverAnchor>
        <PopoverContent
          className="p-0"
          aria-label={DATE_TEXT.calendar}
          onOpenAutoFocus={(event) => event.preventDefault()}
        >
          <Calendar
            selected={value ?? undefined}
            min={min}
            max={max}
            onSelect={(day) => {
              setOpen(false);
              setDraft(formatCalendarDay(day));
              setBadText(false);
              if (day !== value) onChange(day);
            }}
          />
        </PopoverContent>
      </Popover>
      <FieldError id={errorId} message={badText ? DATE_TEXT.badDay : undefined} />
    </div>
  );
}

export interface DayRange {
  from?: string;
  to?: string;
}

/**
 * Two days, from and to (both included). A reversed pair is refused: the message shows under
 * the boxes and `onChange` keeps the last good range until the pair is put right.
 */
export function DateRangePicker({
  id,
  value,
  onChange,
  labels,
  className,
}: {
  /** The id of the 'from' box (a label's `htmlFor`); the 'to' box gets `<id>-to`. */
  id?: string;
  value: DayRange;
  onChange: (value: DayRange) => void;
  /** The boxes' names: `visible` puts them over the boxes, else they name them for readers. */
  labels: { from: string; to: string; visible?: boolean };
  className?: string;
}) {
  const uid = useId();
  const baseId = id ?? uid;
  const errorId = `${baseId}-range-error`;
  const [draft, setDraft] = useState<DayRange>(value);
  const [shown, setShown] = useState<DayRange>(value);
  if (shown.from !== value.from || shown.to !== value.to) {
    setShown(value);
    setDraft(value);
  }
  const reversed = Boolean(draft.from && draft.to && draft.from > draft.to);
  const set = (end: keyof DayRange, day: string | undefined) => {
    const next = { ...draft, [end]: day };
    setDraft(next);
    if (!(next.from && next.to && next.from > next.to)) onChange(next);
  };
  const box = (end: keyof DayRange) => {
    const boxId = end === 'from' ? baseId : `${baseId}-to`;
    const picker = (
      <DatePicker
        id={boxId}
        value={draft[end]}
        onChange={(day) => set(end, day)}
        aria-label={labels.visible ? undefined : labels[end]}
        invalid={reversed && end === 'to'}
        describedBy={reversed ? errorId : undefined}
      />
    );
    if (!labels.visible) return picker;
    return (
      <div className="flex min-w-0 flex-col gap-1">
        <label htmlFor={boxId} className="text-xs leading-none font-medium text-slate-500">
          {labels[end]}
        </label>
        {picker}
      </div>
    );
  };
  return (
    <div className={cn('flex min-w-0 flex-col gap-1', className)}>
      <div
        className={cn(
          'grid items-start gap-1.5',
          labels.visible ? 'grid-cols-2 gap-3' : 'grid-cols-[1fr_auto_1fr]',
        )}
      >
        {box('from')}
        {!labels.visible && (
          <span className="pt-2 text-slate-400" aria-hidden="true">
            –
          </span>
        )}
        {box('to')}
      </div>
      <FieldError id={errorId} message={reversed ? DATE_RANGE_REVERSED_MESSAGE : undefined} />
    </div>
  );
}
