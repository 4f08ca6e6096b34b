import { useId, useRef, type ReactNode } from 'react';
import { Braces } from 'lucide-react';
import { TEMPLATE_PLACEHOLDERS, placeholderToken } from '@omnicare/shared/templates/placeholders';
import { Checkbox } from '@/components/ui/checkbox';
import { Input, Textarea } from '@/components/ui/input';
import { FieldError, Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { Button } from '@/components/ui/button';
import { EDITOR_TEXT } from '../editor-text';

/** A labelled field of the side panel with its message below. */
export function PanelField({
  label,
  error,
  children,
  hint,
  action,
}: {
  label: string;
  error?: string;
  hint?: string;
  action?: ReactNode;
  children: (props: { id: string; invalid: boolean; describedBy?: string }) => ReactNode;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="space-y-1.5" data-field-error={error ? 'true' : undefined}>
      <div className="flex items-center justify-between gap-2">
        <Label htmlFor={id}>{label}</Label>
        {action}
      </div>
      {children({ id, invalid: Boolean(error), describedBy: error ? errorId : undefined })}
      {hint && !error && <p className="text-xs text-slate-500">{hint}</p>}
      <FieldError id={errorId} message={error} />
    </div>
  );
}

export function TextInputField({
  label,
  value,
  onChange,
  error,
  placeholder,
  multiline,
  placeholders,
  type = 'text',
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  placeholder?: string;
  multiline?: boolean;
  /** Offer the template placeholders ({{ticket.code}}...) as insert buttons. */
  placeholders?: boolean;
  type?: string;
}) {
  const ref = useRef<HTMLInputElement & HTMLTextAreaElement>(null);
  const insert = (token: string) => {
    const element = ref.current;
    const start = element?.selectionStart ?? value.length;
    const end = element?.selectionEnd ?? value.length;
    onChange(value.slice(0, start) + token + value.slice(end));
    requestAnimationFrame(() => {
      element?.focus();
      element?.setSelectionRange(start + token.length, start + token.length);
    });
  };
  return (
    <PanelField
      label={label}
      error={error}
      action={placeholders ? <PlaceholderMenu onInsert={insert} /> : undefined}
    >
      {({ id, invalid, describedBy }) =>
        multiline ? (
          <Textarea
            ref={ref}
            id={id}
            rows={4}
            value={value}
            placeholder={placeholder}
            aria-invalid={invalid}
            aria-describedby={describedBy}
            onChange={(event) => onChange(event.target.value)}
          />
        ) : (
          <Input
            ref={ref}
            id={id}
            type={type}
            value={value}
            placeholder={placeholder}
            aria-invalid={invalid}
            aria-describedby={describedBy}
            onChange={(event) => onChange(event.target.value)}
          />
        )
      }
    </PanelField>
  );
}

function PlaceholderMenu({ onInsert }: { onInsert: (token: string) => void }) {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="sm" className="h-6 px-1.5 text-xs text-teal-700">
          <Braces className="size-3.5" aria-hidden />
          {EDITOR_TEXT.insertPlaceholder}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        {TEMPLATE_PLACEHOLDERS.map((placeholder) => (
          <DropdownMenuItem
            key={placeholder.key}
            onSelect={() => onInsert(placeholderToken(placeholder.key))}
          >
            <span className="flex-1">{placeholder.label}</span>
            <code className="text-[11px] text-slate-400">{placeholderToken(placeholder.key)}</code>
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

export function NumberInputField({
  label,
  value,
  onChange,
  error,
  hint,
}: {
  label: string;
  value: unknown;
  onChange: (value: number | undefined) => void;
  error?: string;
  hint?: string;
}) {
  return (
    <PanelField label={label} error={error} hint={hint}>
      {({ id, invalid, describedBy }) => (
        <Input
          id={id}
          type="number"
          inputMode="numeric"
          value={typeof value === 'number' ? value : ''}
          aria-invalid={invalid}
          aria-describedby={describedBy}
          onChange={(event) =>
            onChange(event.target.value === '' ? undefined : Number(event.target.value))
          }
        />
      )}
    </PanelField>
  );
}

export function SelectField<T extends string>({
  label,
  value,
  options,
  onChange,
  error,
  emptyLabel,
}: {
  label: string;
  value: T | null | undefined;
  options: readonly { value: T; label: string }[];
  onChange: (value: T | undefined) => void;
  error?: string;
  /** An empty first choice with this label. */
  emptyLabel?: string;
}) {
  return (
    <PanelField label={label} error={error}>
      {({ id, invalid, describedBy }) => (
        <NativeSelect
          id={id}
          value={value ?? ''}
          aria-invalid={invalid}
          aria-describedby={describedBy}
          onChange={(event) => onChange((event.target.value || undefined) as T | undefined)}
        >
          {(emptyLabel !== undefined || !value) && (
            <option value="">{emptyLabel ?? EDITOR_TEXT.choose}</option>
          )}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </NativeSelect>
      )}
    </PanelField>
  );
}

export function CheckListField<T extends string>({
  label,
  value,
  options,
  onChange,
  error,
}: {
  label: string;
  value: readonly T[];
  options: readonly { value: T; label: string }[];
  onChange: (value: T[]) => void;
  error?: string;
}) {
  const id = useId();
  return (
    <fieldset className="space-y-1.5" data-field-error={error ? 'true' : undefined}>
      <legend className="mb-1.5 text-sm font-medium text-slate-700">{label}</legend>
      <div className="grid grid-cols-2 gap-x-3 gap-y-2">
        {options.map((option) => {
          const checked = value.includes(option.value);
          return (
            <label
              key={option.value}
              className="flex items-center gap-2 text-[13px] text-slate-700"
            >
              <Checkbox
                checked={checked}
                aria-describedby={error ? `${id}-error` : undefined}
                onCheckedChange={(next) =>
                  onChange(
                    next ? [...value, option.value] : value.filter((item) => item !== option.value),
                  )
                }
              />
              {option.label}
            </label>
          );
        })}
      </div>
      <FieldError id={`${id}-error`} message={error} />
    </fieldset>
  );
}

/** The panel's sections: a title over a group of fields. */
export function PanelSection({ title, children }: { title?: string; children: ReactNode }) {
  return (
    <section className="space-y-4 border-t border-slate-100 px-4 py-4 first:border-t-0">
      {title && (
        <h3 className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{title}</h3>
      )}
      {children}
    </section>
  );
}
