import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { Loader2 } from 'lucide-react';
import {
  TEMPLATE_CATALOG_NAME_MAX,
  TEMPLATE_DESCRIPTION_MAX,
  templateCatalogBody,
  type TemplateCatalog,
} from '@omnicare/shared/templates/templates.schemas';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input, Textarea } from '@/components/ui/input';
import { FieldError, Label } from '@/components/ui/label';
import { errorMessage, isApiError } from '@/lib/errors';
import { toast } from '@/lib/toast';
import { useSaveCatalog } from '../templates.queries';
import { CATALOG_TEXT, TEMPLATE_TEXT } from '../templates-text';

type CatalogField = 'name' | 'description';
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

export function TemplateCatalogDialog({
  open,
  onOpenChange,
  catalog,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  catalog: TemplateCatalog | null;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-md">
        {open && (
          <CatalogForm
            key={catalog?._id ?? 'new'}
            catalog={catalog}
            onDone={() => onOpenChange(false)}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}

function CatalogForm({ catalog, onDone }: { catalog: TemplateCatalog | null; onDone: () => void }) {
  const uid = useId();
  const [values, setValues] = useState({
    name: catalog?.name ?? '',
    description: catalog?.description ?? '',
  });
  const [errors, setErrors] = useState<CatalogErrors>({});
  const save = useSaveCatalog();

  const set = (field: CatalogField, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problems = validateCatalog(values);
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    try {
      const result = await save.mutateAsync({ id: catalog?._id ?? null, body: values });
      toast.success(result.message);
      onDone();
    } catch (failure) {
      const fieldErrors = isApiError(failure)
        ? failure.fieldErrors.filter(
            (entry) => entry.param === 'name' || entry.param === 'description',
          )
        : [];
      if (fieldErrors.length > 0)
        setErrors(Object.fromEntries(fieldErrors.map((entry) => [entry.param, entry.message])));
      else toast.error(errorMessage(failure));
    }
  }

  const nameId = `${uid}-name`;
  const descriptionId = `${uid}-description`;
  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="flex flex-col gap-4">
      <DialogHeader>
        <DialogTitle>{catalog ? CATALOG_TEXT.editTitle : CATALOG_TEXT.createTitle}</DialogTitle>
        <DialogDescription>Nhóm các mẫu tin nhắn để tìm và lọc nhanh hơn.</DialogDescription>
      </DialogHeader>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={nameId}>
          {CATALOG_TEXT.name}
          <span className="ml-0.5 text-red-600">*</span>
        </Label>
        <Input
          id={nameId}
          value={values.name}
          autoFocus
          maxLength={TEMPLATE_CATALOG_NAME_MAX}
          placeholder={CATALOG_TEXT.namePlaceholder}
          aria-invalid={errors.name ? true : undefined}
          aria-describedby={errors.name ? `${nameId}-error` : undefined}
          onChange={(event) => set('name', event.target.value)}
        />
        <FieldError id={`${nameId}-error`} message={errors.name} />
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={descriptionId}>{CATALOG_TEXT.description}</Label>
        <Textarea
          id={descriptionId}
          rows={3}
          value={values.description}
          maxLength={TEMPLATE_DESCRIPTION_MAX}
          placeholder={CATALOG_TEXT.descriptionPlaceholder}
          aria-invalid={errors.description ? true : undefined}
          aria-describedby={errors.description ? `${descriptionId}-error` : undefined}
          onChange={(event) => set('description', event.target.value)}
        />
        <FieldError id={`${descriptionId}-error`} message={errors.description} />
      </div>
      <DialogFooter>
        <Button variant="outline" onClick={onDone} disabled={save.isPending}>
          {TEMPLATE_TEXT.cancel}
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending && <Loader2 className="animate-spin" aria-hidden="true" />}
          {TEMPLATE_TEXT.save}
        </Button>
      </DialogFooter>
    </form>
  );
}
