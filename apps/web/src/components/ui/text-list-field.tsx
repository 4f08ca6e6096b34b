import { useEffect, useId, useRef } from 'react';
import type { KeyboardEvent, ReactNode } from 'react';
import { Plus, X } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { FieldError } from '@/components/ui/label';
import { cn } from '@/lib/cn';

export interface TextListRow {
  /** Stable while the row lives, so React keeps its input when others go. */
  key: number;
  value: string;
}

let lastKey = 0;
export const textListRow = (value: string): TextListRow => ({ key: (lastKey += 1), value });

/**
 * A list of text inputs added and removed at will (the tags of a tag group, the options of a
 * custom field), each with its own error below it; `marked` rows get a red border and no text.
 */
export function TextListField({
  legend,
  required,
  rows,
  errors = {},
  marked,
  emptyText,
  inputLabel,
  removeLabel,
  addLabel,
  placeholder,
  keepOne,
  onChange,
  onRemove,
  onAdd,
  footer,
}: {
  legend: string;
  required?: boolean;
  rows: TextListRow[];
  /** Messages by row index. */
  errors?: Record<number, string | undefined>;
  marked?: (row: TextListRow) => boolean;
  emptyText?: string;
  inputLabel: (index: number) => string;
  removeLabel: (index: number) => string;
  addLabel: string;
  placeholder?: string;
  /** The last row cannot be removed. */
  keepOne?: boolean;
  onChange: (row: TextListRow, index: number, value: string) => void;
  onRemove: (row: TextListRow) => void;
  onAdd: () => void;
  /** Below the add button: a message about the whole list. */
  footer?: ReactNode;
}) {
  const uid = useId();
  const list = useRef<HTMLDivElement>(null);
  const focusAdded = useRef(false);
  useEffect(() => {
    if (!focusAdded.current) return;
    focusAdded.current = false;
    [...(list.current?.querySelectorAll<HTMLInputElement>('input') ?? [])].at(-1)?.focus();
  }, [rows.length]);
  // Enter in a row adds the next one (never submits the form); an empty row adds nothing.
  const addFromRow = (event: KeyboardEvent<HTMLInputElement>, row: TextListRow) => {
    if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
    event.preventDefault();
    if (row.value.trim() === '') return;
    focusAdded.current = true;
    onAdd();
  };
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1.5 text-sm font-medium text-slate-700">
        {legend}
        {required && <span className="ml-0.5 text-red-600">*</span>}
      </legend>
      <div ref={list} className="flex max-h-[40vh] flex-col gap-2 overflow-y-auto pr-1">
        {rows.length === 0 && emptyText && <p className="text-sm text-slate-500">{emptyText}</p>}
        {rows.map((row, index) => {
          const message = errors[index];
          const isMarked = marked?.(row) ?? false;
          const errorId = `${uid}-${row.key}-error`;
          return (
            <div key={row.key} className="flex flex-col gap-1">
              <div className="flex items-center gap-2">
                <Input
                  value={row.value}
                  maxLength={100}
                  aria-label={inputLabel(index)}
                  placeholder={placeholder}
                  data-duplicate={isMarked ? 'true' : undefined}
                  aria-invalid={message || isMarked ? true : undefined}
                  aria-describedby={message ? errorId : undefined}
                  className={cn(isMarked && 'border-red-500 focus-visible:border-red-500')}
                  onChange={(event) => onChange(row, index, event.target.value)}
                  onKeyDown={(event) => addFromRow(event, row)}
                />
                <Button
                  variant="ghost"
                  size="icon-sm"
                  aria-label={removeLabel(index)}
                  disabled={keepOne && rows.length === 1}
                  onClick={() => onRemove(row)}
                >
                  <X />
                </Button>
              </div>
              <FieldError id={errorId} message={message} />
            </div>
          );
        })}
      </div>
      <Button variant="outline" size="sm" className="self-start" onClick={onAdd}>
        <Plus aria-hidden="true" />
        {addLabel}
      </Button>
      {footer}
    </fieldset>
  );
}
