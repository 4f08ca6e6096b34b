import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import {
  FIELD_TYPE,
  fieldBody,
  type CustomField,
  type FieldBody,
  type FieldEntity,
  type FieldType,
} from '@omnicare/shared/fields/fields.schemas';
import { Checkbox } from '@/components/ui/checkbox';
import { DialogForm, FormDialog, FormField, fieldAria } from '@/components/ui/form-dialog';
import { Input } from '@/components/ui/input';
import { FieldError, Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { TextListField, textListRow, type TextListRow } from '@/components/ui/text-list-field';
import { fieldErrorMessages } from '@/lib/errors';
import { saveForm } from '@/lib/mutation-feedback';
import { keyFromLabel } from '../field-key';
import { useSaveField } from '../fields.queries';
import { FIELD_TEXT } from '../fields-text';

const FORM_FIELDS = ['label', 'key', 'type', 'options'] as const;
type FormFieldName = (typeof FORM_FIELDS)[number];

interface Problems {
  fields: Partial<Record<FormFieldName, string>>;
  /** Messages of single options, by row index. */
  options: Record<number, string>;
}

const noProblems = (): Problems => ({ fields: {}, options: {} });
export const hasOptions = (type: FieldType) => type === 'select' || type === 'multiselect';

export interface FieldFormValues {
  label: string;
  key: string;
  type: FieldType;
  options: string[];
  required: boolean;
  active: boolean;
}

/** The body to send, or the shared schema's messages: per field, and per option row. */
export function checkField(
  entity: FieldEntity,
  values: FieldFormValues,
  position: number | undefined,
): { body: FieldBody } | { problems: Problems } {
  const parsed = fieldBody.safeParse({
    entity,
    ...values,
    options: hasOptions(values.type) ? values.options : [],
    ...(position === undefined ? {} : { position }),
  });
  if (parsed.success) return { body: parsed.data };
  const problems = noProblems();
  for (const issue of parsed.error.issues) {
    const [field, index] = issue.path;
    if (field === 'options' && typeof index === 'number') problems.options[index] ??= issue.message;
    else if (FORM_FIELDS.includes(field as FormFieldName))
      problems.fields[field as FormFieldName] ??= issue.message;
  }
  return { problems };
}

function FieldForm({
  entity,
  field,
  onDone,
}: {
  entity: FieldEntity;
  field: CustomField | null;
  onDone: () => void;
}) {
  const uid = useId();
  const editing = field !== null;
  const [label, setLabel] = useState(field?.label ?? '');
  const [key, setKey] = useState(field?.key ?? '');
  // The key follows the label until the user types one of their own.
  const [keyTouched, setKeyTouched] = useState(editing);
  const [type, setType] = useState<FieldType>(field?.type ?? 'text');
  const [options, setOptions] = useState<TextListRow[]>(() =>
    field && field.options.length > 0 ? field.options.map(textListRow) : [textListRow('')],
  );
  const [required, setRequired] = useState(field?.required ?? false);
  const [active, setActive] = useState(field?.active ?? true);
  const [problems, setProblems] = useState<Problems>(noProblems);
  const save = useSaveField();

  const clear = (name: FormFieldName) =>
    setProblems((current) =>
      current.fields[name]
        ? { ...current, fields: { ...current.fields, [name]: undefined } }
        : current,
    );

  async function submit(event: FormEvent) {
    event.preventDefault();
    const checked = checkField(
      entity,
      { label, key, type, options: options.map((row) => row.value), required, active },
      field?.position,
    );
    if ('problems' in checked) {
      setProblems(checked.problems);
      return;
    }
    setProblems(noProblems());
    await saveForm(() => save.mutateAsync({ id: field?._id ?? null, body: checked.body }), {
      onSaved: onDone,
      showFieldErrors: (error) => {
        const messages = fieldErrorMessages(error, FORM_FIELDS);
        if (messages) setProblems({ fields: messages, options: {} });
        return messages !== null;
      },
    });
  }

  const labelId = `${uid}-label`;
  const keyId = `${uid}-key`;
  const typeId = `${uid}-type`;
  const removedOptions = field
    ? field.options.filter((option) => !options.some((row) => row.value.trim() === option))
    : [];
  return (
    <DialogForm
      title={editing ? FIELD_TEXT.editTitle : FIELD_TEXT.createTitle}
      description={FIELD_TEXT.dialogDescription}
      onSubmit={submit}
      onCancel={onDone}
      pending={save.isPending}
    >
      <FormField id={labelId} label={FIELD_TEXT.label} required error={problems.fields.label}>
        <Input
          id={labelId}
          value={label}
          autoFocus
          maxLength={100}
          placeholder={FIELD_TEXT.labelPlaceholder}
          {...fieldAria(labelId, problems.fields.label)}
          onChange={(event) => {
            setLabel(event.target.value);
            clear('label');
            if (!keyTouched) {
              setKey(keyFromLabel(event.target.value));
              clear('key');
            }
          }}
        />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          id={keyId}
          label={FIELD_TEXT.key}
          required
          hint={FIELD_TEXT.keyHint}
          error={problems.fields.key}
        >
          <Input
            id={keyId}
            value={key}
            disabled={editing}
            maxLength={40}
            className="font-mono text-[13px]"
            {...fieldAria(keyId, problems.fields.key)}
            onChange={(event) => {
              setKey(event.target.value);
              setKeyTouched(true);
              clear('key');
            }}
          />
        </FormField>
        <FormField
          id={typeId}
          label={FIELD_TEXT.type}
          required
          hint={editing ? FIELD_TEXT.typeLocked : undefined}
          error={problems.fields.type}
        >
          <NativeSelect
            id={typeId}
            value={type}
            disabled={editing}
            {...fieldAria(typeId, problems.fields.type)}
            onChange={(event) => {
              const next = event.target.value as FieldType;
              setType(next);
              if (next === 'checkbox') setRequired(false);
              setProblems(noProblems());
            }}
          >
            {FIELD_TYPE.options().map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </NativeSelect>
        </FormField>
      </div>
      {hasOptions(type) && (
        <TextListField
          legend={FIELD_TEXT.options}
          required
          rows={options}
          errors={problems.options}
          inputLabel={FIELD_TEXT.optionInput}
          removeLabel={FIELD_TEXT.removeOption}
          addLabel={FIELD_TEXT.addOption}
          placeholder={FIELD_TEXT.optionPlaceholder}
          keepOne
          onChange={(row, _index, value) => {
            setOptions((current) =>
              current.map((item) => (item.key === row.key ? { ...item, value } : item)),
            );
            setProblems((current) => ({ ...current, options: {} }));
            clear('options');
          }}
          onRemove={(row) => {
            setOptions((current) => current.filter((item) => item.key !== row.key));
            setProblems((current) => ({ ...current, options: {} }));
          }}
          onAdd={() => setOptions((current) => [...current, textListRow('')])}
          footer={
            <>
              <FieldError id={`${uid}-options-error`} message={problems.fields.options} />
              {removedOptions.length > 0 && (
                <p className="text-xs text-amber-700">{FIELD_TEXT.optionsRemovedHint}</p>
              )}
            </>
          }
        />
      )}
      <div className="flex flex-col gap-3 rounded-md border border-slate-200 p-3">
        <CheckRow
          id={`${uid}-required`}
          label={FIELD_TEXT.required}
          hint={type === 'checkbox' ? FIELD_TEXT.checkboxNeverRequired : FIELD_TEXT.requiredHint}
          checked={required}
          disabled={type === 'checkbox'}
          onChange={setRequired}
        />
        <CheckRow
          id={`${uid}-active`}
          label={FIELD_TEXT.active}
          hint={FIELD_TEXT.activeHint}
          checked={active}
          onChange={setActive}
        />
      </div>
    </DialogForm>
  );
}

function CheckRow({
  id,
  label,
  hint,
  checked,
  disabled,
  onChange,
}: {
  id: string;
  label: string;
  hint: string;
  checked: boolean;
  disabled?: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <div className="flex items-start gap-2.5">
      <Checkbox
        id={id}
        className="mt-0.5"
        checked={checked}
        disabled={disabled}
        aria-describedby={`${id}-hint`}
        onCheckedChange={(value) => onChange(value === true)}
      />
      <div className="flex flex-col gap-0.5">
        <Label htmlFor={id}>{label}</Label>
        <p id={`${id}-hint`} className="text-xs text-slate-500">
          {hint}
        </p>
      </div>
    </div>
  );
}

/** Add or edit a custom field of an entity; key and type are fixed once it exists. */
export function FieldFormDialog({
  open,
  onOpenChange,
  entity,
  field,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  entity: FieldEntity;
  field: CustomField | null;
}) {
  return (
    <FormDialog open={open} onOpenChange={onOpenChange} className="max-w-lg">
      <FieldForm
        key={field?._id ?? `new-${entity}`}
        entity={entity}
        field={field}
        onDone={() => onOpenChange(false)}
      />
    </FormDialog>
  );
}
