import { useState } from 'react';
import type { ReactNode } from 'react';
import { Check, ChevronDown, Loader2, Search, X } from 'lucide-react';
import { MESSAGES } from '@omnicare/shared/platform/errors';
import { cn } from '@/lib/cn';
import { Popover, PopoverContent, PopoverTrigger } from './popover';

export interface PickOption {
  value: string;
  label: string;
  /** A second, quieter line (e.g. an email). */
  hint?: string;
}

export interface MultiSelectProps {
  id?: string;
  options: readonly PickOption[];
  value: readonly string[];
  onChange: (value: string[]) => void;
  /** One value at most: picking closes the list. */
  single?: boolean;
  placeholder?: string;
  searchPlaceholder?: string;
  /** Remote search: the caller filters `options` from this text; otherwise filtered here. */
  search?: string;
  onSearchChange?: (text: string) => void;
  loading?: boolean;
  /** Labels for chosen values that the current options may not hold. */
  knownLabels?: Readonly<Record<string, string>>;
  disabled?: boolean;
  /** Offer the clear button (default true). */
  clearable?: boolean;
  invalid?: boolean;
  describedBy?: string;
  footer?: ReactNode;
  className?: string;
}

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/đ/g, 'd')
    .replace(/Đ/g, 'D')
    .toLowerCase();

/**
 * A searchable list of checkable options in a popover, chosen values shown as chips.
 * @deprecated Use SearchCombobox (search-combobox.tsx), or a picker bound to a source such as
 * DepartmentPicker; this stays only until its last caller (the templates form) moves over.
 */
export function MultiSelect({
  id,
  options,
  value,
  onChange,
  single = false,
  placeholder = 'Chọn...',
  searchPlaceholder = 'Tìm kiếm...',
  search,
  onSearchChange,
  loading = false,
  knownLabels,
  disabled,
  clearable = true,
  invalid,
  describedBy,
  footer,
  className,
}: MultiSelectProps) {
  const [open, setOpen] = useState(false);
  const [localSearch, setLocalSearch] = useState('');
  const text = search ?? localSearch;
  const setText = onSearchChange ?? setLocalSearch;
  const chosen = new Set(value);
  const labelOf = (item: string) =>
    options.find((option) => option.value === item)?.label ?? knownLabels?.[item] ?? item;
  const visible = onSearchChange
    ? options
    : options.filter((option) =>
        fold(`${option.label} ${option.hint ?? ''}`).includes(fold(text.trim())),
      );

  const toggle = (item: string) => {
    if (single) {
      onChange(chosen.has(item) ? [] : [item]);
      setOpen(false);
      return;
    }
    onChange(chosen.has(item) ? value.filter((entry) => entry !== item) : [...value, item]);
  };

  const shown = value.slice(0, 3);
  return (
    <Popover open={open} onOpenChange={setOpen} modal>
      <PopoverTrigger asChild disabled={disabled}>
        <button
          id={id}
          type="button"
          role="combobox"
          aria-expanded={open}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          className={cn(
            'flex min-h-9 w-full items-center gap-1.5 rounded-md border border-slate-300 bg-white px-2 py-1 text-left text-sm text-slate-800 shadow-xs outline-none focus-visible:border-teal-600 focus-visible:ring-2 focus-visible:ring-teal-600/25 disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-red-500',
            className,
          )}
        >
          <span className="flex min-w-0 flex-1 flex-wrap gap-1">
            {value.length === 0 && <span className="px-1 text-slate-400">{placeholder}</span>}
            {single && value[0] && <span className="truncate px-1">{labelOf(value[0])}</span>}
            {!single &&
              shown.map((item) => (
                <span
                  key={item}
                  className="inline-flex max-w-40 items-center rounded bg-teal-50 px-1.5 py-0.5 text-xs font-medium text-teal-800"
                >
                  <span className="truncate">{labelOf(item)}</span>
                </span>
              ))}
            {!single && value.length > shown.length && (
              <span className="rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-600">
                +{value.length - shown.length}
              </span>
            )}
          </span>
          {value.length > 0 && clearable && !disabled && (
            <span
              role="button"
              tabIndex={-1}
              aria-label="Bỏ chọn tất cả"
              className="rounded p-0.5 text-slate-400 hover:bg-slate-100 hover:text-slate-700"
              onPointerDown={(event) => {
                event.preventDefault();
                event.stopPropagation();
                onChange([]);
              }}
            >
              <X className="size-3.5" />
            </span>
          )}
          <ChevronDown className="size-4 shrink-0 text-slate-500" aria-hidden="true" />
        </button>
      </PopoverTrigger>
      <PopoverContent className="w-[var(--radix-popover-trigger-width)] min-w-60 p-0">
        <div className="flex items-center gap-2 border-b border-slate-100 px-2.5">
          <Search className="size-4 text-slate-400" aria-hidden="true" />
          <input
            autoFocus
            value={text}
            onChange={(event) => setText(event.target.value)}
            placeholder={searchPlaceholder}
            aria-label={searchPlaceholder}
            className="h-9 w-full bg-transparent text-sm outline-none placeholder:text-slate-400"
          />
          {loading && <Loader2 className="size-4 animate-spin text-slate-400" aria-hidden="true" />}
        </div>
        <div role="listbox" aria-multiselectable={!single} className="max-h-64 overflow-y-auto p-1">
          {visible.length === 0 && (
            <p className="px-2 py-6 text-center text-sm text-slate-500">{MESSAGES.emptyList}</p>
          )}
          {visible.map((option) => {
            const selected = chosen.has(option.value);
            return (
              <button
                key={option.value}
                type="button"
                role="option"
                aria-selected={selected}
                onClick={() => toggle(option.value)}
                className="flex w-full items-center gap-2 rounded-md px-2 py-1.5 text-left outline-none hover:bg-slate-100 focus-visible:bg-slate-100"
              >
                <span
                  className={cn(
                    'flex size-4 shrink-0 items-center justify-center rounded-[4px] border',
                    selected
                      ? 'border-teal-700 bg-teal-700 text-white'
                      : 'border-slate-300 bg-white',
                    single && 'rounded-full',
                  )}
                  aria-hidden="true"
                >
                  {selected && <Check className="size-3" strokeWidth={3} />}
                </span>
                <span className="flex min-w-0 flex-col">
                  <span className="truncate">{option.label}</span>
                  {option.hint && (
                    <span className="truncate text-xs text-slate-500">{option.hint}</span>
                  )}
                </span>
              </button>
            );
          })}
        </div>
        {footer}
      </PopoverContent>
    </Popover>
  );
}
