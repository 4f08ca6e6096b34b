import { useId, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import {
  FIELD_TYPE,
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
import { TextListField, textListRow } from '@/components/ui/text-list-field';
import { applyFieldErrors, errorMessage } from '@/lib/errors';
import { saveForm } from '@/lib/mutation-feedback';
import { keyFromLabel } from '../field-key';
import {
  FIELD_FORM_FIELDS,
  fieldFormDefaults,
  fieldFormResolver,
  hasOptions,
  type FieldFormValues,
} from '../field-form';
import { useSaveField } from '../fields.queries';
import { countMissing } from '../fields.api';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { toast } from '@/lib/toast';
import { FIELD_TEXT } from '../fields-text';

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
  const form = useForm<FieldFormValues, unknown, FieldBody>({
    resolver: fieldFormResolver(entity, field?.position),
    defaultValues: fieldFormDefaults(field),
  });
  const { errors } = form.formState;
  const [type, options] = useWatch({ control: form.control, name: ['type', 'options'] });
  // The key follows the label until the user types one of their own.
  const [keyTouched, setKeyTouched] = useState(editing);
  const save = useSaveField();
  const revalidate = () => ({ shouldValidate: form.formState.isSubmitted });

  const persist = (body: FieldBody) =>
    saveForm(() => save.mutateAsync({ id: field?._id ?? null, body }), {
      onSaved: onDone,
      showFieldErrors: (error) => applyFieldErrors(error, form.setError, FIELD_FORM_FIELDS),
    });
  // Switching a customer field to required first says how many customers lack a value.
  const [warning, setWarning] = useState<{ body: FieldBody; count: number } | null>(null);
  const [counting, setCounting] = useState(false);
  const submit = form.handleSubmit(async (body) => {
    if (field && entity === 'customer' && body.required && !field.required) {
      setCounting(true);
      try {
        const { count } = await countMissing(field._id);
        if (count > 0) return setWarning({ body, count });
      } catch (error) {
        return toast.error(errorMessage(error));
      } finally {
        setCounting(false);
      }
    }
    await persist(body);
  });

  const labelId = `${uid}-label`;
  const keyId = `${uid}-key`;
  const typeId = `${uid}-type`;
  const optionsError = errors.options?.message ?? errors.options?.root?.message;
  const optionErrors = Object.fromEntries(
    options.map((_, index) => [index, errors.options?.[index]?.message]),
  );
  const removedOptions = field
    ? field.options.filter((option) => !options.some((row) => row.value.trim() === option))
    : [];
  return (
    <DialogForm
      title={editing ? FIELD_TEXT.editTitle : FIELD_TEXT.createTitle}
      description={FIELD_TEXT.dialogDescription}
      onSubmit={submit}
      onCancel={onDone}
      pending={save.isPending || counting}
    >
      <Dialog open={warning !== null} onOpenChange={(open) => !open && setWarning(null)}>
        <DialogContent className="max-w-md">
          <DialogHeader>
            <DialogTitle>{FIELD_TEXT.requiredWarningTitle}</DialogTitle>
            <DialogDescription>
              {warning && FIELD_TEXT.requiredWarning(warning.count, warning.body.label)}
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button variant="outline" onClick={() => setWarning(null)}>
              {FIELD_TEXT.cancel}
            </Button>
            <Button
              disabled={save.isPending}
              onClick={() => {
                const body = warning?.body;
                setWarning(null);
                if (body) void persist(body);
              }}
            >
              {FIELD_TEXT.requiredWarningConfirm}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
      <FormField id={labelId} label={FIELD_TEXT.label} required error={errors.label?.message}>
        <Input
          id={labelId}
          autoFocus
          maxLength={100}
          placeholder={FIELD_TEXT.labelPlaceholder}
          {...fieldAria(labelId, errors.label?.message)}
          {...form.register('label', {
            onChange: (event: { target: { value: string } }) => {
              if (!keyTouched) form.setValue('key', keyFromLabel(event.target.value), revalidate());
            },
          })}
        />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          id={keyId}
          label={FIELD_TEXT.key}
          required
          hint={FIELD_TEXT.keyHint}
          error={errors.key?.message}
        >
          <Input
            id={keyId}
            disabled={editing}
            maxLength={40}
            className="font-mono text-[13px]"
            {...fieldAria(keyId, errors.key?.message)}
            {...form.register('key', { onChange: () => setKeyTouched(true) })}
          />
        </FormField>
        <FormField
          id={typeId}
          label={FIELD_TEXT.type}
          required
          hint={editing ? FIELD_TEXT.typeLocked : undefined}
          error={errors.type?.message}
        >
          <NativeSelect
            id={typeId}
            disabled={editing}
            {...fieldAria(typeId, errors.type?.message)}
            {...form.register('type', {
              onChange: (event: { target: { value: string } }) => {
                if ((event.target.value as FieldType) === 'checkbox')
                  form.setValue('required', false);
                form.clearErrors();
              },
            })}
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
        <Controller
          control={form.control}
          name="options"
          render={({ field: rows }) => (
            <TextListField
              legend={FIELD_TEXT.options}
              required
              rows={rows.value}
              errors={optionErrors}
              inputLabel={FIELD_TEXT.optionInput}
              removeLabel={FIELD_TEXT.removeOption}
              addLabel={FIELD_TEXT.addOption}
              placeholder={FIELD_TEXT.optionPlaceholder}
              keepOne
              onChange={(row, _index, value) => {
                rows.onChange(
                  rows.value.map((item) => (item.key === row.key ? { ...item, value } : item)),
                );
                form.clearErrors('options');
              }}
              onRemove={(row) => {
                rows.onChange(rows.value.filter((item) => item.key !== row.key));
                form.clearErrors('options');
              }}
              onAdd={() => rows.onChange([...rows.value, textListRow('')])}
              footer={
                <>
                  <FieldError id={`${uid}-options-error`} message={optionsError} />
                  {removedOptions.length > 0 && (
                    <p className="text-xs text-amber-700">{FIELD_TEXT.optionsRemovedHint}</p>
                  )}
                </>
              }
            />
          )}
        />
      )}
      <div className="flex flex-col gap-3 rounded-md border border-slate-200 p-3">
        <Controller
          control={form.control}
          name="required"
          render={({ field: required }) => (
            <CheckRow
              id={`${uid}-required`}
              label={FIELD_TEXT.required}
              hint={
                type === 'checkbox' ? FIELD_TEXT.checkboxNeverRequired : FIELD_TEXT.requiredHint
              }
              checked={required.value}
              disabled={type === 'checkbox'}
              onChange={required.onChange}
            />
          )}
        />
        <Controller
          control={form.control}
          name="active"
          render={({ field: active }) => (
            <CheckRow
              id={`${uid}-active`}
              label={FIELD_TEXT.active}
              hint={FIELD_TEXT.activeHint}
              checked={active.value}
              onChange={active.onChange}
            />
          )}
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
