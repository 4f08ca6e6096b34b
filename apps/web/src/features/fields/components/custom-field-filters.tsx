import { useEffect, useId, useRef, useState } from 'react';
import type { ComponentProps, ReactNode } from 'react';
import { SEARCH_DEBOUNCE_MS } from '@omnicare/shared/platform/constants';
import type { CustomFilterValue, CustomFilters } from '@omnicare/shared/fields/custom-filters';
import type { CustomField } from '@omnicare/shared/fields/fields.schemas';
import { DateRangePicker } from '@/components/ui/date-picker';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { SearchCombobox } from '@/components/ui/search-combobox';
import { cn } from '@/lib/cn';
import {
  CHECKBOX_CHOICES,
  checkboxChoiceOf,
  checkboxValueOf,
  numberOf,
  withCustomFilter,
} from '../custom-filters';
import { CUSTOM_FILTER_TEXT } from '../fields-text';
import { NativeSelect } from '@/components/ui/native-select';

/**
 * A box whose text reaches the filters once typing pauses (or on leaving it), so the list asks
 * once per settled value; a change from outside (clearing the filters) replaces what it shows.
 */
function DraftInput({
  value,
  onCommit,
  ...props
}: Omit<ComponentProps<typeof Input>, 'value' | 'onChange'> & {
  value: string;
  onCommit: (value: string) => void;
}) {
  const [draft, setDraft] = useState(value);
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    setDraft(value);
  }
  const commit = useRef(onCommit);
  useEffect(() => {
    commit.current = onCommit;
  });
  useEffect(() => {
    if (draft === value) return;
    const timer = setTimeout(() => commit.current(draft), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [draft, value]);
  return (
    <Input
      {...props}
      value={draft}
      onChange={(event) => setDraft(event.target.value)}
      onBlur={() => {
        if (draft !== value) onCommit(draft);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Enter' && draft !== value) onCommit(draft);
      }}
    />
  );
}

const optionsOf = (value: CustomFilterValue | undefined): string[] =>
  Array.isArray(value) ? value : typeof value === 'string' ? [value] : [];

const rangeOf = (value: CustomFilterValue | undefined) =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, number | string | undefined>)
    : {};

export interface CustomFieldFiltersProps {
  /** The customer fields to filter by (the active ones). */
  fields: readonly CustomField[];
  value: CustomFilters;
  /**
   * Called with a change to apply to the filters as they are by then: two quick changes (two
   * picks before the address shows the first) build on each other instead of one losing.
   */
  onChange: (update: (current: CustomFilters) => CustomFilters) => void;
}

/**
 * One control per custom field: contains for text, from/to for numbers and dates, a select for
 * one option, a multi picker (customers having every chosen option) and Tất cả/Có/Không.
 */
export function CustomFieldFilters({ fields, value, onChange }: CustomFieldFiltersProps) {
  const baseId = useId();
  if (fields.length === 0) return null;
  const set = (
    key: string,
    next: (current: CustomFilterValue | undefined) => CustomFilterValue | undefined,
  ) => onChange((filters) => withCustomFilter(filters, key, next(filters[key])));

  const cell = (
    field: CustomField,
    control: (id: string) => ReactNode,
    { wide = false, hint }: { wide?: boolean; hint?: string } = {},
  ) => {
    const id = `${baseId}-${field.key}`;
    return (
      <div
        key={field.key}
        className={cn('flex min-w-0 flex-col gap-1', wide && 'sm:col-span-2')}
        data-custom-filter={field.key}
      >
        <Label htmlFor={id} className="truncate text-xs text-slate-500" title={field.label}>
          {field.label}
          {hint && <span className="font-normal text-slate-400"> ({hint})</span>}
        </Label>
        {control(id)}
      </div>
    );
  };
  /** Two boxes under one label: the first is the one the label names. */
  const range = (field: CustomField, first: ReactNode, second: ReactNode, wide = false) =>
    cell(
      field,
      () => (
        <div className="grid grid-cols-[1fr_auto_1fr] items-center gap-1.5">
          {first}
          <span className="text-slate-400" aria-hidden="true">
            –
          </span>
          {second}
        </div>
      ),
      { wide },
    );

  return (
    <>
      {fields.map((field) => {
        const current = value[field.key];
        const id = `${baseId}-${field.key}`;
        switch (field.type) {
          case 'number': {
            const bounds = rangeOf(current);
            const setEnd = (end: 'min' | 'max', text: string) =>
              set(field.key, (now) => ({ ...rangeOf(now), [end]: numberOf(text) }));
            const box = (end: 'min' | 'max') => (
              <DraftInput
                id={end === 'min' ? id : undefined}
                type="number"
                inputMode="decimal"
                aria-label={`${field.label} ${(end === 'min' ? CUSTOM_FILTER_TEXT.from : CUSTOM_FILTER_TEXT.to).toLowerCase()}`}
                placeholder={end === 'min' ? CUSTOM_FILTER_TEXT.from : CUSTOM_FILTER_TEXT.to}
                value={bounds[end] === undefined ? '' : String(bounds[end])}
                onCommit={(text) => setEnd(end, text)}
              />
            );
            return range(field, box('min'), box('max'));
          }
          case 'date': {
            const days = rangeOf(current);
            const dayOf = (end: unknown) => (typeof end === 'string' ? end : undefined);
            return cell(
              field,
              (controlId) => (
                <DateRangePicker
                  id={controlId}
                  labels={{
                    from: `${field.label} ${CUSTOM_FILTER_TEXT.fromDay}`,
                    to: `${field.label} ${CUSTOM_FILTER_TEXT.toDay}`,
                  }}
                  value={{ from: dayOf(days.from), to: dayOf(days.to) }}
                  onChange={(range) => set(field.key, () => range)}
                />
              ),
              { wide: true },
            );
          }
          case 'select':
            return cell(field, (controlId) => (
              <NativeSelect
                id={controlId}
                value={typeof current === 'string' ? current : ''}
                onChange={(event) => {
                  const option = event.target.value || undefined;
                  set(field.key, () => option);
                }}
              >
                <option value="">{CUSTOM_FILTER_TEXT.all}</option>
                {field.options.map((option) => (
                  <option key={option} value={option}>
                    {option}
                  </option>
                ))}
              </NativeSelect>
            ));
          case 'multiselect': {
            const chosen = optionsOf(current);
            return cell(
              field,
              (controlId) => (
                <SearchCombobox
                  id={controlId}
                  multiple
                  options={field.options.map((option) => ({ value: option, label: option }))}
                  value={chosen}
                  onChange={(next) => {
                    // What this pick added or removed, applied to the options chosen by then.
                    const added = next.filter((option) => !chosen.includes(option));
                    const removed = chosen.filter((option) => !next.includes(option));
                    set(field.key, (now) => [
                      ...optionsOf(now).filter((option) => !removed.includes(option)),
                      ...added,
                    ]);
                  }}
                  emptyLabel={CUSTOM_FILTER_TEXT.all}
                  maxChips={2}
                />
              ),
              { hint: CUSTOM_FILTER_TEXT.hasAll },
            );
          }
          case 'checkbox':
            return cell(field, (controlId) => (
              <NativeSelect
                id={controlId}
                value={checkboxChoiceOf(current)}
                onChange={(event) => {
                  const checked = checkboxValueOf(event.target.value);
                  set(field.key, () => checked);
                }}
              >
                <option value={CHECKBOX_CHOICES.all}>{CUSTOM_FILTER_TEXT.all}</option>
                <option value={CHECKBOX_CHOICES.yes}>{CUSTOM_FILTER_TEXT.yes}</option>
                <option value={CHECKBOX_CHOICES.no}>{CUSTOM_FILTER_TEXT.no}</option>
              </NativeSelect>
            ));
          default:
            return cell(field, (controlId) => (
              <DraftInput
                id={controlId}
                type="search"
                placeholder={CUSTOM_FILTER_TEXT.contains}
                value={typeof current === 'string' ? current : ''}
                onCommit={(text) => set(field.key, () => text)}
              />
            ));
        }
      })}
    </>
  );
}
