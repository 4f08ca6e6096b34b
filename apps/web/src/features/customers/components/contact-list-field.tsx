import { Plus, X } from 'lucide-react';
import { formatPhone } from '@omnicare/shared/customers/phone-format';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { FieldError } from '@/components/ui/label';
import { DETAIL_TEXT } from '../customers-text';

export interface ContactItem {
  value: string;
  is_primary: boolean;
}

/** Exactly one primary while the list is not empty: the chosen one, else the first. */
export function withPrimary(items: ContactItem[], primaryIndex?: number): ContactItem[] {
  if (items.length === 0) return items;
  const chosen =
    primaryIndex ??
    Math.max(
      0,
      items.findIndex((item) => item.is_primary),
    );
  return items.map((item, index) => ({ ...item, is_primary: index === chosen }));
}

export const addContact = (items: ContactItem[]): ContactItem[] =>
  withPrimary([...items, { value: '', is_primary: items.length === 0 }]);

/** Removing the primary makes the first remaining item primary. */
export const removeContact = (items: ContactItem[], index: number): ContactItem[] =>
  withPrimary(items.filter((_, position) => position !== index));

export interface ContactListFieldProps {
  legend: string;
  name: string;
  items: ContactItem[];
  onChange: (items: ContactItem[]) => void;
  inputLabel: (index: number) => string;
  addLabel: string;
  type?: 'tel' | 'email';
  /** Error messages by item index. */
  errors?: Record<number, string | undefined>;
  listError?: string;
  max?: number;
}

/** A list of phones or emails, each with a primary radio (one primary at a time). */
export function ContactListField({
  legend,
  name,
  items,
  onChange,
  inputLabel,
  addLabel,
  type = 'tel',
  errors = {},
  listError,
  max = 10,
}: ContactListFieldProps) {
  const setValue = (index: number, value: string) => {
    if (items[index]?.value === value) return;
    onChange(items.map((entry, position) => (position === index ? { ...entry, value } : entry)));
  };
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1.5 text-sm font-medium text-slate-700">{legend}</legend>
      {items.map((item, index) => {
        const error = errors[index];
        const errorId = `${name}-${index}-error`;
        return (
          <div key={index} className="flex flex-col gap-1">
            <div className="flex items-center gap-2">
              <Input
                type={type}
                value={item.value}
                aria-label={inputLabel(index)}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? errorId : undefined}
                inputMode={type === 'tel' ? 'tel' : 'email'}
                onChange={(event) => setValue(index, event.target.value)}
                // A phone takes the one written form when the field is left ('0912 345 678',
                // '+65 9123 4567'); search and duplicates compare digits, so nothing else changes.
                onBlur={type === 'tel' ? () => setValue(index, formatPhone(item.value)) : undefined}
              />
              <label className="flex shrink-0 items-center gap-1.5 text-[13px] text-slate-600">
                <input
                  type="radio"
                  name={`${name}-primary`}
                  className="size-4 accent-teal-700"
                  checked={item.is_primary}
                  aria-label={DETAIL_TEXT.primaryOf(item.value)}
                  onChange={() => onChange(withPrimary(items, index))}
                />
                <span aria-hidden="true">{DETAIL_TEXT.primary}</span>
              </label>
              <Button
                variant="ghost"
                size="icon-sm"
                aria-label={DETAIL_TEXT.removeItem(item.value)}
                onClick={() => onChange(removeContact(items, index))}
              >
                <X />
              </Button>
            </div>
            <FieldError id={errorId} message={error} />
          </div>
        );
      })}
      <FieldError id={`${name}-error`} message={listError} />
      {items.length < max && (
        <Button
          variant="outline"
          size="sm"
          className="self-start"
          onClick={() => onChange(addContact(items))}
        >
          <Plus aria-hidden="true" />
          {addLabel}
        </Button>
      )}
    </fieldset>
  );
}
