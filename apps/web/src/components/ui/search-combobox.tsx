import { useEffect, useId, useState } from 'react';
import type { KeyboardEvent, ReactNode } from 'react';
import { Check, ChevronDown, Loader2, Search, X } from 'lucide-react';
import { MESSAGES } from '@omnicare/shared/platform/errors';
import { cn } from '@/lib/cn';
import { errorMessage } from '@/lib/errors';
import { Popover, PopoverContent, PopoverTrigger } from './popover';
import { useComboboxSource } from './use-combobox-source';
import type { ComboboxSource, ComboOption } from './use-combobox-source';

export const COMBOBOX_TEXT = {
  placeholder: 'Chọn...',
  search: 'Tìm kiếm...',
  loading: 'Đang tải...',
  loadingMore: 'Đang tải thêm...',
  clear: 'Bỏ chọn',
  minLength: (count: number) => `Nhập ít nhất ${count} ký tự để tìm kiếm`,
  selectedCount: (count: number) => `Đã chọn ${count}`,
} as const;

interface CommonProps {
  id?: string;
  /** Remote options, searched on the server as the user types. */
  source?: ComboboxSource;
  /** Local options (the whole list), searched here without diacritics. */
  options?: readonly ComboOption[];
  /** Local options still loading. */
  loading?: boolean;
  /** Labels the caller already knows for chosen values (the record being edited...). */
  knownOptions?: readonly ComboOption[];
  /** Fixed choices listed before the results ('Bỏ người phụ trách', 'Gốc'...). */
  extraOptions?: readonly ComboOption[];
  placeholder?: string;
  /** What nothing chosen means, shown like a value ('Tất cả' in a filter); else the placeholder. */
  emptyLabel?: string;
  searchPlaceholder?: string;
  /** Offer the clear button (default true). */
  clearable?: boolean;
  disabled?: boolean;
  invalid?: boolean;
  describedBy?: string;
  size?: 'sm' | 'default';
  /** Chosen values shown as chips in the trigger before '+N' (multiple). */
  maxChips?: number;
  /**
   * Multiple: the picks made while the list is open are one change, handed to `onChange` when
   * it closes (a field saved on change then saves once, not once per pick).
   */
  commitOnClose?: boolean;
  debounceMs?: number;
  className?: string;
  'aria-label'?: string;
  /** Above the search box in the open list (a filter narrowing the options). */
  header?: ReactNode;
  /** Classes of the open list (a wider one than its button). */
  contentClassName?: string;
}

export type SearchComboboxProps = CommonProps &
  (
    | {
        multiple?: false;
        value: string | null;
        onChange: (value: string | null, option: ComboOption | null) => void;
      }
    | {
        multiple: true;
        value: readonly string[];
        onChange: (value: string[], options: ComboOption[]) => void;
      }
  );

/**
 * One picker for staff, groups, organizations, departments and short fixed lists: a button
 * (role combobox) opening a search box over a listbox. Remote sources are asked page by page
 * as the user types (debounced) and scrolls; chosen values keep their labels even when they
 * are not in the loaded results. Keys: arrows, Page Up/Down, Enter, Escape, Backspace.
 */
export function SearchCombobox(props: SearchComboboxProps) {
  const {
    id,
    source,
    options,
    loading = false,
    knownOptions,
    extraOptions,
    placeholder = COMBOBOX_TEXT.placeholder,
    emptyLabel,
    searchPlaceholder = COMBOBOX_TEXT.search,
    clearable = true,
    disabled,
    invalid,
    describedBy,
    size = 'default',
    maxChips = 3,
    commitOnClose = false,
    debounceMs,
    className,
    'aria-label': ariaLabel,
    header,
    contentClassName,
  } = props;
  const baseId = useId();
  const listboxId = `${baseId}-listbox`;
  const optionId = (index: number) => `${baseId}-option-${index}`;
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [active, setActive] = useState(0);
  // The picks of an open list not yet handed over (commitOnClose), with their options.
  const [draft, setDraft] = useState<{ values: string[]; options: ComboOption[] } | null>(null);
  const values: readonly string[] = props.multiple
    ? (draft?.values ?? props.value)
    : props.value
      ? [props.value]
      : [];
  // The chosen values when the list opened: listed first, in place while the user (un)picks.
  const [pinned, setPinned] = useState<readonly string[]>([]);
  const typed = text.trim();
  const {
    visible,
    optionOf,
    labelOf,
    remember,
    restart,
    loadMore,
    busy,
    waiting,
    loadingMore,
    error,
    tooShort,
    minLength,
  } = useComboboxSource({
    source,
    options,
    loading,
    knownOptions,
    extraOptions,
    values,
    pinned,
    text,
    open,
    debounceMs,
    loadingLabel: COMBOBOX_TEXT.loading,
  });
  const activeIndex = Math.min(active, Math.max(visible.length - 1, 0));

  const activeId = visible.length > 0 ? optionId(activeIndex) : undefined;
  useEffect(() => {
    if (open && activeId) document.getElementById(activeId)?.scrollIntoView?.({ block: 'nearest' });
  }, [activeId, open]);

  /** A new set of values (multiple): handed over now, or when the list closes. */
  const pick = (next: string[], nextOptions: ComboOption[]) => {
    if (!props.multiple) return;
    if (commitOnClose && open) setDraft({ values: next, options: nextOptions });
    else props.onChange(next, nextOptions);
  };
  /** Closes the list, handing over its picks if they changed anything (commitOnClose). */
  const close = () => {
    setOpen(false);
    if (!draft || !props.multiple) return;
    setDraft(null);
    const before = props.value;
    const changed =
      draft.values.length !== before.length || draft.values.some((item) => !before.includes(item));
    if (changed) props.onChange(draft.values, draft.options);
  };

  const choose = (option: ComboOption) => {
    remember(option);
    if (!props.multiple) {
      const next = props.value === option.value && clearable ? null : option.value;
      props.onChange(next, next === null ? null : option);
      setOpen(false);
      return;
    }
    const next = values.includes(option.value)
      ? values.filter((value) => value !== option.value)
      : [...values, option.value];
    pick(
      next,
      next.map(
        (value) => optionOf(value) ?? (value === option.value ? option : { value, label: value }),
      ),
    );
  };

  const clear = () => {
    if (props.multiple) props.onChange([], []);
    else props.onChange(null, null);
  };

  const openWith = (initial: string) => {
    setText(initial);
    setPinned(values);
    setOpen(true);
  };

  const onOpenChange = (next: boolean) => {
    if (next) {
      setText('');
      restart();
      setPinned(values);
      const first = values[0];
      setActive(
        first && !source
          ? Math.max(
              visible.findIndex((o) => o.value === first),
              0,
            )
          : 0,
      );
      setOpen(true);
    } else close();
  };

  const onTriggerKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (disabled) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      onOpenChange(true);
    } else if ((event.key === 'Backspace' || event.key === 'Delete') && clearable) {
      if (values.length > 0) {
        event.preventDefault();
        clear();
      }
    } else if (
      event.key.length === 1 &&
      event.key !== ' ' &&
      !event.ctrlKey &&
      !event.metaKey &&
      !event.altKey
    ) {
      event.preventDefault();
      openWith(event.key);
    }
  };

  const onSearchKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const last = visible.length - 1;
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (activeIndex >= last) loadMore();
        setActive(Math.min(activeIndex + 1, last));
        break;
      case 'ArrowUp':
        event.preventDefault();
        setActive(Math.max(activeIndex - 1, 0));
        break;
      case 'PageDown':
        event.preventDefault();
        if (activeIndex + 8 >= last) loadMore();
        setActive(Math.min(activeIndex + 8, last));
        break;
      case 'PageUp':
        event.preventDefault();
        setActive(Math.max(activeIndex - 8, 0));
        break;
      case 'Enter': {
        // Never submits the surrounding form.
        event.preventDefault();
        const option = visible[activeIndex];
        if (option) choose(option);
        break;
      }
      case 'Tab':
        event.preventDefault();
        close();
        break;
      case 'Backspace':
        if (!text && props.multiple && values.length > 0 && clearable) {
          event.preventDefault();
          pick(
            values.slice(0, -1),
            values.slice(0, -1).map((value) => optionOf(value) ?? { value, label: value }),
          );
        }
        break;
    }
  };

  let status: ReactNode = null;
  if (tooShort) status = COMBOBOX_TEXT.minLength(minLength);
  else if (error && visible.length === 0) status = errorMessage(error);
  else if (waiting && visible.length === 0)
    status = (
      <span className="inline-flex items-center gap-2">
        <Loader2 className="size-4 animate-spin" aria-hidden="true" />
        {COMBOBOX_TEXT.loading}
      </span>
    );
  else if (visible.length === 0 && !busy) status = MESSAGES.emptyList;

  const shown = values.slice(0, maxChips);
  const showClear = clearable && values.length > 0 && !disabled;
  return (
    <div className={cn('relative min-w-0', className)}>
      <Popover open={open} onOpenChange={onOpenChange} modal>
        <PopoverTrigger asChild disabled={disabled}>
          <button
            id={id}
            type="button"
            role="combobox"
            aria-label={ariaLabel}
            aria-haspopup="listbox"
            aria-expanded={open}
            aria-controls={open ? listboxId : undefined}
            aria-invalid={invalid || undefined}
            aria-describedby={describedBy}
            onKeyDown={onTriggerKeyDown}
            className={cn(
              'flex w-full items-center gap-1.5 rounded-md border border-slate-300 bg-white py-1 pl-2.5 text-left text-sm text-slate-800 shadow-xs outline-none focus-visible:border-teal-600 focus-visible:ring-2 focus-visible:ring-teal-600/25 disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-red-500',
              size === 'sm' ? 'min-h-8' : 'min-h-9',
              showClear ? 'pr-14' : 'pr-8',
            )}
          >
            <span className="flex min-w-0 flex-1 flex-wrap items-center gap-1">
              {values.length === 0 && (
                <span className={cn('truncate', !emptyLabel && 'text-slate-400')}>
                  {emptyLabel ?? placeholder}
                </span>
              )}
              {!props.multiple && values[0] && (
                <span className="truncate">{labelOf(values[0])}</span>
              )}
              {props.multiple &&
                shown.map((value) => (
                  <span
                    key={value}
                    className="inline-flex max-w-44 items-center rounded bg-teal-50 px-1.5 py-0.5 text-xs font-medium text-teal-800"
                  >
                    <span className="truncate">{labelOf(value)}</span>
                  </span>
                ))}
              {props.multiple && values.length > shown.length && (
                <span className="rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-600">
                  +{values.length - shown.length}
                </span>
              )}
            </span>
          </button>
        </PopoverTrigger>
        <PopoverContent
          className={cn('w-[var(--radix-popover-trigger-width)] min-w-72 p-0', contentClassName)}
          onCloseAutoFocus={() => setText('')}
        >
          {header}
          <div className="flex items-center gap-2 border-b border-slate-100 px-2.5">
            <Search className="size-4 shrink-0 text-slate-400" aria-hidden="true" />
            <input
              autoFocus
              role="combobox"
              aria-expanded="true"
              aria-controls={listboxId}
              aria-autocomplete="list"
              aria-activedescendant={activeId}
              aria-label={searchPlaceholder}
              value={text}
              onChange={(event) => {
                // A new keyword starts at the first option.
                setText(event.target.value);
                setActive(0);
              }}
              onFocus={(event) => {
                const end = event.currentTarget.value.length;
                event.currentTarget.setSelectionRange(end, end);
              }}
              onKeyDown={onSearchKeyDown}
              placeholder={searchPlaceholder}
              autoComplete="off"
              className="h-9 w-full min-w-0 bg-transparent text-sm outline-none placeholder:text-slate-400"
            />
            {busy && (
              <Loader2
                className="size-4 shrink-0 animate-spin text-slate-400"
                aria-label={COMBOBOX_TEXT.loading}
              />
            )}
          </div>
          <div
            id={listboxId}
            role="listbox"
            aria-label={ariaLabel ?? searchPlaceholder}
            aria-multiselectable={props.multiple || undefined}
            aria-busy={busy || undefined}
            className="max-h-64 overflow-y-auto p-1 empty:hidden"
            onScroll={(event) => {
              const list = event.currentTarget;
              if (list.scrollTop + list.clientHeight >= list.scrollHeight - 24) loadMore();
            }}
          >
            {visible.map((option, index) => {
              const selected = values.includes(option.value);
              const indent = !typed && option.depth ? option.depth : 0;
              const hint = option.depth !== undefined && !typed ? undefined : option.hint;
              return (
                <div
                  key={option.value}
                  id={optionId(index)}
                  role="option"
                  aria-selected={selected}
                  data-active={index === activeIndex || undefined}
                  onMouseDown={(event) => event.preventDefault()}
                  onMouseMove={() => index !== activeIndex && setActive(index)}
                  onClick={() => choose(option)}
                  className="flex cursor-pointer items-center gap-2 rounded-md px-2 py-1.5 data-[active]:bg-slate-100"
                >
                  <span
                    className={cn(
                      'flex size-4 shrink-0 items-center justify-center border',
                      props.multiple ? 'rounded-[4px]' : 'rounded-full',
                      selected
                        ? 'border-teal-700 bg-teal-700 text-white'
                        : 'border-slate-300 bg-white',
                    )}
                    aria-hidden="true"
                  >
                    {selected && <Check className="size-3" strokeWidth={3} />}
                  </span>
                  {option.leading}
                  <span
                    className="flex min-w-0 flex-1 flex-col"
                    style={{ paddingLeft: indent * 14 }}
                  >
                    <span className="truncate">
                      {indent > 0 && (
                        <span className="mr-1 text-slate-300" aria-hidden="true">
                          └
                        </span>
                      )}
                      {option.label}
                    </span>
                    {hint && <span className="truncate text-xs text-slate-500">{hint}</span>}
                  </span>
                  {option.trailing}
                </div>
              );
            })}
          </div>
          {status && (
            <p role="status" className="px-2 py-6 text-center text-sm text-slate-500">
              {status}
            </p>
          )}
          {loadingMore && (
            <p className="flex items-center justify-center gap-2 border-t border-slate-100 px-2 py-2 text-xs text-slate-500">
              <Loader2 className="size-3.5 animate-spin" aria-hidden="true" />
              {COMBOBOX_TEXT.loadingMore}
            </p>
          )}
        </PopoverContent>
      </Popover>
      {showClear && (
        <button
          type="button"
          tabIndex={-1}
          aria-label={COMBOBOX_TEXT.clear}
          onClick={clear}
          className="absolute top-1/2 right-7 -translate-y-1/2 rounded p-0.5 text-slate-400 hover:bg-slate-100 hover:text-slate-700"
        >
          <X className="size-3.5" aria-hidden="true" />
        </button>
      )}
      <ChevronDown
        className="pointer-events-none absolute top-1/2 right-2.5 size-4 -translate-y-1/2 text-slate-500"
        aria-hidden="true"
      />
    </div>
  );
}

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** The props of a picker bound to one source: everything but where the options come from. */
export type PickerProps = DistributiveOmit<SearchComboboxProps, 'source' | 'options' | 'loading'>;
