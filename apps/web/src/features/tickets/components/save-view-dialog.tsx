import { Controller } from 'react-hook-form';
import {
  smartViewBody,
  type SmartView,
  type SmartViewBody,
} from '@omnicare/shared/ticket-config/ticket-config.schemas';
import { Checkbox } from '@/components/ui/checkbox';
import { DialogForm, FormDialog, FormField } from '@/components/ui/form-dialog';
import { Input } from '@/components/ui/input';
import { useCan } from '@/lib/use-can';
import { useCatalogueForm } from '@/components/catalogue/use-catalogue-form';
import { TICKET_SETTINGS } from '@/features/ticket-settings/ticket-settings.api';
import { TICKET_TEXT } from '../tickets-text';

const SAVE_VIEW_TEXT = {
  title: TICKET_TEXT.saveAsView,
  description: 'View mới giữ bộ lọc, từ khóa tìm kiếm, cách sắp xếp và các cột đang hiển thị.',
  name: 'Tên view',
  shared: 'Dùng chung',
  sharedHint: 'Mọi người trong tenant đều thấy view này',
} as const;

/** What the list holds now, as a view keeps it (its name and sharing come from the dialog). */
export type ListAsView = Pick<SmartViewBody, 'filters' | 'columns' | 'sort'>;

/**
 * 'Lưu thành view': the list's current filters, sort and columns as a new personal view;
 * administrators and team leaders may tick 'Dùng chung'. A taken name is shown on its field.
 */
export function SaveViewDialog({
  open,
  onOpenChange,
  current,
  onSaved,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  current: ListAsView;
  onSaved: (view: SmartView) => void;
}) {
  return (
    <FormDialog open={open} onOpenChange={onOpenChange} className="max-w-md">
      {open && (
        <SaveViewForm
          current={current}
          onDone={(view) => {
            onOpenChange(false);
            if (view) onSaved(view);
          }}
        />
      )}
    </FormDialog>
  );
}

function SaveViewForm({
  current,
  onDone,
}: {
  current: ListAsView;
  onDone: (view?: SmartView) => void;
}) {
  const canShare = useCan('smart_view.share');
  const { form, save, onSubmit, field, aria } = useCatalogueForm({
    catalogue: TICKET_SETTINGS.views,
    schema: smartViewBody,
    defaults: { name: '', shared: false, ...current } satisfies SmartViewBody,
    id: null,
    fields: ['name', 'shared'],
    onDone,
    toBody: (values) => ({
      name: values.name,
      shared: canShare ? (values.shared ?? false) : false,
      ...current,
    }),
  });
  return (
    <DialogForm
      title={SAVE_VIEW_TEXT.title}
      description={SAVE_VIEW_TEXT.description}
      onSubmit={onSubmit}
      onCancel={() => onDone()}
      pending={save.isPending}
    >
      <FormField label={SAVE_VIEW_TEXT.name} required {...field('name')}>
        <Input autoFocus {...aria('name')} {...form.register('name')} />
      </FormField>
      {canShare && (
        <Controller
          control={form.control}
          name="shared"
          render={({ field: control }) => (
            <label className="flex items-start gap-2 text-sm text-slate-700">
              <Checkbox
                className="mt-0.5"
                checked={control.value ?? false}
                onCheckedChange={(checked) => control.onChange(checked === true)}
              />
              <span className="flex flex-col">
                {SAVE_VIEW_TEXT.shared}
                <span className="text-xs text-slate-500">{SAVE_VIEW_TEXT.sharedHint}</span>
              </span>
            </label>
          )}
        />
      )}
    </DialogForm>
  );
}
