import { useMemo } from 'react';
import { Plus, X } from 'lucide-react';
import type {
  ConditionFieldSpec,
  ConditionOptionSource,
  ConditionValueKind,
  CustomFieldKinds,
  WorkflowCondition,
  WorkflowConditions,
} from '@omnicare/shared/automation/workflow-conditions';
import {
  CONDITION_FIELDS,
  OPERATORS_BY_KIND,
  conditionFieldKind,
  customFieldKind,
} from '@omnicare/shared/automation/workflow-conditions';
import { CONDITION_LOGIC } from '@omnicare/shared/automation/workflow-enums';
import type { CustomField } from '@omnicare/shared/fields/fields.schemas';
import { TICKET_STATUS } from '@omnicare/shared/tickets/ticket-enums';
import { TICKET_FIELD_LABELS } from '@omnicare/shared/tickets/tickets.schemas';
import { CUSTOMER_TIER, GENDER } from '@omnicare/shared/customers/customer-enums';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { SearchCombobox } from '@/components/ui/search-combobox';
import type { ComboOption } from '@/components/ui/use-combobox-source';
import { FieldError } from '@/components/ui/label';
import { TagPicker } from '@/features/customers/components/customer-pickers';
import { sourceOptions } from '@/features/customers/components/customer-filters';
import { DepartmentPicker, StaffPicker } from '@/features/users/components/staff-picker';
import { useTicketSettingsList } from '@/features/tickets/tickets.queries';
import { useActiveFields } from '@/features/fields/fields.queries';
import { cn } from '@/lib/cn';
import { EDITOR_TEXT } from '../editor-text';
import { operatorHint, operatorLabel } from '../condition-wording';
import { fromBangkokInput, toBangkokInput } from '../bangkok-time';

type Scalar = string | number | boolean;

/** Every fact a condition may ask about: the built-in ones and the tenant's custom fields. */
export interface ConditionFieldOption {
  value: string;
  label: string;
  group: string;
  kind: ConditionValueKind;
  options?: ConditionOptionSource;
  event?: 'ticket_updated';
  choices?: string[];
}

export function useConditionFields(): {
  fields: ConditionFieldOption[];
  customKinds: CustomFieldKinds;
} {
  const ticketFields = useActiveFields('ticket');
  const customerFields = useActiveFields('customer');
  return useMemo(() => {
    const builtIn = Object.entries(CONDITION_FIELDS).map(
      ([value, spec]: [string, ConditionFieldSpec]) => ({
        value,
        label: spec.label,
        group: value.startsWith('requester.') ? 'Khách hàng' : 'Ticket',
        kind: spec.kind,
        options: spec.options,
        event: spec.event,
      }),
    );
    const custom = (prefix: string, group: string, fields: CustomField[] = []) =>
      fields.map((field) => ({
        value: `${prefix}${field.key}`,
        label: field.label,
        group,
        kind: customFieldKind(field.type),
        options: field.options.length ? ('custom_field_options' as const) : undefined,
        choices: field.options,
      }));
    const fields = [
      ...builtIn,
      ...custom('ticket.custom.', 'Trường tùy chỉnh của ticket', ticketFields.data),
      ...custom('requester.custom.', 'Trường tùy chỉnh của khách hàng', customerFields.data),
    ];
    const customKinds: Record<string, ConditionValueKind> = {};
    for (const field of fields)
      if (field.value.includes('.custom.')) customKinds[field.value] = field.kind;
    return { fields, customKinds };
  }, [ticketFields.data, customerFields.data]);
}

const MULTI_OPERATORS = new Set(['some', 'every', 'not_some', 'not_every']);

/** The value a condition starts with when its field or operator changes. */
function emptyValue(operator: string): WorkflowCondition['value'] {
  if (operator === 'exist' || operator === 'not_exist') return undefined;
  if (operator === 'between') return ['', ''];
  if (MULTI_OPERATORS.has(operator)) return [];
  return '';
}

export function ConditionsEditor({
  value,
  onChange,
  event,
  errors = {},
  label = EDITOR_TEXT.conditions,
}: {
  value: WorkflowConditions;
  onChange: (value: WorkflowConditions) => void;
  /** The trigger's event: `changed_fields` is offered on ticket_updated only. */
  event?: string;
  /** Messages by path under the conditions (`items.0.value`). */
  errors?: Record<string, string>;
  label?: string;
}) {
  const { fields, customKinds } = useConditionFields();
  const offered = fields.filter((field) => !field.event || !event || field.event === event);
  const items = value.items;
  const set = (index: number, condition: WorkflowCondition) =>
    onChange({ ...value, items: items.map((item, at) => (at === index ? condition : item)) });

  return (
    <div className="space-y-3" data-testid="conditions-editor">
      <span className="block text-sm font-medium text-slate-700">{label}</span>
      {items.length > 0 && (
        // Shown from the first condition, so the group's logic is never a surprise.
        <div className="space-y-1">
          <div
            role="radiogroup"
            aria-label={EDITOR_TEXT.logicLabel}
            className="grid grid-cols-2 rounded-md bg-slate-100 p-0.5"
          >
            {CONDITION_LOGIC.options().map((option) => (
              <button
                key={option.value}
                type="button"
                role="radio"
                aria-checked={value.logic === option.value}
                onClick={() => onChange({ ...value, logic: option.value })}
                className={cn(
                  'rounded px-2 py-1 text-xs font-medium text-slate-600',
                  value.logic === option.value && 'bg-white text-teal-800 shadow-xs',
                )}
              >
                {EDITOR_TEXT.logicOption[option.value]}
              </button>
            ))}
          </div>
          <p data-testid="conditions-logic-hint" className="text-xs text-slate-500">
            {EDITOR_TEXT.logicHint[value.logic]}
          </p>
        </div>
      )}
      {items.length === 0 && <p className="text-xs text-slate-500">{EDITOR_TEXT.conditionsHint}</p>}
      <ol className="space-y-2">
        {items.map((condition, index) => (
          <li key={index}>
            {index > 0 && (
              <div className="mb-2 flex items-center gap-2" aria-hidden>
                <span className="h-px flex-1 bg-slate-200" />
                <span className="rounded-full bg-teal-50 px-2 py-0.5 text-[11px] font-semibold text-teal-800 uppercase">
                  {CONDITION_LOGIC.label(value.logic)}
                </span>
                <span className="h-px flex-1 bg-slate-200" />
              </div>
            )}
            <ConditionRow
              index={index}
              condition={condition}
              fields={offered}
              customKinds={customKinds}
              errors={errors}
              onChange={(next) => set(index, next)}
              onRemove={() => onChange({ ...value, items: items.filter((_, at) => at !== index) })}
            />
          </li>
        ))}
      </ol>
      <Button
        variant="outline"
        size="sm"
        onClick={() =>
          onChange({ ...value, items: [...items, { field: '', operator: 'eq', value: '' }] })
        }
      >
        <Plus aria-hidden />
        {EDITOR_TEXT.addCondition}
      </Button>
    </div>
  );
}

function ConditionRow({
  index,
  condition,
  fields,
  customKinds,
  errors,
  onChange,
  onRemove,
}: {
  index: number;
  condition: WorkflowCondition;
  fields: ConditionFieldOption[];
  customKinds: CustomFieldKinds;
  errors: Record<string, string>;
  onChange: (condition: WorkflowCondition) => void;
  onRemove: () => void;
}) {
  const field = fields.find((option) => option.value === condition.field);
  const kind = conditionFieldKind(condition.field, customKinds);
  const operators = kind ? OPERATORS_BY_KIND[kind] : [];
  const error =
    errors[`items.${index}.field`] ??
    errors[`items.${index}.operator`] ??
    errors[`items.${index}.value`];
  const groups = [...new Set(fields.map((option) => option.group))];

  return (
    <div
      data-testid={`condition-${index}`}
      className={cn(
        'space-y-2 rounded-lg border bg-slate-50/60 p-2.5',
        error ? 'border-red-300' : 'border-slate-200',
      )}
    >
      <div className="flex gap-2">
        <NativeSelect
          aria-label={`${EDITOR_TEXT.field} ${index + 1}`}
          value={condition.field}
          className="h-8 text-[13px]"
          onChange={(event) => {
            const next = fields.find((option) => option.value === event.target.value);
            const operator = next ? OPERATORS_BY_KIND[next.kind][0]! : 'eq';
            onChange({ field: event.target.value, operator, value: emptyValue(operator) });
          }}
        >
          <option value="">{EDITOR_TEXT.field}...</option>
          {groups.map((group) => (
            <optgroup key={group} label={group}>
              {fields
                .filter((option) => option.group === group)
                .map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
            </optgroup>
          ))}
        </NativeSelect>
        <Button
          variant="ghost"
          size="icon-sm"
          aria-label={EDITOR_TEXT.removeCondition}
          onClick={onRemove}
        >
          <X aria-hidden />
        </Button>
      </div>
      {kind && (
        <NativeSelect
          aria-label={`${EDITOR_TEXT.operator} ${index + 1}`}
          value={condition.operator}
          className="h-8 text-[13px]"
          onChange={(event) => {
            const operator = event.target.value as WorkflowCondition['operator'];
            const keep =
              MULTI_OPERATORS.has(operator) === MULTI_OPERATORS.has(condition.operator) &&
              (operator === 'between') === (condition.operator === 'between');
            onChange({
              ...condition,
              operator,
              value: keep ? condition.value : emptyValue(operator),
            });
          }}
        >
          {operators.map((operator) => (
            <option key={operator} value={operator}>
              {operatorLabel(operator, kind)}
            </option>
          ))}
        </NativeSelect>
      )}
      {kind && operatorHint(condition.operator, kind) && (
        <p data-testid={`condition-${index}-hint`} className="text-xs text-slate-500">
          {operatorHint(condition.operator, kind)}
        </p>
      )}
      {kind && field && (
        <ConditionValue
          index={index}
          kind={kind}
          field={field}
          condition={condition}
          onChange={(value) => onChange({ ...condition, value })}
        />
      )}
      <FieldError id={`condition-${index}-error`} message={error} />
    </div>
  );
}

function fixedOptions(field: ConditionFieldOption): ComboOption[] | undefined {
  switch (field.options) {
    case 'ticket_status':
      return TICKET_STATUS.options();
    case 'channel_source':
      return sourceOptions();
    case 'gender':
      return GENDER.options();
    case 'customer_tier':
      return CUSTOMER_TIER.options().map((option) => ({
        value: String(option.value),
        label: option.label,
      }));
    case 'ticket_fields':
      return Object.entries(TICKET_FIELD_LABELS).map(([value, label]) => ({ value, label }));
    case 'custom_field_options':
      return (field.choices ?? []).map((choice) => ({ value: choice, label: choice }));
    default:
      return undefined;
  }
}

function ConditionValue({
  index,
  kind,
  field,
  condition,
  onChange,
}: {
  index: number;
  kind: ConditionValueKind;
  field: ConditionFieldOption;
  condition: WorkflowCondition;
  onChange: (value: WorkflowCondition['value']) => void;
}) {
  const { operator, value } = condition;
  const label = `${EDITOR_TEXT.value} ${index + 1}`;
  if (operator === 'exist' || operator === 'not_exist') return null;

  if (operator === 'between') {
    const [from, to] = Array.isArray(value) ? value : ['', ''];
    const input = (at: 0 | 1, current: Scalar | undefined) => (
      <ScalarInput
        kind={kind}
        label={`${label} ${at === 0 ? EDITOR_TEXT.from : EDITOR_TEXT.to}`}
        value={current}
        onChange={(next) => onChange(at === 0 ? [next, to ?? ''] : [from ?? '', next])}
      />
    );
    return (
      <div className="grid grid-cols-2 gap-2">
        {input(0, from)}
        {input(1, to)}
      </div>
    );
  }

  const multiple = MULTI_OPERATORS.has(operator);
  if (kind === 'choice' || kind === 'list') {
    const pickerProps = multiple
      ? {
          multiple: true as const,
          value: (Array.isArray(value) ? value : []).map(String),
          onChange: (next: string[]) => onChange(next),
        }
      : {
          value: value === undefined || value === null || value === '' ? null : String(value),
          onChange: (next: string | null) => onChange(next ?? ''),
        };
    const common = { 'aria-label': label, size: 'sm' as const, placeholder: EDITOR_TEXT.choose };
    switch (field.options) {
      case 'staff':
        return <StaffPicker {...common} {...pickerProps} />;
      case 'departments':
        return <DepartmentPicker {...common} {...pickerProps} />;
      case 'tags':
        return <TagPicker {...common} {...pickerProps} />;
      case 'priorities':
      case 'types':
      case 'services':
        return <SettingsPicker name={field.options} common={common} pickerProps={pickerProps} />;
      default: {
        const options = fixedOptions(field);
        if (options) return <SearchCombobox {...common} {...pickerProps} options={options} />;
      }
    }
  }
  if (multiple || (kind === 'list' && Array.isArray(value))) {
    return (
      <ListInput label={label} value={Array.isArray(value) ? value : []} onChange={onChange} />
    );
  }
  if (kind === 'boolean') {
    return (
      <NativeSelect
        aria-label={label}
        className="h-8 text-[13px]"
        value={value === undefined || value === null || value === '' ? '' : String(value)}
        onChange={(event) =>
          onChange(event.target.value === '' ? '' : event.target.value === 'true')
        }
      >
        <option value="">{EDITOR_TEXT.choose}</option>
        <option value="true">{EDITOR_TEXT.yes}</option>
        <option value="false">{EDITOR_TEXT.no}</option>
      </NativeSelect>
    );
  }
  return (
    <ScalarInput
      kind={kind}
      label={label}
      value={Array.isArray(value) ? undefined : (value ?? undefined)}
      onChange={onChange}
    />
  );
}

function SettingsPicker({
  name,
  common,
  pickerProps,
}: {
  name: 'priorities' | 'types' | 'services';
  common: { 'aria-label': string; size: 'sm'; placeholder: string };
  pickerProps:
    | { multiple: true; value: string[]; onChange: (next: string[]) => void }
    | { value: string | null; onChange: (next: string | null) => void };
}) {
  const list = useTicketSettingsList(name);
  const options = (list.data ?? []).map((item) => ({ value: item._id, label: item.name }));
  return <SearchCombobox {...common} {...pickerProps} options={options} loading={list.isPending} />;
}

function ScalarInput({
  kind,
  label,
  value,
  onChange,
}: {
  kind: ConditionValueKind;
  label: string;
  value: Scalar | undefined;
  onChange: (value: Scalar) => void;
}) {
  if (kind === 'date') {
    return (
      <Input
        aria-label={label}
        type="datetime-local"
        className="h-8 text-[13px]"
        value={typeof value === 'string' ? toBangkokInput(value) : ''}
        onChange={(event) => onChange(fromBangkokInput(event.target.value))}
      />
    );
  }
  return (
    <Input
      aria-label={label}
      type={kind === 'number' ? 'number' : 'text'}
      className="h-8 text-[13px]"
      value={value === undefined ? '' : String(value)}
      onChange={(event) =>
        onChange(
          kind === 'number' && event.target.value !== ''
            ? Number(event.target.value)
            : event.target.value,
        )
      }
    />
  );
}

/** Values typed as one line, split at commas. */
function ListInput({
  label,
  value,
  onChange,
}: {
  label: string;
  value: Scalar[];
  onChange: (value: Scalar[]) => void;
}) {
  return (
    <Input
      aria-label={label}
      className="h-8 text-[13px]"
      placeholder={EDITOR_TEXT.listSeparatorHint}
      defaultValue={value.join(', ')}
      onChange={(event) =>
        onChange(
          event.target.value
            .split(',')
            .map((item) => item.trim())
            .filter(Boolean),
        )
      }
    />
  );
}
