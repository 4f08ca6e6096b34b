import type { CustomField } from '@omnicare/shared/fields/fields.schemas';
import { DatePicker } from '@/components/ui/date-picker';
import { Input } from '@/components/ui/input';
import { FieldError, Label } from '@/components/ui/label';
import { SearchCombobox } from '@/components/ui/search-combobox';
import { NativeSelect } from '@/components/ui/native-select';
import { cn } from '@/lib/cn';
import { FIELD_TEXT } from '../fields-text';

/**
 * One custom field of a record (customer or ticket), rendered by its type: the customer form and
 * the ticket's form and properties panel use it. `compact` gives the small grey label of a side
 * panel.
 */
export function CustomFieldInput({
  field,
  value,
  error,
  onChange,
  compact,
  commitOnClose,
}: {
  field: CustomField;
  value: unknown;
  error?: string;
  onChange: (value: unknown) => void;
  compact?: boolean;
  /** A multiple choice hands over its picks when its list closes (a field saved on change). */
  commitOnClose?: boolean;
}) {
  const id = `custom-${field.key}`;
  const errorId = `${id}-error`;
  const common = {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? errorId : undefined,
  } as const;
  const label = (
    <Label htmlFor={id} className={cn(compact && 'text-xs text-slate-500')}>
      {field.label}
      {field.required && <span className="text-red-600"> *</span>}
    </Label>
  );
  let control;
  switch (field.type) {
    case 'number':
      control = (
        <Input
          {...common}
          type="number"
          value={typeof value === 'number' ? value : ''}
          onChange={(event) =>
            onChange(event.target.value === '' ? undefined : Number(event.target.value))
          }
        />
      );
      break;
    case 'date':
      control = (
        <DatePicker
          id={id}
          value={typeof value === 'string' ? value : ''}
          onChange={onChange}
          invalid={Boolean(error)}
          describedBy={error ? errorId : undefined}
        />
      );
      break;
    case 'select':
      control = (
        <NativeSelect
          {...common}
          value={typeof value === 'string' ? value : ''}
          onChange={(event) => onChange(event.target.value || undefined)}
        >
          <option value="">{FIELD_TEXT.choose}</option>
          {field.options.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </NativeSelect>
      );
      break;
    case 'multiselect':
      control = (
        <SearchCombobox
          id={id}
          multiple
          commitOnClose={commitOnClose}
          options={field.options.map((option) => ({ value: option, label: option }))}
          value={Array.isArray(value) ? value.filter((item) => typeof item === 'string') : []}
          onChange={(next) => onChange(next)}
          placeholder={`${FIELD_TEXT.choose} ${field.label.toLowerCase()}`}
          invalid={Boolean(error)}
          describedBy={error ? errorId : undefined}
        />
      );
      break;
    case 'checkbox':
      return (
        <div className="flex flex-col gap-1">
          <label className="flex items-center gap-2 text-sm font-medium text-slate-700">
            <input
              {...common}
              type="checkbox"
              className="size-4 accent-teal-700"
              checked={value === true}
              onChange={(event) => onChange(event.target.checked)}
            />
            {field.label}
            {field.required && <span className="text-red-600"> *</span>}
          </label>
          <FieldError id={errorId} message={error} />
        </div>
      );
    default:
      control = (
        <Input
          {...common}
          value={typeof value === 'string' ? value : ''}
          onChange={(event) => onChange(event.target.value)}
        />
      );
  }
  return (
    <div className={cn('flex flex-col', compact ? 'gap-1' : 'gap-1.5')}>
      {label}
      {control}
      <FieldError id={errorId} message={error} />
    </div>
  );
}
