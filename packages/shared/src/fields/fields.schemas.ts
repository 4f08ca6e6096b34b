import { z } from 'zod';
import { gather } from '../domains.js';
import { isCalendarDay, requiredText } from '../platform/validation.js';
import { labelled } from '../platform/labelled.js';

/** The records carrying custom fields, each declared by its domain with its tab's label and hint. */
export const FIELD_ENTITY = gather('customFields');
export type FieldEntity = keyof typeof FIELD_ENTITY;
export const FIELD_ENTITIES = Object.keys(FIELD_ENTITY) as [FieldEntity, ...FieldEntity[]];

export const FIELD_TYPE = labelled({
  text: 'Văn bản',
  number: 'Số',
  date: 'Ngày',
  select: 'Chọn một',
  multiselect: 'Chọn nhiều',
  checkbox: 'Hộp kiểm',
});
export type FieldType = (typeof FIELD_TYPE.values)[number];

const optionList = z
  .array(z.string().trim().min(1, 'Lựa chọn không được bỏ trống').max(100))
  .max(100);

const hasDuplicateOptions = (options: string[]) =>
  new Set(options.map((o) => o.toLowerCase())).size !== options.length;
const DUPLICATE_OPTIONS = 'Các lựa chọn không được trùng nhau';

const fieldFields = {
  entity: z.enum(FIELD_ENTITIES, { error: 'Đối tượng không hợp lệ' }),
  key: z
    .string({ error: 'Mã trường không được bỏ trống' })
    .trim()
    .min(1, 'Mã trường không được bỏ trống')
    // Empty passes here: the line above says so, once.
    .regex(
      /^(?:[a-z][a-z0-9_]{0,39})?$/,
      'Mã trường gồm chữ thường, số, dấu gạch dưới và bắt đầu bằng chữ',
    ),
  label: requiredText('Tên trường', 100),
  type: z.enum(FIELD_TYPE.values as [FieldType, ...FieldType[]], {
    error: 'Kiểu trường không hợp lệ',
  }),
  required: z.boolean().default(false),
  options: optionList.default([]),
  /** Left out, a new field goes last and an edited one keeps its place. */
  position: z.number().int().min(0).max(1000).optional(),
  active: z.boolean().default(true),
};

const optionsRule = (value: { type: FieldType; options: string[] }, ctx: z.RefinementCtx) => {
  const needsOptions = value.type === 'select' || value.type === 'multiselect';
  if (needsOptions && value.options.length === 0) {
    ctx.addIssue({
      code: 'custom',
      path: ['options'],
      message: 'Vui lòng nhập ít nhất một lựa chọn',
    });
  }
  if (hasDuplicateOptions(value.options)) {
    ctx.addIssue({ code: 'custom', path: ['options'], message: DUPLICATE_OPTIONS });
  }
};

/** A required checkbox could only ever be saved ticked: a checkbox is never required. */
export const CHECKBOX_NOT_REQUIRED = 'Hộp kiểm không thể là trường bắt buộc';
const checkboxRule = (value: { type: FieldType; required: boolean }, ctx: z.RefinementCtx) => {
  if (value.type === 'checkbox' && value.required)
    ctx.addIssue({ code: 'custom', path: ['required'], message: CHECKBOX_NOT_REQUIRED });
};

export const fieldBody = z.object(fieldFields).superRefine(optionsRule).superRefine(checkboxRule);
export type FieldBody = z.infer<typeof fieldBody>;
/** PATCH: any subset except entity and key, which never change. */
export const fieldPatchBody = z
  .object({
    label: fieldFields.label.optional(),
    required: z.boolean().optional(),
    // No default here: a PATCH without options keeps the field's own.
    options: optionList.optional(),
    position: fieldFields.position.optional(),
    active: z.boolean().optional(),
  })
  .refine((value) => Object.keys(value).length > 0, 'Không có thay đổi')
  .refine((value) => !value.options || !hasDuplicateOptions(value.options), {
    path: ['options'],
    message: DUPLICATE_OPTIONS,
  });

export const customFieldView = z.object({
  _id: z.string(),
  entity: z.enum(FIELD_ENTITIES),
  key: z.string(),
  label: z.string(),
  type: z.enum(FIELD_TYPE.values as [FieldType, ...FieldType[]]),
  required: z.boolean(),
  options: z.array(z.string()),
  position: z.number().int(),
  active: z.boolean(),
});
export type CustomField = z.infer<typeof customFieldView>;

/** GET /v2/field/{id}/missing: how many records have no value for the field. */
export const fieldMissingView = z.object({ count: z.number().int().min(0) });
export type FieldMissing = z.infer<typeof fieldMissingView>;

/** PUT /v2/fields/order: the entity's fields, every one, in their new order. */
export const fieldOrderBody = z.object({
  entity: fieldFields.entity,
  ids: z.array(z.uuid('Mã trường không hợp lệ')).min(1).max(1000),
});

/**
 * The values a record keeps when it is saved: what was sent for active fields, and what it
 * had for switched-off ones (hidden from forms, so a save must not lose them). Keys of no
 * field at all are left for `validateCustomValues` to refuse.
 */
export function customValuesToStore(
  fields: CustomField[],
  sent: Record<string, unknown>,
  stored: Record<string, unknown> = {},
) {
  const inactive = new Set(fields.filter((f) => !f.active).map((f) => f.key));
  const values: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(sent)) if (!inactive.has(key)) values[key] = value;
  for (const [key, value] of Object.entries(stored)) if (inactive.has(key)) values[key] = value;
  return values;
}

export const requiredFieldMessage = (label: string) => `${label} không được bỏ trống`;

/** No value: missing, null, '' or an empty list. */
export const isEmptyCustomValue = (value: unknown) =>
  value === undefined ||
  value === null ||
  value === '' ||
  (Array.isArray(value) && value.length === 0);

/**
 * Checks values against the active fields; returns `{param: 'custom.<key>', message}` problems.
 * Values of switched-off fields are not checked (see `customValuesToStore`).
 *
 * Required fields: a new record (no `stored`) needs a value for each. An edited record
 * (`stored`: its values so far) is refused only for a required field the edit empties: sent
 * empty (the key with null, '' or []) or, having had a value, left out. A record that never had
 * a value (made before the field became required) saves an unrelated change as it is.
 */
export function validateCustomValues(
  fields: CustomField[],
  values: Record<string, unknown>,
  stored?: Record<string, unknown>,
) {
  const problems: { param: string; message: string }[] = [];
  const known = new Map(fields.filter((f) => f.active).map((f) => [f.key, f]));
  const switchedOff = new Set(fields.filter((f) => !f.active).map((f) => f.key));
  for (const key of Object.keys(values)) {
    if (!known.has(key) && !switchedOff.has(key))
      problems.push({ param: `custom.${key}`, message: 'Trường không tồn tại' });
  }
  for (const field of known.values()) {
    const param = `custom.${field.key}`;
    const value = values[field.key];
    if (isEmptyCustomValue(value)) {
      const emptied = !stored || field.key in values || !isEmptyCustomValue(stored[field.key]);
      if (field.required && emptied)
        problems.push({ param, message: requiredFieldMessage(field.label) });
      continue;
    }
    const bad = (() => {
      switch (field.type) {
        case 'text':
          return typeof value !== 'string' || value.length > 2000;
        case 'number':
          return typeof value !== 'number' || !Number.isFinite(value);
        case 'date':
          return !isCalendarDay(value);
        case 'select':
          return typeof value !== 'string' || !field.options.includes(value);
        case 'multiselect':
          return (
            !Array.isArray(value) ||
            value.some((item) => typeof item !== 'string' || !field.options.includes(item))
          );
        case 'checkbox':
          return typeof value !== 'boolean';
      }
    })();
    if (bad) problems.push({ param, message: `${field.label} không hợp lệ` });
  }
  return problems;
}
