import { useId } from 'react';
import {
  useForm,
  type DefaultValues,
  type FieldValues,
  type Path,
  type Resolver,
} from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { fieldErrorLink } from '@/components/ui/form-dialog';
import { isApiError } from '@/lib/errors';
import { saveForm } from '@/lib/mutation-feedback';
import type { Catalogue, CatalogueRow } from './catalogue-api';
import { useSaveCatalogue } from './use-catalogue';

/**
 * A catalogue record's form: the shared schema checks it in the browser, the server's 422s
 * land on their fields (`fields`: every path the server may name), a success toasts and closes.
 */
export function useCatalogueForm<Row extends CatalogueRow, Body, V extends FieldValues>({
  catalogue,
  schema,
  defaults,
  id,
  fields,
  onDone,
  toBody = (values) => values as unknown as Body,
}: {
  catalogue: Catalogue<Row, Body>;
  schema: z.ZodType<unknown, V>;
  defaults: DefaultValues<V>;
  id: string | null;
  fields: readonly string[];
  /** After a save (with the saved record) or a cancel. */
  onDone: (saved?: Row) => void;
  toBody?: (values: V) => Body;
}) {
  const uid = useId();
  const check = zodResolver(schema as never, undefined, { raw: true }) as unknown as Resolver<V>;
  const form = useForm<V, unknown, V>({
    // The schema judges what will be sent (an empty choice sent as null); raw: the server trims.
    // The submit handler gets the form's own values back (it makes the body itself).
    resolver: async (values, context, options) => {
      const result = await check(toBody(values) as unknown as V, context, options);
      return Object.keys(result.errors).length > 0 ? result : { values, errors: {} };
    },
    defaultValues: defaults,
  });
  const save = useSaveCatalogue(catalogue);
  const onSubmit = form.handleSubmit((values) =>
    saveForm(() => save.mutateAsync({ id, body: toBody(values) }), {
      onSaved: (result) => onDone(result.data),
      showFieldErrors: (error) => {
        // A field, or a place inside one ('periods.2.end' of 'periods'), the form shows.
        const shown = isApiError(error)
          ? error.fieldErrors.filter(({ param }) =>
              fields.some((name) => param === name || param.startsWith(`${name}.`)),
            )
          : [];
        for (const { param, message } of shown)
          form.setError(param as Path<V>, { type: 'server', message });
        return shown.length > 0;
      },
    }),
  );
  const fieldId = (name: string) => `${uid}-${name.replaceAll('.', '-')}`;
  const errorOf = (name: string): string | undefined => {
    let node: unknown = form.formState.errors;
    for (const part of name.split('.'))
      node = node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined;
    const message = (node as { message?: unknown } | undefined)?.message;
    return typeof message === 'string' ? message : undefined;
  };
  /** FormField props of a field: its id and error. */
  const field = (name: string) => ({ id: fieldId(name), error: errorOf(name) });
  /** aria props of an input. */
  const aria = (name: string) => {
    const link = fieldErrorLink(fieldId(name), errorOf(name));
    return {
      id: fieldId(name),
      'aria-invalid': link.invalid,
      'aria-describedby': link.describedBy,
    };
  };
  return { form, save, onSubmit, field, aria, errorOf, fieldId };
}
