import type { TicketTemplate } from '@omnicare/shared/ticket-config/ticket-config.schemas';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';

export const TEMPLATE_PICKER_TEXT = {
  label: 'Mẫu ticket',
  choose: 'Chọn mẫu để điền sẵn…',
  applied: (name: string) => `Đã điền theo mẫu "${name}"; các trường vẫn sửa được.`,
} as const;

/**
 * The ticket templates of the new-ticket form. Picking one fills the form (`onApply`); the one
 * applied stays shown (`value`), so the agent sees what filled it.
 */
export function TicketTemplatePicker({
  templates,
  value,
  onApply,
}: {
  templates: readonly TicketTemplate[];
  value: string | null;
  onApply: (template: TicketTemplate) => void;
}) {
  const applied = templates.find((template) => template._id === value);
  return (
    <div className="flex flex-col gap-1">
      <Label htmlFor="ticket-template">{TEMPLATE_PICKER_TEXT.label}</Label>
      <NativeSelect
        id="ticket-template"
        value={applied?._id ?? ''}
        aria-describedby={applied ? 'ticket-template-applied' : undefined}
        onChange={(event) => {
          const template = templates.find((item) => item._id === event.target.value);
          if (template) onApply(template);
        }}
      >
        <option value="" disabled={Boolean(applied)}>
          {TEMPLATE_PICKER_TEXT.choose}
        </option>
        {templates.map((template) => (
          <option key={template._id} value={template._id}>
            {template.name}
          </option>
        ))}
      </NativeSelect>
      {applied && (
        <p id="ticket-template-applied" className="text-xs text-slate-500">
          {TEMPLATE_PICKER_TEXT.applied(applied.name)}
        </p>
      )}
    </div>
  );
}
