import { Controller, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import {
  MACRO_ASSIGNEE_ME,
  MACRO_LIMITS,
  macroBody,
  type Macro,
  type MacroActions,
  type MacroBody,
} from '@omnicare/shared/macros/macros.schemas';
import { TICKET_STATUS, type TicketStatus } from '@omnicare/shared/tickets/ticket-enums';
import { catalogueDialog } from '@/components/catalogue/catalogue-list-page';
import { useCatalogueForm } from '@/components/catalogue/use-catalogue-form';
import { DialogForm, FormField } from '@/components/ui/form-dialog';
import { Input, Textarea } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Switch } from '@/components/ui/switch';
import { useCan } from '@/lib/use-can';
import { TagPicker } from '@/features/customers/components/customer-pickers';
import {
  PlaceholderButtons,
  insertPlaceholder,
} from '@/features/templates/components/placeholder-buttons';
import {
  TemplatePreview,
  usePreviewCustomer,
} from '@/features/templates/components/template-preview';
import { useTicketSettingsList } from '@/features/tickets/tickets.queries';
import { DepartmentPicker, StaffPicker } from '@/features/users/components/staff-picker';
import { MACROS } from '../macros.api';
import { MACRO_TEXT } from '../macros-text';

export const MacroDialog = catalogueDialog(MacroForm, 'max-h-[94vh] max-w-4xl overflow-y-auto');

/** A field left as it is, or (priority, type) emptied. */
const KEEP = '';
const CLEAR = '__clear__';
type AssigneeMode = '' | 'me' | 'staff' | 'nobody';

/** The form as the dialog keeps it: plain strings, '' for 'Không đổi'. */
export interface MacroFormValues {
  name: string;
  body: string;
  shared: boolean;
  actions: {
    status: '' | TicketStatus;
    priority_id: string;
    type_id: string;
    group_id: string;
    assignee: AssigneeMode;
    assignee_id: string;
    add_tag_ids: string[];
    remove_tag_ids: string[];
  };
}

const FIELDS = ['name', 'body', 'shared', 'actions'] as const;

const choice = (value: string | null | undefined) =>
  value === undefined ? KEEP : value === null ? CLEAR : value;
const chosen = (value: string) => (value === KEEP ? undefined : value === CLEAR ? null : value);

export function macroFormDefaults(macro: Macro | null, shared: boolean): MacroFormValues {
  const actions = macro?.actions ?? {};
  const assignee = actions.assignee;
  return {
    name: macro?.name ?? '',
    body: macro?.body ?? '',
    shared: macro?.shared ?? shared,
    actions: {
      status: actions.status ?? '',
      priority_id: choice(actions.priority_id),
      type_id: choice(actions.type_id),
      group_id: actions.group_id ?? '',
      assignee:
        assignee === undefined
          ? ''
          : assignee === null
            ? 'nobody'
            : assignee === MACRO_ASSIGNEE_ME
              ? 'me'
              : 'staff',
      assignee_id: assignee && assignee !== MACRO_ASSIGNEE_ME ? assignee : '',
      add_tag_ids: actions.add_tag_ids ?? [],
      remove_tag_ids: actions.remove_tag_ids ?? [],
    },
  };
}

/** What the API receives: only the fields the macro changes. */
export function toMacroBody(values: MacroFormValues): MacroBody {
  const form = values.actions;
  const actions: MacroActions = {};
  if (form.status) actions.status = form.status;
  const priority = chosen(form.priority_id);
  if (priority !== undefined) actions.priority_id = priority;
  const type = chosen(form.type_id);
  if (type !== undefined) actions.type_id = type;
  if (form.group_id) actions.group_id = form.group_id;
  if (form.assignee === 'me') actions.assignee = MACRO_ASSIGNEE_ME;
  if (form.assignee === 'nobody') actions.assignee = null;
  // A staff member not chosen yet is sent as '' so the schema names the field.
  if (form.assignee === 'staff') actions.assignee = form.assignee_id;
  if (form.add_tag_ids.length) actions.add_tag_ids = form.add_tag_ids;
  if (form.remove_tag_ids.length) actions.remove_tag_ids = form.remove_tag_ids;
  return { name: values.name, body: values.body, shared: values.shared, actions };
}

function MacroForm({ record, onDone }: { record: Macro | null; onDone: () => void }) {
  const canShare = useCan('macro.share');
  const priorities = useTicketSettingsList('priorities');
  const types = useTicketSettingsList('types');
  const sample = usePreviewCustomer();
  const { form, save, onSubmit, field, aria, fieldId } = useCatalogueForm({
    catalogue: MACROS,
    // The schema judges what will be sent (toMacroBody), not the form's own shape.
    schema: macroBody as unknown as z.ZodType<unknown, MacroFormValues>,
    defaults: macroFormDefaults(record, canShare),
    id: record?._id ?? null,
    fields: FIELDS,
    onDone,
    toBody: toMacroBody,
  });
  const [body, assignee] = useWatch({
    control: form.control,
    name: ['body', 'actions.assignee'],
  });
  const select = (
    name: 'actions.priority_id' | 'actions.type_id',
    label: string,
    options: { _id: string; name: string }[] | undefined,
  ) => (
    <FormField label={label} {...field(name)}>
      <NativeSelect {...aria(name)} {...form.register(name)}>
        <option value={KEEP}>{MACRO_TEXT.keep}</option>
        <option value={CLEAR}>{MACRO_TEXT.clear}</option>
        {(options ?? []).map((option) => (
          <option key={option._id} value={option._id}>
            {option.name}
          </option>
        ))}
      </NativeSelect>
    </FormField>
  );
  return (
    <DialogForm
      title={record ? MACRO_TEXT.editTitle : MACRO_TEXT.createTitle}
      description={MACRO_TEXT.formDescription}
      onSubmit={onSubmit}
      onCancel={onDone}
      pending={save.isPending}
      footerClassName="sticky -bottom-6 z-10 -mx-6 -mb-6 rounded-b-xl border-t border-slate-100 bg-white px-6 py-3"
    >
      <div className="grid gap-5 md:grid-cols-[minmax(0,1fr)_18rem]">
        <div className="flex min-w-0 flex-col gap-4">
          <FormField label={MACRO_TEXT.name} required {...field('name')}>
            <Input
              autoFocus
              maxLength={MACRO_LIMITS.name}
              placeholder={MACRO_TEXT.namePlaceholder}
              {...aria('name')}
              {...form.register('name')}
            />
          </FormField>
          <FormField label={MACRO_TEXT.body} {...field('body')}>
            <PlaceholderButtons
              onInsert={(key) =>
                insertPlaceholder(fieldId('body'), form.getValues('body'), key, (text) =>
                  form.setValue('body', text, { shouldValidate: form.formState.isSubmitted }),
                )
              }
            />
            <Textarea
              rows={6}
              placeholder={MACRO_TEXT.bodyPlaceholder}
              {...aria('body')}
              {...form.register('body')}
            />
          </FormField>
          <fieldset className="flex flex-col gap-3 rounded-md border border-slate-200 p-3">
            <legend className="px-1 text-sm font-medium text-slate-700">
              {MACRO_TEXT.actions}
            </legend>
            <p className="-mt-1 text-xs text-slate-500">{MACRO_TEXT.actionsHint}</p>
            <div className="grid gap-3 sm:grid-cols-3">
              <FormField label={MACRO_TEXT.status} {...field('actions.status')}>
                <NativeSelect {...aria('actions.status')} {...form.register('actions.status')}>
                  <option value={KEEP}>{MACRO_TEXT.keep}</option>
                  {TICKET_STATUS.options().map((option) => (
                    <option key={option.value} value={option.value}>
                      {option.label}
                    </option>
                  ))}
                </NativeSelect>
              </FormField>
              {select('actions.priority_id', MACRO_TEXT.priority, priorities.data)}
              {select('actions.type_id', MACRO_TEXT.type, types.data)}
            </div>
            <div className="grid gap-3 sm:grid-cols-2">
              <FormField label={MACRO_TEXT.department} {...field('actions.group_id')}>
                <Controller
                  control={form.control}
                  name="actions.group_id"
                  render={({ field: control }) => (
                    <DepartmentPicker
                      id={fieldId('actions.group_id')}
                      value={control.value || null}
                      onChange={(next) => control.onChange(next ?? '')}
                      emptyLabel={MACRO_TEXT.keep}
                    />
                  )}
                />
              </FormField>
              <FormField label={MACRO_TEXT.assignee} {...field('actions.assignee')}>
                <NativeSelect {...aria('actions.assignee')} {...form.register('actions.assignee')}>
                  <option value="">{MACRO_TEXT.keep}</option>
                  <option value="me">{MACRO_TEXT.assigneeMe}</option>
                  <option value="staff">{MACRO_TEXT.assigneeStaff}</option>
                  <option value="nobody">{MACRO_TEXT.assigneeNobody}</option>
                </NativeSelect>
                {assignee === 'staff' && (
                  <Controller
                    control={form.control}
                    name="actions.assignee_id"
                    render={({ field: control }) => (
                      <StaffPicker
                        aria-label={MACRO_TEXT.staff}
                        value={control.value || null}
                        onChange={(next) => control.onChange(next ?? '')}
                        placeholder={MACRO_TEXT.staffPlaceholder}
                      />
                    )}
                  />
                )}
              </FormField>
            </div>
            <div className="grid gap-3 sm:grid-cols-2">
              {(['add_tag_ids', 'remove_tag_ids'] as const).map((name) => (
                <FormField
                  key={name}
                  label={name === 'add_tag_ids' ? MACRO_TEXT.addTags : MACRO_TEXT.removeTags}
                  {...field(`actions.${name}`)}
                >
                  <Controller
                    control={form.control}
                    name={`actions.${name}`}
                    render={({ field: control }) => (
                      <TagPicker
                        id={fieldId(`actions.${name}`)}
                        multiple
                        value={control.value}
                        onChange={(next) => control.onChange(next)}
                        placeholder={MACRO_TEXT.tagsPlaceholder}
                        maxChips={4}
                      />
                    )}
                  />
                </FormField>
              ))}
            </div>
          </fieldset>
          {canShare && (
            <div className="flex items-start gap-2">
              <Controller
                control={form.control}
                name="shared"
                render={({ field: control }) => (
                  <Switch
                    id={fieldId('shared')}
                    checked={control.value}
                    onCheckedChange={(checked) => control.onChange(checked)}
                  />
                )}
              />
              <div>
                <Label htmlFor={fieldId('shared')}>{MACRO_TEXT.shared}</Label>
                <p className="text-xs text-slate-500">{MACRO_TEXT.sharedHint}</p>
              </div>
            </div>
          )}
        </div>
        <div className="min-w-0 md:sticky md:top-0 md:self-start">
          <TemplatePreview kind="reply" content={body} sample={sample} />
        </div>
      </div>
    </DialogForm>
  );
}
