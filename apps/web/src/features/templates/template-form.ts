import { z } from 'zod';
import type { Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { TemplateKind, TemplateVisibility } from '@omnicare/shared/templates/template-enums';
import {
  templateBody,
  WHATSAPP_TEMPLATE_LANGUAGE,
  type MessageTemplate,
  type TemplateBodyInput,
} from '@omnicare/shared/templates/templates.schemas';

/** The template form as the dialog keeps it: plain strings, '' for nothing chosen. */
export interface TemplateFormValues {
  kind: TemplateKind;
  name: string;
  catalog_id: string;
  content: string;
  subject: string;
  shortcut: string;
  zns_template_id: string;
  wa_template_name: string;
  wa_language: string;
  visibility: TemplateVisibility;
  department_ids: string[];
  active: boolean;
}

export const TEMPLATE_FIELDS = [
  'kind',
  'name',
  'catalog_id',
  'content',
  'subject',
  'shortcut',
  'zns_template_id',
  'wa_template_name',
  'wa_language',
  'visibility',
  'department_ids',
  'active',
] as const satisfies readonly (keyof TemplateFormValues)[];
export type TemplateField = (typeof TEMPLATE_FIELDS)[number];

export function templateFormDefaults(
  template: MessageTemplate | null,
  kind: TemplateKind,
  visibility: TemplateVisibility,
): TemplateFormValues {
  return {
    kind: template?.kind ?? kind,
    name: template?.name ?? '',
    catalog_id: template?.catalog_id ?? '',
    content: template?.content ?? '',
    subject: template?.subject ?? '',
    shortcut: template?.shortcut ?? '',
    zns_template_id: template?.zns_template_id ?? '',
    wa_template_name: template?.wa_template_name ?? '',
    wa_language: template?.wa_language ?? WHATSAPP_TEMPLATE_LANGUAGE,
    visibility: template?.visibility ?? visibility,
    department_ids: template?.departments.map((department) => department._id) ?? [],
    active: template?.active ?? true,
  };
}

/** What the API receives: fields of other kinds and visibilities are sent empty. */
export function toTemplateBody(values: TemplateFormValues): TemplateBodyInput {
  return {
    kind: values.kind,
    name: values.name,
    catalog_id: values.catalog_id || null,
    content: values.content,
    subject: values.kind === 'email' ? values.subject : null,
    shortcut: values.kind === 'chat' ? values.shortcut : null,
    zns_template_id: values.kind === 'zns' ? values.zns_template_id : null,
    wa_template_name: values.kind === 'whatsapp' ? values.wa_template_name : null,
    wa_language: values.kind === 'whatsapp' ? values.wa_language : null,
    visibility: values.visibility,
    department_ids: values.visibility === 'departments' ? values.department_ids : [],
    active: values.active,
  };
}

/**
 * The form checked as the server checks it: what it would send, by the shared schema. The
 * form's values stay as they are (the server parses the body itself).
 */
export const templateFormResolver: Resolver<TemplateFormValues> = zodResolver(
  z.preprocess((values: TemplateFormValues) => toTemplateBody(values), templateBody),
  undefined,
  { raw: true },
);

/**
 * Inserts `token` into `text` in place of the selection [start, end) and returns the new text
 * with the caret just after the token.
 */
export function insertAt(
  text: string,
  token: string,
  start: number | null | undefined,
  end: number | null | undefined,
): { text: string; caret: number } {
  const from = Math.min(Math.max(start ?? text.length, 0), text.length);
  const to = Math.min(Math.max(end ?? from, from), text.length);
  return { text: text.slice(0, from) + token + text.slice(to), caret: from + token.length };
}
