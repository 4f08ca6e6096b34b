import { useId, useState, type ReactNode } from 'react';
import { X } from 'lucide-react';
import { SavedMark } from '@/components/ui/saved-mark';
import type { CustomField } from '@omnicare/shared/fields/fields.schemas';
import { isEmptyCustomValue } from '@omnicare/shared/fields/fields.schemas';
import { TICKET_STATUS, type TicketStatus } from '@omnicare/shared/tickets/ticket-enums';
import { CHANNEL_SOURCE, type ChannelSource } from '@omnicare/shared/channels/channel-source';
import type { TicketRequest } from '@omnicare/shared/tickets/tickets.schemas';
import { FieldError, Label } from '@/components/ui/label';
import { CustomFieldInput } from '@/features/fields/components/custom-field-input';
import { useActiveFields } from '@/features/fields/fields.queries';
import { NativeSelect } from '@/components/ui/native-select';
import { CustomerPicker, TagPicker } from '@/features/customers/components/customer-pickers';
import { sourceOptions } from '@/features/customers/components/customer-filters';
import { DepartmentPicker, StaffPicker } from '@/features/users/components/staff-picker';
import { useTicketSettingsList } from '../tickets.queries';
import { AssigneePicker } from './assignee-picker';
import { TICKET_TEXT } from '../tickets-text';
import { CcField } from './ticket-cc-field';
import { DueAtField } from './ticket-due-field';
import { ClickToCallButton } from '@/features/telephony/softphone/components/click-to-call-button';
import { fetchCustomerPhone } from '@/features/telephony/softphone/softphone.api';

type Named = { _id: string; name: string } | null;

/** The fields of a ticket the side panel edits, as names for showing and ids for saving. */
export interface TicketFieldsValue {
  status: TicketStatus;
  source: ChannelSource;
  requester: Named;
  priority_id: string | null;
  type_id: string | null;
  service_id: string | null;
  group: Named;
  assignee: Named;
  tags: { _id: string; name: string }[];
  followers: { _id: string; name: string }[];
  cc: string[];
  due_at: string | null;
  custom: Record<string, unknown>;
}

/** What a change sends: the API's field names and ids. */
export type TicketFieldsPatch = Partial<
  Pick<
    TicketRequest,
    | 'status'
    | 'source'
    | 'requester_id'
    | 'priority_id'
    | 'type_id'
    | 'service_id'
    | 'group_id'
    | 'assignee_id'
    | 'tag_ids'
    | 'follower_ids'
    | 'cc'
    | 'due_at'
    | 'custom'
  >
>;

/** The API's name of each field the panel shows, where a 422 names it. */
const PARAM_OF: Record<string, string> = {
  requester: 'requester_id',
  followers: 'follower_ids',
  status: 'status',
  priority: 'priority_id',
  type: 'type_id',
  service: 'service_id',
  group: 'group_id',
  assignee: 'assignee_id',
  tags: 'tag_ids',
  source: 'source',
  cc: 'cc',
  due: 'due_at',
};
/** Fields whose control shows its own error (the field row shows only the saved mark). */
const OWN_ERROR = new Set(['cc', 'due']);
const NONE_SAVED: ReadonlySet<string> = new Set();

/** Custom values to send: the whole set, a value emptied left out (cleared). */
export function withCustomValue(values: Record<string, unknown>, key: string, value: unknown) {
  const next = { ...values };
  if (isEmptyCustomValue(value)) delete next[key];
  else next[key] = value;
  return next;
}

/**
 * The ticket's properties beside its conversation (Zendesk's left panel): requester, followers,
 * CC, status, priority, type, service, department, assignee, due date, tags and the tenant's
 * ticket custom fields. Each change goes out at once as a patch (a typed text or number when
 * its box is left, the picks of a multiple choice when its list closes); `errors` are the server's 422 messages by param ('cc', 'custom.<key>'...).
 */
export function TicketProperties({
  value,
  onChange,
  creating,
  statusLocked,
  errors = {},
  saved = NONE_SAVED,
  changedBy = '',
}: {
  value: TicketFieldsValue;
  onChange: (patch: TicketFieldsPatch, shown: Partial<TicketFieldsValue>) => void;
  creating?: boolean;
  /** Closed, and the caller may not reopen it. */
  statusLocked?: boolean;
  errors?: Readonly<Record<string, string>>;
  /** Params ('priority_id', 'custom.ma_hop_dong') whose change was just saved: marked briefly. */
  saved?: ReadonlySet<string>;
  /** Who made the last change heard live (a field being typed in warns with the name). */
  changedBy?: string;
}) {
  const id = useId();
  const priorities = useTicketSettingsList('priorities');
  const types = useTicketSettingsList('types');
  const services = useTicketSettingsList('services');
  const customFields = useActiveFields('ticket');
  const field = (
    key: string,
    label: string,
    control: (fieldId: string) => ReactNode,
    param = PARAM_OF[key] ?? '',
  ) => (
    <div className="flex flex-col gap-1">
      <div className="flex items-center justify-between gap-2">
        <Label htmlFor={`${id}-${key}`} className="text-xs text-slate-500">
          {label}
        </Label>
        {saved.has(param) && <SavedMark />}
      </div>
      {control(`${id}-${key}`)}
      {!OWN_ERROR.has(key) && <FieldError id={`${id}-${key}-error`} message={errors[param]} />}
    </div>
  );
  const optionsOf = (items: { _id: string; name: string }[] | undefined) =>
    (items ?? []).map((item) => (
      <option key={item._id} value={item._id}>
        {item.name}
      </option>
    ));
  const named = (option: { value: string; label: string } | null): Named =>
    option ? { _id: option.value, name: option.label } : null;
  const offeredServices = offeredServicesFor(services.data, value.type_id);
  const requesterId = value.requester?._id ?? null;

  return (
    <div className="flex flex-col gap-3">
      {field(
        'requester',
        TICKET_TEXT.requester,
        (fieldId) => (
          <div className="flex items-center gap-1">
            <div className="min-w-0 flex-1">
              <CustomerPicker
                id={fieldId}
                value={value.requester?._id ?? null}
                extraOptions={
                  value.requester
                    ? [{ value: value.requester._id, label: value.requester.name }]
                    : []
                }
                onChange={(next, option) =>
                  onChange({ requester_id: next }, { requester: named(option ?? null) })
                }
              />
            </div>
            {requesterId && (
              <ClickToCallButton
                number={() => fetchCustomerPhone(requesterId)}
                label={TICKET_TEXT.callRequester}
                testId="ticket-requester-click-to-call"
              />
            )}
          </div>
        ),
        'requester_id',
      )}
      {field(
        'followers',
        TICKET_TEXT.followers,
        (fieldId) => (
          <StaffPicker
            id={fieldId}
            multiple
            commitOnClose
            value={value.followers.map((item) => item._id)}
            knownOptions={value.followers.map((item) => ({ value: item._id, label: item.name }))}
            placeholder={TICKET_TEXT.addFollower}
            maxChips={3}
            onChange={(ids, options) => {
              const labels = new Map([
                ...value.followers.map((item) => [item._id, item.name] as const),
                ...options.map((option) => [option.value, option.label] as const),
              ]);
              const followers = ids.map((item) => ({ _id: item, name: labels.get(item) ?? item }));
              onChange({ follower_ids: ids }, { followers });
            }}
          />
        ),
        'follower_ids',
      )}
      {field('cc', TICKET_TEXT.cc, (fieldId) => (
        <CcField
          id={fieldId}
          value={value.cc}
          error={Object.entries(errors).find(([param]) => param.startsWith('cc'))?.[1]}
          onChange={(cc) => onChange({ cc }, { cc })}
        />
      ))}
      {field('status', TICKET_TEXT.status, (fieldId) => (
        <NativeSelect
          id={fieldId}
          value={value.status}
          disabled={statusLocked}
          onChange={(event) => {
            const status = event.target.value as TicketStatus;
            onChange({ status }, { status });
          }}
        >
          {TICKET_STATUS.options().map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </NativeSelect>
      ))}
      {field('priority', TICKET_TEXT.priority, (fieldId) => (
        <NativeSelect
          id={fieldId}
          value={value.priority_id ?? ''}
          onChange={(event) => {
            const next = event.target.value || null;
            onChange({ priority_id: next }, { priority_id: next });
          }}
        >
          <option value="">—</option>
          {optionsOf(priorities.data)}
        </NativeSelect>
      ))}
      {field('type', TICKET_TEXT.type, (fieldId) => (
        <NativeSelect
          id={fieldId}
          value={value.type_id ?? ''}
          onChange={(event) => {
            const next = event.target.value || null;
            const keepService = offeredServicesFor(services.data, next).some(
              (service) => service._id === value.service_id,
            );
            const patch: TicketFieldsPatch = { type_id: next };
            if (!keepService && value.service_id) patch.service_id = null;
            onChange(patch, {
              type_id: next,
              ...(patch.service_id === null ? { service_id: null } : {}),
            });
          }}
        >
          <option value="">—</option>
          {optionsOf(types.data)}
        </NativeSelect>
      ))}
      {field('service', TICKET_TEXT.service, (fieldId) => (
        <NativeSelect
          id={fieldId}
          value={value.service_id ?? ''}
          onChange={(event) => {
            const next = event.target.value || null;
            onChange({ service_id: next }, { service_id: next });
          }}
        >
          <option value="">—</option>
          {optionsOf(offeredServices)}
        </NativeSelect>
      ))}
      {field('group', TICKET_TEXT.group, (fieldId) => (
        <DepartmentPicker
          id={fieldId}
          value={value.group?._id ?? null}
          extraOptions={value.group ? [{ value: value.group._id, label: value.group.name }] : []}
          onChange={(next, option) =>
            onChange({ group_id: next }, { group: named(option ?? null) })
          }
        />
      ))}
      {field(
        'assignee',
        TICKET_TEXT.assignee,
        (fieldId) => (
          <AssigneePicker
            id={fieldId}
            value={value.assignee?._id ?? null}
            valueLabel={value.assignee?.name}
            group={value.group}
            emptyLabel={TICKET_TEXT.unassigned}
            onChange={(next, option, group) => {
              // A person picked from another department takes the ticket there with them.
              const moves = next !== null && group !== null && group._id !== value.group?._id;
              onChange(
                { assignee_id: next, ...(moves ? { group_id: group._id } : {}) },
                { assignee: named(option ?? null), ...(moves ? { group } : {}) },
              );
            }}
          />
        ),
        'assignee_id',
      )}
      {field('due', TICKET_TEXT.dueAt, (fieldId) => (
        <DueAtField
          id={fieldId}
          value={value.due_at}
          error={errors.due_at}
          onChange={(due_at) => onChange({ due_at }, { due_at })}
        />
      ))}
      {field('tags', TICKET_TEXT.tags, (fieldId) => (
        <div className="flex flex-col gap-2">
          {value.tags.length > 0 && (
            <ul className="flex flex-wrap gap-1">
              {value.tags.map((tag) => (
                <li
                  key={tag._id}
                  className="inline-flex items-center gap-1 rounded bg-slate-100 px-2 py-0.5 text-xs"
                >
                  {tag.name}
                  <button
                    type="button"
                    aria-label={`Bỏ tag ${tag.name}`}
                    onClick={() => {
                      const tags = value.tags.filter((item) => item._id !== tag._id);
                      onChange({ tag_ids: tags.map((item) => item._id) }, { tags });
                    }}
                  >
                    <X className="size-3" aria-hidden />
                  </button>
                </li>
              ))}
            </ul>
          )}
          <TagPicker
            id={fieldId}
            value={null}
            placeholder="Thêm tag"
            onChange={(next, option) => {
              if (!next || value.tags.some((tag) => tag._id === next)) return;
              const tags = [...value.tags, { _id: next, name: option?.label ?? next }];
              onChange({ tag_ids: tags.map((item) => item._id) }, { tags });
            }}
          />
        </div>
      ))}
      {(customFields.data ?? []).length > 0 && (
        <TicketCustomFields
          fields={customFields.data ?? []}
          values={value.custom}
          errors={errors}
          saved={saved}
          changedBy={changedBy}
          commitOnLeave={!creating}
          onChange={(custom) => onChange({ custom }, { custom })}
        />
      )}
      {creating &&
        field('source', TICKET_TEXT.source, (fieldId) => (
          <NativeSelect
            id={fieldId}
            value={value.source}
            onChange={(event) => {
              const source = event.target.value as ChannelSource;
              onChange({ source }, { source });
            }}
          >
            {sourceOptions().map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </NativeSelect>
        ))}
      {!creating && (
        <p className="text-xs text-slate-500">
          {TICKET_TEXT.source}: {CHANNEL_SOURCE.label(value.source)}
        </p>
      )}
    </div>
  );
}

/** A typed text or number against a saved value: the same once both read the same. */
const sameTyped = (a: unknown, b: unknown) => String(a ?? '') === String(b ?? '');

/**
 * The tenant's active ticket custom fields, rendered as the customer form renders its own. On
 * a saved ticket a text or number goes out when its box is left (not on each key); the others
 * at once. Every change sends the whole set of values. What is being typed survives the ticket
 * changing under it: a live change to that very field warns and keeps the typed text.
 */
function TicketCustomFields({
  fields,
  values,
  errors,
  saved,
  changedBy,
  commitOnLeave,
  onChange,
}: {
  fields: CustomField[];
  values: Record<string, unknown>;
  errors: Readonly<Record<string, string>>;
  saved: ReadonlySet<string>;
  changedBy: string;
  commitOnLeave: boolean;
  onChange: (values: Record<string, unknown>) => void;
}) {
  // What is being typed, by key, with the saved value it started from; done once saved.
  const [drafts, setDrafts] = useState<Record<string, { value: unknown; base: unknown }>>({});
  const typing = Object.fromEntries(
    Object.entries(drafts).filter(([key, draft]) => !sameTyped(draft.value, values[key])),
  );
  const deferred = (item: CustomField) =>
    commitOnLeave && (item.type === 'text' || item.type === 'number');
  const commit = (item: CustomField) => {
    const draft = typing[item.key];
    if (draft) onChange(withCustomValue(values, item.key, draft.value));
  };
  const drop = (key: string) => {
    const { [key]: _dropped, ...rest } = typing;
    setDrafts(rest);
  };
  return (
    <section
      aria-label={TICKET_TEXT.customFields}
      className="flex flex-col gap-3 border-t border-slate-100 pt-3"
    >
      <h3 className="text-xs font-semibold tracking-wide text-slate-500 uppercase">
        {TICKET_TEXT.customFields}
      </h3>
      {fields.map((item) => {
        const draft = typing[item.key];
        const overtaken = draft && !sameTyped(draft.base, values[item.key]);
        return (
          <div
            key={item._id}
            className="flex flex-col gap-1"
            onBlur={() => deferred(item) && commit(item)}
          >
            {saved.has(`custom.${item.key}`) && !draft && (
              <div className="-mb-1 flex justify-end">
                <SavedMark />
              </div>
            )}
            <CustomFieldInput
              compact
              commitOnClose
              field={item}
              value={draft ? draft.value : values[item.key]}
              error={errors[`custom.${item.key}`]}
              onChange={(next) => {
                if (deferred(item))
                  setDrafts({
                    ...typing,
                    [item.key]: { value: next, base: draft ? draft.base : values[item.key] },
                  });
                else onChange(withCustomValue(values, item.key, next));
              }}
            />
            {overtaken && (
              <p role="alert" className="text-xs text-amber-800">
                {TICKET_TEXT.changedWhileTyping(changedBy, String(values[item.key] ?? ''))}{' '}
                <button
                  type="button"
                  className="font-medium underline"
                  // Before the box's blur would save the typed text.
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => drop(item.key)}
                >
                  {TICKET_TEXT.takeTheirs}
                </button>
              </p>
            )}
          </div>
        );
      })}
    </section>
  );
}

/** Services offered for a type: those of the type and those for every type. */
const offeredServicesFor = <T extends { type_id?: string | null }>(
  services: T[] | undefined,
  typeId: string | null,
) =>
  (services ?? []).filter((service) => !service.type_id || !typeId || service.type_id === typeId);
