import { useId, useState } from 'react';
import type { ComponentProps } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import {
  TEMPLATE_KIND,
  TEMPLATE_VISIBILITY,
  type TemplateKind,
  type TemplateVisibility,
} from '@omnicare/shared/templates/template-enums';
import {
  SMS_MAX_SEGMENTS,
  countSms,
  renderSample,
  type PlaceholderKey,
} from '@omnicare/shared/templates/placeholders';
import {
  TEMPLATE_CONTENT_MAX,
  TEMPLATE_NAME_MAX,
  TEMPLATE_SUBJECT_MAX,
  type MessageTemplate,
} from '@omnicare/shared/templates/templates.schemas';
import {
  DialogForm,
  FormDialog,
  FormField,
  fieldAria,
  fieldErrorLink,
} from '@/components/ui/form-dialog';
import { Input, Textarea } from '@/components/ui/input';
import { FieldError, Label } from '@/components/ui/label';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import { Switch } from '@/components/ui/switch';
import { cn } from '@/lib/cn';
import { applyFieldErrors } from '@/lib/errors';
import { saveForm } from '@/lib/mutation-feedback';
import {
  TEMPLATE_FIELDS,
  templateFormDefaults,
  templateFormResolver,
  toTemplateBody,
} from '../template-form';
import type { TemplateField, TemplateFormValues } from '../template-form';
import { DepartmentPicker, departmentOption } from '@/features/users/components/staff-picker';
import { useCatalogOptions, useSaveTemplate } from '../templates.queries';
import { TEMPLATE_TEXT } from '../templates-text';
import { PlaceholderButtons, insertPlaceholder } from './placeholder-buttons';
import { TemplatePreview, usePreviewCustomer } from './template-preview';

const NO_CATALOG = '__none__';

export interface TemplateFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The template being edited; null to create one of `kind`. */
  template: MessageTemplate | null;
  kind: TemplateKind;
  /** Administrators share templates; everyone else only keeps personal ones. */
  canShare: boolean;
}

export function TemplateFormDialog({
  open,
  onOpenChange,
  template,
  kind,
  canShare,
}: TemplateFormDialogProps) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      className="max-h-[94vh] max-w-4xl overflow-y-auto"
    >
      <TemplateForm
        key={template?._id ?? `new-${kind}`}
        template={template}
        kind={kind}
        canShare={canShare}
        onDone={() => onOpenChange(false)}
      />
    </FormDialog>
  );
}

/** A FormField that may shrink in the form's grid columns. */
const Field = ({ className, ...props }: ComponentProps<typeof FormField>) => (
  <FormField className={cn('min-w-0', className)} {...props} />
);

/** Characters (or SMS parts) used, red past the limit. */
function ContentCounter({ kind, content }: { kind: TemplateKind; content: string }) {
  if (kind === 'sms') {
    const count = countSms(renderSample(content));
    const over = count.segments > SMS_MAX_SEGMENTS;
    return (
      <p
        data-testid="content-counter"
        className={cn('text-xs tabular-nums', over ? 'text-red-600' : 'text-slate-500')}
      >
        {TEMPLATE_TEXT.smsEstimate}:{' '}
        {TEMPLATE_TEXT.smsCount(count.units, count.segments, count.encoding)} (
        {TEMPLATE_TEXT.smsLimit(SMS_MAX_SEGMENTS)})
      </p>
    );
  }
  const max = TEMPLATE_CONTENT_MAX[kind];
  return (
    <p
      data-testid="content-counter"
      className={cn(
        'text-xs tabular-nums',
        content.length > max ? 'text-red-600' : 'text-slate-500',
      )}
    >
      {TEMPLATE_TEXT.characters(content.length, max)}
    </p>
  );
}

function TemplateForm({
  template,
  kind,
  canShare,
  onDone,
}: {
  template: MessageTemplate | null;
  kind: TemplateKind;
  canShare: boolean;
  onDone: () => void;
}) {
  const uid = useId();
  const id = (name: string) => `${uid}-${name}`;
  const form = useForm<TemplateFormValues>({
    resolver: templateFormResolver,
    defaultValues: templateFormDefaults(template, kind, canShare ? 'everyone' : 'personal'),
  });
  // What the kind-specific fields, the counter and the preview follow.
  const [currentKind, visibility, content, subject, znsTemplateId] = useWatch({
    control: form.control,
    name: ['kind', 'visibility', 'content', 'subject', 'zns_template_id'],
  });
  const { errors } = form.formState;
  const save = useSaveTemplate();
  const catalogs = useCatalogOptions();
  const sample = usePreviewCustomer();
  // Placeholder buttons insert into the field that last had the focus (content by default).
  const [target, setTarget] = useState<'content' | 'subject'>('content');

  const errorOf = (name: TemplateField) => errors[name]?.message;
  const aria = (name: TemplateField) => fieldAria(id(name), errorOf(name));

  function insertVariable(key: PlaceholderKey) {
    const field = currentKind === 'email' ? target : 'content';
    insertPlaceholder(id(field), form.getValues(field), key, (text) =>
      form.setValue(field, text, { shouldValidate: form.formState.isSubmitted }),
    );
  }

  const submit = form.handleSubmit((checked) =>
    saveForm(() => save.mutateAsync({ id: template?._id ?? null, body: toTemplateBody(checked) }), {
      onSaved: onDone,
      showFieldErrors: (error) => applyFieldErrors(error, form.setError, TEMPLATE_FIELDS),
    }),
  );

  const visibilities: TemplateVisibility[] = canShare
    ? [...TEMPLATE_VISIBILITY.values]
    : ['personal'];

  return (
    <DialogForm
      title={template ? TEMPLATE_TEXT.editTitle : TEMPLATE_TEXT.createTitle}
      description={<>Dùng biến như {'{{customer.name}}'} để điền thông tin khách hàng khi gửi.</>}
      onSubmit={submit}
      onCancel={onDone}
      pending={save.isPending}
      // Stays in view while the form scrolls.
      footerClassName="sticky -bottom-6 z-10 -mx-6 -mb-6 rounded-b-xl border-t border-slate-100 bg-white px-6 py-3"
    >
      <div className="grid gap-5 md:grid-cols-[minmax(0,1fr)_18rem]">
        <div className="flex min-w-0 flex-col gap-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <Field id={id('kind')} label={TEMPLATE_TEXT.kind} required error={errorOf('kind')}>
              <Controller
                control={form.control}
                name="kind"
                render={({ field }) => (
                  <Select
                    value={field.value}
                    onValueChange={(value) => field.onChange(value as TemplateKind)}
                  >
                    <SelectTrigger id={id('kind')} {...aria('kind')}>
                      <SelectValue />
                    </SelectTrigger>
                    <SelectContent>
                      {TEMPLATE_KIND.options().map((option) => (
                        <SelectItem key={option.value} value={option.value}>
                          {option.label}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                )}
              />
            </Field>
            <Field id={id('name')} label={TEMPLATE_TEXT.name} required error={errorOf('name')}>
              <Input
                id={id('name')}
                maxLength={TEMPLATE_NAME_MAX}
                placeholder={TEMPLATE_TEXT.namePlaceholder}
                autoFocus
                {...form.register('name')}
                {...aria('name')}
              />
            </Field>
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field
              id={id('catalog_id')}
              label={TEMPLATE_TEXT.catalog}
              error={errorOf('catalog_id')}
            >
              <Controller
                control={form.control}
                name="catalog_id"
                render={({ field }) => (
                  <Select
                    value={field.value || NO_CATALOG}
                    onValueChange={(value) => field.onChange(value === NO_CATALOG ? '' : value)}
                  >
                    <SelectTrigger id={id('catalog_id')} {...aria('catalog_id')}>
                      <SelectValue />
                    </SelectTrigger>
                    <SelectContent>
                      <SelectItem value={NO_CATALOG}>{TEMPLATE_TEXT.noCatalog}</SelectItem>
                      {/* The current catalog even before the options load. */}
                      {template?.catalog_id &&
                        !catalogs.data?.some((catalog) => catalog._id === template.catalog_id) && (
                          <SelectItem value={template.catalog_id}>
                            {template.catalog_name ?? template.catalog_id}
                          </SelectItem>
                        )}
                      {(catalogs.data ?? []).map((catalog) => (
                        <SelectItem key={catalog._id} value={catalog._id}>
                          {catalog.name}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                )}
              />
            </Field>
            {currentKind === 'chat' && (
              <Field
                id={id('shortcut')}
                label={TEMPLATE_TEXT.shortcut}
                error={errorOf('shortcut')}
                hint={TEMPLATE_TEXT.shortcutHint}
              >
                <Input
                  id={id('shortcut')}
                  maxLength={31}
                  placeholder={TEMPLATE_TEXT.shortcutPlaceholder}
                  className="font-mono"
                  {...form.register('shortcut')}
                  {...aria('shortcut')}
                />
              </Field>
            )}
            {currentKind === 'zns' && (
              <Field
                id={id('zns_template_id')}
                label={TEMPLATE_TEXT.znsId}
                required
                error={errorOf('zns_template_id')}
              >
                <Input
                  id={id('zns_template_id')}
                  inputMode="numeric"
                  maxLength={20}
                  placeholder={TEMPLATE_TEXT.znsIdPlaceholder}
                  {...form.register('zns_template_id')}
                  {...aria('zns_template_id')}
                />
              </Field>
            )}
            {currentKind === 'whatsapp' && (
              <>
                <Field
                  id={id('wa_template_name')}
                  label={TEMPLATE_TEXT.waName}
                  hint={TEMPLATE_TEXT.waNameHint}
                  error={errorOf('wa_template_name')}
                >
                  <Input
                    id={id('wa_template_name')}
                    maxLength={512}
                    className="font-mono"
                    placeholder={TEMPLATE_TEXT.waNamePlaceholder}
                    {...form.register('wa_template_name')}
                    {...aria('wa_template_name')}
                  />
                </Field>
                <Field
                  id={id('wa_language')}
                  label={TEMPLATE_TEXT.waLanguage}
                  error={errorOf('wa_language')}
                >
                  <Input
                    id={id('wa_language')}
                    maxLength={6}
                    className="font-mono"
                    {...form.register('wa_language')}
                    {...aria('wa_language')}
                  />
                </Field>
              </>
            )}
          </div>
          {currentKind === 'email' && (
            <Field
              id={id('subject')}
              label={TEMPLATE_TEXT.subject}
              required
              error={errorOf('subject')}
            >
              <Input
                id={id('subject')}
                maxLength={TEMPLATE_SUBJECT_MAX}
                placeholder={TEMPLATE_TEXT.subjectPlaceholder}
                onFocus={() => setTarget('subject')}
                {...form.register('subject')}
                {...aria('subject')}
              />
            </Field>
          )}
          <div className="flex min-w-0 flex-col gap-1.5">
            <Label htmlFor={id('content')}>
              {TEMPLATE_TEXT.content}
              <span className="ml-0.5 text-red-600">*</span>
            </Label>
            <PlaceholderButtons onInsert={insertVariable} />
            <Textarea
              id={id('content')}
              rows={currentKind === 'email' ? 9 : 6}
              placeholder={TEMPLATE_TEXT.contentPlaceholder}
              onFocus={() => setTarget('content')}
              {...form.register('content')}
              {...aria('content')}
            />
            <div className="flex flex-wrap items-start justify-between gap-2">
              <FieldError id={`${id('content')}-error`} message={errorOf('content')} />
              <div className="ml-auto">
                <ContentCounter kind={currentKind} content={content} />
              </div>
            </div>
          </div>
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-1.5 text-sm font-medium text-slate-700">
              {TEMPLATE_TEXT.visibility}
            </legend>
            <Controller
              control={form.control}
              name="visibility"
              render={({ field }) => (
                <div className="grid gap-2 sm:grid-cols-3">
                  {visibilities.map((visibility) => (
                    <label
                      key={visibility}
                      className={cn(
                        'flex cursor-pointer flex-col gap-0.5 rounded-md border px-3 py-2 text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-teal-600/40',
                        field.value === visibility
                          ? 'border-teal-600 bg-teal-50/60'
                          : 'border-slate-200 hover:border-slate-300',
                      )}
                    >
                      <span className="flex items-center gap-2 font-medium text-slate-800">
                        <input
                          type="radio"
                          name={id('visibility')}
                          value={visibility}
                          checked={field.value === visibility}
                          onChange={() => field.onChange(visibility)}
                          className="accent-teal-700"
                        />
                        {TEMPLATE_VISIBILITY.label(visibility)}
                      </span>
                      <span className="text-xs text-slate-500">
                        {TEMPLATE_TEXT.visibilityHint[visibility]}
                      </span>
                    </label>
                  ))}
                </div>
              )}
            />
            <FieldError id={`${id('visibility')}-error`} message={errorOf('visibility')} />
          </fieldset>
          {visibility === 'departments' && (
            <Field
              id={id('department_ids')}
              label={TEMPLATE_TEXT.departments}
              required
              error={errorOf('department_ids')}
            >
              <Controller
                control={form.control}
                name="department_ids"
                render={({ field }) => (
                  <DepartmentPicker
                    id={id('department_ids')}
                    multiple
                    value={field.value}
                    onChange={(next) => field.onChange(next)}
                    knownOptions={(template?.departments ?? []).map(departmentOption)}
                    placeholder={TEMPLATE_TEXT.departmentsPlaceholder}
                    maxChips={4}
                    {...fieldErrorLink(id('department_ids'), errorOf('department_ids'))}
                  />
                )}
              />
            </Field>
          )}
          <div className="flex items-center gap-2">
            <Controller
              control={form.control}
              name="active"
              render={({ field }) => (
                <Switch
                  id={id('active')}
                  checked={field.value}
                  onCheckedChange={(checked) => field.onChange(checked)}
                />
              )}
            />
            <Label htmlFor={id('active')}>{TEMPLATE_TEXT.active}</Label>
          </div>
        </div>
        <div className="min-w-0 md:sticky md:top-0 md:self-start">
          <TemplatePreview
            kind={currentKind}
            content={content}
            subject={subject}
            znsTemplateId={znsTemplateId}
            sample={sample}
          />
        </div>
      </div>
    </DialogForm>
  );
}
