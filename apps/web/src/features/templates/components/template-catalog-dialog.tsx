import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import {
  TEMPLATE_CATALOG_NAME_MAX,
  TEMPLATE_DESCRIPTION_MAX,
  templateCatalogBody,
  type TemplateCatalog,
} from '@omnicare/shared/templates/templates.schemas';
import { catalogueDialog } from '@/components/catalogue/catalogue-list-page';
import { useSaveCatalogue } from '@/components/catalogue/use-catalogue';
import { DialogForm, FormField, fieldAria } from '@/components/ui/form-dialog';
import { Input, Textarea } from '@/components/ui/input';
import { fieldErrorMessages } from '@/lib/errors';
import { saveForm } from '@/lib/mutation-feedback';
import { TEMPLATE_CATALOGS } from '../templates.queries';
import { CATALOG_TEXT } from '../templates-text';

const CATALOG_FIELDS = ['name', 'description'] as const;
type CatalogField = (typeof CATALOG_FIELDS)[number];
type CatalogErrors = Partial<Record<CatalogField, string>>;

/** The shared schema's verdict on the two fields. */
export function validateCatalog(values: { name: string; description: string }): CatalogErrors {
  const parsed = templateCatalogBody.safeParse(values);
  if (parsed.success) return {};
  const errors: CatalogErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if ((field === 'name' || field === 'description') && !errors[field])
      errors[field] = issue.message;
  }
  return errors;
}

export const TemplateCatalogDialog = catalogueDialog(CatalogForm);

function CatalogForm({
  record: catalog,
  onDone,
}: {
  record: TemplateCatalog | null;
  onDone: () => void;
}) {
  const uid = useId();
  const [values, setValues] = useState({
    name: catalog?.name ?? '',
    description: catalog?.description ?? '',
  });
  const [errors, setErrors] = useState<CatalogErrors>({});
  const save = useSaveCatalogue(TEMPLATE_CATALOGS);

  const set = (field: CatalogField, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problems = validateCatalog(values);
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    await saveForm(() => save.mutateAsync({ id: catalog?._id ?? null, body: values }), {
      onSaved: onDone,
      showFieldErrors: (error) => {
        const messages = fieldErrorMessages(error, CATALOG_FIELDS);
        if (messages) setErrors(messages);
        return messages !== null;
      },
    });
  }

  const nameId = `${uid}-name`;
  const descriptionId = `${uid}-description`;
  return (
    <DialogForm
      title={catalog ? CATALOG_TEXT.editTitle : CATALOG_TEXT.createTitle}
      description="Nhóm các mẫu tin nhắn để tìm và lọc nhanh hơn."
      onSubmit={submit}
      onCancel={onDone}
      pending={save.isPending}
    >
      <FormField id={nameId} label={CATALOG_TEXT.name} required error={errors.name}>
        <Input
          id={nameId}
          value={values.name}
          autoFocus
          maxLength={TEMPLATE_CATALOG_NAME_MAX}
          placeholder={CATALOG_TEXT.namePlaceholder}
          {...fieldAria(nameId, errors.name)}
          onChange={(event) => set('name', event.target.value)}
        />
      </FormField>
      <FormField id={descriptionId} label={CATALOG_TEXT.description} error={errors.description}>
        <Textarea
          id={descriptionId}
          rows={3}
          value={values.description}
          maxLength={TEMPLATE_DESCRIPTION_MAX}
          placeholder={CATALOG_TEXT.descriptionPlaceholder}
          {...fieldAria(descriptionId, errors.description)}
          onChange={(event) => set('description', event.target.value)}
        />
      </FormField>
    </DialogForm>
  );
}
