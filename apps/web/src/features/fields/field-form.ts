import { z } from 'zod';
import type { Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  fieldBody,
  type CustomField,
  type FieldBody,
  type FieldEntity,
  type FieldType,
} from '@omnicare/shared/fields/fields.schemas';
import { textListRow, type TextListRow } from '@/components/ui/text-list-field';

export const hasOptions = (type: FieldType) => type === 'select' || type === 'multiselect';

/** The custom field form: the options as rows of inputs (blank ones included). */
export interface FieldFormValues {
  label: string;
  key: string;
  type: FieldType;
  options: TextListRow[];
  required: boolean;
  active: boolean;
}

/** Every field the server may name in a 422 answer. */
export const FIELD_FORM_FIELDS = [
  'label',
  'key',
  'type',
  'options',
] as const satisfies readonly (keyof FieldFormValues)[];

export function fieldFormDefaults(field: CustomField | null): FieldFormValues {
  return {
    label: field?.label ?? '',
    key: field?.key ?? '',
    type: field?.type ?? 'text',
    options: field && field.options.length > 0 ? field.options.map(textListRow) : [textListRow('')],
    required: field?.required ?? false,
    active: field?.active ?? true,
  };
}

/** What the form sends: options only for the types that have them; the position it keeps. */
export function toFieldBody(
  entity: FieldEntity,
  values: FieldFormValues,
  position: number | undefined,
): z.input<typeof fieldBody> {
  return {
    entity,
    ...values,
    options: hasOptions(values.type) ? values.options.map((row) => row.value) : [],
    ...(position === undefined ? {} : { position }),
  };
}

/**
 * The form checked by the shared schema, on what it would send; a valid form gives the parsed
 * body. An option's message goes to its row (`options.<index>`).
 */
export function fieldFormResolver(
  entity: FieldEntity,
  position: number | undefined,
): Resolver<FieldFormValues, unknown, FieldBody> {
  return zodResolver(
    z.preprocess((values: FieldFormValues) => toFieldBody(entity, values, position), fieldBody),
  );
}
