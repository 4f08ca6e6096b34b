import type { ReactNode } from 'react';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { SearchCombobox } from '@/components/ui/search-combobox';
import type { ComboOption } from '@/components/ui/use-combobox-source';
import { cn } from '@/lib/cn';
import { listOf, listParamOf } from './comma-list';

/**
 * The fields of a list's filter panel (customers, tickets, a ticket view's settings): a small
 * label over its control, a select of a few values with 'Tất cả' for none, a multiple choice,
 * and the grid and section they sit in. One filter's value is a string as the address holds it
 * ('' or absent for none); a multiple choice is a comma list.
 */

export const FILTER_TEXT = { all: 'Tất cả' } as const;

/** The grid of a filter panel: one column on a phone, four on a wide screen. */
export const FILTER_GRID = 'grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4';

export interface FilterOption {
  value: string;
  label: string;
  hint?: string;
}

/** One filter: its label tied to the control by id (the control is given the id). */
export function FilterField({
  id,
  label,
  className,
  children,
}: {
  id: string;
  label: string;
  className?: string;
  children: (id: string) => ReactNode;
}) {
  return (
    <div className={cn('flex min-w-0 flex-col gap-1', className)}>
      <Label htmlFor={id} className="truncate text-xs text-slate-500" title={label}>
        {label}
      </Label>
      {children(id)}
    </div>
  );
}

/** One value of a few, or 'Tất cả' (the empty value). */
export function FilterSelect({
  id,
  label,
  value,
  onChange,
  options,
  allLabel = FILTER_TEXT.all,
  className,
}: {
  id: string;
  label: string;
  value: string | undefined;
  onChange: (value: string | undefined) => void;
  options: readonly FilterOption[];
  allLabel?: string;
  className?: string;
}) {
  return (
    <FilterField id={id} label={label} className={className}>
      {(fieldId) => (
        <NativeSelect
          id={fieldId}
          value={value ?? ''}
          onChange={(event) => onChange(event.target.value || undefined)}
        >
          <option value="">{allLabel}</option>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </NativeSelect>
      )}
    </FilterField>
  );
}

/**
 * Any of several values, kept as a comma list: a multiple choice over local options or a picker
 * given as `picker` (staff, departments, tags: the same props as SearchCombobox multiple).
 */
export function FilterMultiSelect({
  id,
  label,
  value,
  onChange,
  options,
  loading,
  extraOptions,
  allLabel = FILTER_TEXT.all,
  picker: Picker,
  className,
}: {
  id: string;
  label: string;
  value: string | undefined;
  onChange: (value: string | undefined) => void;
  options?: readonly FilterOption[];
  loading?: boolean;
  /** Fixed choices before the others ('Tôi', 'Chưa giao'). */
  extraOptions?: readonly ComboOption[];
  allLabel?: string;
  picker?: (props: {
    id: string;
    multiple: true;
    value: readonly string[];
    onChange: (value: string[]) => void;
    emptyLabel: string;
    extraOptions?: readonly ComboOption[];
    maxChips: number;
  }) => ReactNode;
  className?: string;
}) {
  const common = {
    multiple: true as const,
    value: listOf(value),
    onChange: (next: string[]) => onChange(listParamOf(next)),
    emptyLabel: allLabel,
    extraOptions,
    maxChips: 2,
  };
  return (
    <FilterField id={id} label={label} className={className}>
      {(fieldId) =>
        Picker ? (
          <Picker id={fieldId} {...common} />
        ) : (
          <SearchCombobox id={fieldId} {...common} options={options ?? []} loading={loading} />
        )
      }
    </FilterField>
  );
}

/** A titled group of filters under the others (custom fields). */
export function FilterSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="flex flex-col gap-2 border-t border-slate-200 pt-3">
      <h3 className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{title}</h3>
      <div className={FILTER_GRID}>{children}</div>
    </section>
  );
}
