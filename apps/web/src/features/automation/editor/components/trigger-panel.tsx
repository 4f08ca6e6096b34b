import type { WorkflowTrigger } from '@omnicare/shared/automation/workflow-blocks';
import { WORKFLOW_TRIGGER } from '@omnicare/shared/automation/workflow-enums';
import { EDITOR_TEXT } from '../editor-text';
import { BLOCK_META } from '../block-meta';
import { ConditionsEditor } from './conditions-editor';
import { PanelSection, SelectField, TextInputField } from './panel-fields';

/** The start block's panel: the event that starts a run, its title and its conditions. */
export function TriggerPanel({
  trigger,
  problems = {},
  onChange,
}: {
  trigger: WorkflowTrigger;
  /** Messages by path under `trigger.` */
  problems?: Record<string, string>;
  onChange: (trigger: WorkflowTrigger) => void;
}) {
  const Icon = BLOCK_META.start.icon;
  const conditionErrors = Object.fromEntries(
    Object.entries(problems)
      .filter(([path]) => path.startsWith('conditions.'))
      .map(([path, message]) => [path.slice('conditions.'.length), message]),
  );
  return (
    <div data-testid="trigger-panel">
      <div className="flex items-center gap-3 border-b border-slate-200 px-4 py-3">
        <span
          className={`flex size-8 items-center justify-center rounded-lg ${BLOCK_META.start.tone}`}
        >
          <Icon className="size-4" aria-hidden />
        </span>
        <div>
          <div className="text-[11px] font-medium tracking-wide text-slate-400 uppercase">
            Bắt đầu
          </div>
          <div className="text-sm font-semibold text-slate-900">{EDITOR_TEXT.trigger}</div>
        </div>
      </div>
      <PanelSection>
        <div className="rounded-md bg-slate-50 px-3 py-2 text-[13px] text-slate-600">
          Đối tượng: <b className="text-slate-800">Ticket</b>
        </div>
        <SelectField
          label={EDITOR_TEXT.triggerEvent}
          value={trigger.event}
          options={WORKFLOW_TRIGGER.options()}
          error={problems.event}
          onChange={(event) => {
            if (!event) return;
            // changed_fields is asked on updates only.
            const items =
              event === 'ticket_updated'
                ? trigger.conditions.items
                : trigger.conditions.items.filter((item) => item.field !== 'changed_fields');
            // A title still named after the old event follows the new one.
            const title =
              !trigger.title.trim() || trigger.title === WORKFLOW_TRIGGER.label(trigger.event)
                ? WORKFLOW_TRIGGER.label(event)
                : trigger.title;
            onChange({ ...trigger, event, title, conditions: { ...trigger.conditions, items } });
          }}
        />
        <TextInputField
          label={EDITOR_TEXT.triggerTitle}
          placeholder="Ví dụ: Ticket VIP mới"
          value={trigger.title}
          error={problems.title}
          onChange={(title) => onChange({ ...trigger, title })}
        />
      </PanelSection>
      <PanelSection title="Điều kiện kích hoạt">
        <ConditionsEditor
          label={EDITOR_TEXT.conditions}
          value={trigger.conditions}
          event={trigger.event}
          errors={conditionErrors}
          onChange={(conditions) => onChange({ ...trigger, conditions })}
        />
      </PanelSection>
    </div>
  );
}
