import { useEffect, useMemo, useState } from 'react';
import { useForm, useWatch, type FieldValues, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { CircleAlert, Plus, X } from 'lucide-react';
import type { WorkflowNode } from '@omnicare/shared/automation/workflow-blocks';
import { WORKFLOW_BLOCK_DATA, WORKFLOW_LIMITS } from '@omnicare/shared/automation/workflow-blocks';
import type { WorkflowConditions } from '@omnicare/shared/automation/workflow-conditions';
import {
  ASSIGNEE_OPTION,
  EMAIL_RECIPIENT_KIND,
  RECIPIENT_KIND,
  WAIT_UNIT,
  WEBHOOK_METHODS,
  WORKFLOW_BLOCK_TYPE,
} from '@omnicare/shared/automation/workflow-enums';
import type { TemplateKind } from '@omnicare/shared/templates/template-enums';
import { TICKET_STATUS } from '@omnicare/shared/tickets/ticket-enums';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { SegmentedTabs } from '@/components/ui/segmented-tabs';
import { TagPicker } from '@/features/customers/components/customer-pickers';
import { DepartmentPicker, StaffPicker } from '@/features/users/components/staff-picker';
import { useTicketSettingsList } from '@/features/tickets/tickets.queries';
import { listTemplates } from '@/features/templates/templates.api';
import { CustomFieldInput } from '@/features/fields/components/custom-field-input';
import { useActiveFields } from '@/features/fields/fields.queries';
import { withCustomValue } from '@/features/tickets/components/ticket-properties';
import { blockLevelMessages, hasEdgeProblem, messageUnder } from '../editor-problems';
import { EDITOR_TEXT } from '../editor-text';
import { fromBangkokInput, toBangkokInput } from '../bangkok-time';
import { BLOCK_META } from '../block-meta';
import { ConditionsEditor } from './conditions-editor';
import {
  CheckListField,
  NumberInputField,
  PanelField,
  PanelSection,
  SelectField,
  TextInputField,
} from './panel-fields';

type Data = Record<string, unknown>;

const getPath = (source: unknown, path: string): unknown =>
  path
    .split('.')
    .reduce<unknown>(
      (value, key) => (value && typeof value === 'object' ? (value as Data)[key] : undefined),
      source,
    );

/**
 * The side panel of one block: its name and its data, a form checked by the block's own schema
 * (WORKFLOW_BLOCK_DATA, so the messages are the contract's). Each change goes to the store at
 * once; problems found on publish (or by the server) show on their fields until the user edits.
 */
export function BlockPanel({
  node,
  problems,
  onChange,
}: {
  node: WorkflowNode;
  /** Field → message from the last publish check. */
  problems?: Record<string, string>;
  onChange: (patch: Partial<Pick<WorkflowNode, 'name' | 'data'>>) => void;
}) {
  const schema = WORKFLOW_BLOCK_DATA[node.type];
  const resolver = useMemo(
    () => zodResolver(schema as never) as unknown as Resolver<FieldValues>,
    [schema],
  );
  const form = useForm<FieldValues>({ defaultValues: node.data, resolver, mode: 'onChange' });
  const values = useWatch({ control: form.control }) as Data;
  const { errors } = form.formState;

  // Publish problems on this block: let the schema speak on every field at once.
  const problemKey = Object.keys(problems ?? {}).join('|');
  useEffect(() => {
    if (problemKey) void form.trigger();
  }, [problemKey, form]);

  const set = (path: string, value: unknown) => {
    form.setValue(path, value, { shouldDirty: true, shouldValidate: true });
    onChange({ data: form.getValues() as Data });
  };
  const errorOf = (path: string): string | undefined => {
    const own = getPath(errors, path) as
      { message?: string; root?: { message?: string } } | undefined;
    return own?.message ?? own?.root?.message ?? messageUnder(problems, path);
  };
  const field = { values, set, errorOf };

  const meta = BLOCK_META[node.type];
  const Icon = meta.icon;
  return (
    <div data-testid="block-panel" data-block-id={node.id}>
      <div className="flex items-center gap-3 border-b border-slate-200 px-4 py-3">
        <span className={`flex size-8 items-center justify-center rounded-lg ${meta.tone}`}>
          <Icon className="size-4" aria-hidden />
        </span>
        <div className="min-w-0">
          <div className="text-[11px] font-medium tracking-wide text-slate-400 uppercase">
            {WORKFLOW_BLOCK_TYPE.label(node.type)}
          </div>
          <div className="truncate text-sm font-semibold text-slate-900">{node.name}</div>
        </div>
      </div>
      <BlockProblems problems={problems} />
      <PanelSection>
        <TextInputField
          label={EDITOR_TEXT.blockName}
          value={node.name}
          error={problems?.name}
          onChange={(name) => onChange({ name })}
        />
      </PanelSection>
      <BlockFields type={node.type} field={field} />
    </div>
  );
}

/** What is wrong with the block as a whole (its joins, its type), with how to fix the joins. */
function BlockProblems({ problems }: { problems?: Record<string, string> }) {
  const messages = blockLevelMessages(problems);
  if (messages.length === 0) return null;
  return (
    <div
      data-testid="block-problems"
      className="mx-4 mt-3 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-[13px] text-red-800"
    >
      <div className="flex items-center gap-1.5 font-medium">
        <CircleAlert className="size-4 shrink-0" aria-hidden />
        {EDITOR_TEXT.blockProblemsTitle}
      </div>
      <ul className="mt-1 list-disc space-y-0.5 pl-6">
        {messages.map((message) => (
          <li key={message}>{message}</li>
        ))}
      </ul>
      {hasEdgeProblem(problems) && (
        <p className="mt-1.5 text-xs text-red-700">{EDITOR_TEXT.connectHint}</p>
      )}
    </div>
  );
}

interface FieldAccess {
  values: Data;
  set: (path: string, value: unknown) => void;
  errorOf: (path: string) => string | undefined;
}

const str = (value: unknown) => (typeof value === 'string' ? value : '');

/** A one-line title and a multi-line text, both with placeholders: `[data key, label]` each. */
function TitleAndBody({
  field: { values, set, errorOf },
  title: [titleKey, titleLabel],
  body: [bodyKey, bodyLabel],
}: {
  field: FieldAccess;
  title: [string, string];
  body: [string, string];
}) {
  return (
    <>
      <TextInputField
        label={titleLabel}
        placeholders
        value={str(values[titleKey])}
        error={errorOf(titleKey)}
        onChange={(v) => set(titleKey, v)}
      />
      <TextInputField
        label={bodyLabel}
        multiline
        placeholders
        value={str(values[bodyKey])}
        error={errorOf(bodyKey)}
        onChange={(v) => set(bodyKey, v)}
      />
    </>
  );
}
const strings = (value: unknown): string[] => (Array.isArray(value) ? value.map(String) : []);

function BlockFields({ type, field }: { type: WorkflowNode['type']; field: FieldAccess }) {
  const { values, set, errorOf } = field;
  switch (type) {
    case 'delay':
      return (
        <PanelSection title="Thời gian chờ">
          <div className="grid grid-cols-2 gap-3">
            <NumberInputField
              label="Thời lượng"
              value={values.amount}
              error={errorOf('amount')}
              onChange={(v) => set('amount', v)}
            />
            <SelectField
              label="Đơn vị"
              value={str(values.unit) as 'days'}
              options={WAIT_UNIT.options()}
              error={errorOf('unit')}
              onChange={(v) => set('unit', v)}
            />
          </div>
        </PanelSection>
      );
    case 'wait_until':
      return <WaitUntilFields field={field} />;
    case 'create_ticket':
    case 'update_ticket':
      return <TicketFields field={field} create={type === 'create_ticket'} />;
    case 'send_email':
      return (
        <>
          <PanelSection title="Người nhận">
            <CheckListField
              label="Gửi tới"
              value={strings(values.recipients) as never[]}
              options={EMAIL_RECIPIENT_KIND.options()}
              error={errorOf('recipients')}
              onChange={(v) => set('recipients', v)}
            />
            {strings(values.recipients).includes('group') && (
              <PanelField label="Phòng ban" error={errorOf('group_ids')}>
                {({ id, invalid }) => (
                  <DepartmentPicker
                    id={id}
                    multiple
                    invalid={invalid}
                    value={strings(values.group_ids)}
                    onChange={(v) => set('group_ids', v)}
                  />
                )}
              </PanelField>
            )}
            {strings(values.recipients).includes('other') && (
              <EmailList
                value={strings(values.emails)}
                error={errorOf('emails')}
                onChange={(v) => set('emails', v)}
              />
            )}
          </PanelSection>
          <PanelSection title="Nội dung">
            <TemplateSelect kind="email" field={field} emptyLabel="Không dùng mẫu" />
            {str(values.template_id) ? (
              <p className="text-xs text-muted-foreground">
                Tiêu đề và nội dung lấy từ mẫu đã chọn.
              </p>
            ) : (
              <TitleAndBody
                field={field}
                title={['subject', 'Tiêu đề email']}
                body={['body', 'Nội dung email']}
              />
            )}
          </PanelSection>
          <RetriesSection field={field} />
        </>
      );
    case 'send_sms':
    case 'send_zns':
      return (
        <>
          <PanelSection title="Nội dung">
            <TemplateSelect kind={type === 'send_sms' ? 'sms' : 'zns'} field={field} />
            <p className="text-xs text-slate-500">
              Tin được gửi tới số điện thoại đầu tiên của khách hàng.
            </p>
          </PanelSection>
          <RetriesSection field={field} />
        </>
      );
    case 'push_notification':
      return (
        <>
          <PanelSection title="Người nhận">
            <CheckListField
              label="Gửi tới"
              value={strings(values.recipients) as never[]}
              options={RECIPIENT_KIND.options()}
              error={errorOf('recipients')}
              onChange={(v) => set('recipients', v)}
            />
          </PanelSection>
          <PanelSection title="Nội dung">
            <TitleAndBody field={field} title={['title', 'Tiêu đề']} body={['body', 'Nội dung']} />
          </PanelSection>
          <RetriesSection field={field} />
        </>
      );
    case 'webhook':
      return <WebhookFields field={field} />;
    case 'branch':
      return (
        <PanelSection title="Điều kiện rẽ nhánh">
          <ConditionsEditor
            value={
              (values.conditions as WorkflowConditions | undefined) ?? { logic: 'and', items: [] }
            }
            errors={conditionErrors(field, 'conditions')}
            onChange={(v) => set('conditions', v)}
          />
          <p className="text-xs text-slate-500">
            Nhánh <b className="text-emerald-700">Có</b> khi các điều kiện đúng, ngược lại nhánh{' '}
            <b className="text-rose-700">Không</b>.
          </p>
        </PanelSection>
      );
    case 'start':
    case 'end':
      return null;
    default:
      return (
        <PanelSection>
          <p className="text-sm text-slate-600">
            {EDITOR_TEXT.unsupported}: khối này chưa thể dùng khi xuất bản.
          </p>
        </PanelSection>
      );
  }
}

/** The condition messages of a field, by their path below it (`items.0.value`). */
function conditionErrors(field: FieldAccess, path: string): Record<string, string> {
  const result: Record<string, string> = {};
  const items = (getPath(field.values, `${path}.items`) as unknown[] | undefined) ?? [];
  items.forEach((_, index) => {
    for (const part of ['field', 'operator', 'value']) {
      const message = field.errorOf(`${path}.items.${index}.${part}`);
      if (message) result[`items.${index}.${part}`] = message;
    }
  });
  return result;
}

function RetriesSection({ field }: { field: FieldAccess }) {
  return (
    <PanelSection title="Khi lỗi">
      <NumberInputField
        label={EDITOR_TEXT.retries}
        value={field.values.retries}
        error={field.errorOf('retries')}
        hint={`Tối đa ${WORKFLOW_LIMITS.retriesMax} lần, thử lại với thời gian chờ tăng dần`}
        onChange={(v) => field.set('retries', v)}
      />
    </PanelSection>
  );
}

function WaitUntilFields({ field }: { field: FieldAccess }) {
  const { values, set, errorOf } = field;
  const timing = values.timing === 'specific_time' ? 'specific_time' : 'offset_time';
  return (
    <PanelSection title="Chờ đến">
      <SegmentedTabs
        label="Kiểu thời điểm"
        value={timing}
        options={[
          { value: 'offset_time', label: 'Sau số ngày' },
          { value: 'specific_time', label: 'Thời điểm cụ thể' },
        ]}
        onChange={(next) => {
          field.set('timing', next);
          if (next === 'offset_time') {
            set('days', typeof values.days === 'number' ? values.days : 1);
            set('time', str(values.time) || '08:00');
          }
        }}
      />
      {timing === 'offset_time' ? (
        <div className="grid grid-cols-2 gap-3">
          <NumberInputField
            label="Số ngày sau sự kiện"
            value={values.days}
            error={errorOf('days')}
            onChange={(v) => set('days', v)}
          />
          <TextInputField
            label="Lúc (HH:mm)"
            type="time"
            value={str(values.time)}
            error={errorOf('time')}
            onChange={(v) => set('time', v)}
          />
        </div>
      ) : (
        <PanelField label="Thời điểm (giờ Asia/Bangkok)" error={errorOf('at')}>
          {({ id, invalid, describedBy }) => (
            <Input
              id={id}
              type="datetime-local"
              aria-invalid={invalid}
              aria-describedby={describedBy}
              value={toBangkokInput(str(values.at))}
              onChange={(event) => set('at', fromBangkokInput(event.target.value) || undefined)}
            />
          )}
        </PanelField>
      )}
    </PanelSection>
  );
}

function SettingsSelect({
  name,
  label,
  path,
  field,
  emptyLabel,
}: {
  name: 'priorities' | 'types' | 'services';
  label: string;
  path: string;
  field: FieldAccess;
  emptyLabel: string;
}) {
  const list = useTicketSettingsList(name);
  return (
    <SelectField
      label={label}
      value={str(field.values[path]) || undefined}
      options={(list.data ?? []).map((item) => ({ value: item._id, label: item.name }))}
      emptyLabel={emptyLabel}
      error={field.errorOf(path)}
      onChange={(v) => field.set(path, v ?? null)}
    />
  );
}

function TicketFields({ field, create }: { field: FieldAccess; create: boolean }) {
  const { values, set, errorOf } = field;
  const empty = create ? EDITOR_TEXT.none : EDITOR_TEXT.keep;
  const assignee = values.assignee as
    { option?: string; user_id?: string | null } | null | undefined;
  return (
    <>
      {create && (
        <PanelSection title="Nội dung">
          <TitleAndBody
            field={field}
            title={['subject', 'Tiêu đề']}
            body={['description', 'Mô tả']}
          />
        </PanelSection>
      )}
      <PanelSection title="Thuộc tính">
        {!create && errorOf('status') && !values.status && (
          <p className="text-[13px] text-red-600" role="alert">
            {errorOf('status')}
          </p>
        )}
        <SelectField
          label="Trạng thái"
          value={str(values.status) as never}
          options={TICKET_STATUS.options()}
          emptyLabel={create ? undefined : empty}
          error={values.status ? errorOf('status') : undefined}
          onChange={(v) => set('status', v ?? null)}
        />
        <SettingsSelect
          name="priorities"
          label="Mức độ ưu tiên"
          path="priority_id"
          field={field}
          emptyLabel={empty}
        />
        <SettingsSelect
          name="types"
          label="Loại ticket"
          path="type_id"
          field={field}
          emptyLabel={empty}
        />
        <SettingsSelect
          name="services"
          label="Dịch vụ"
          path="service_id"
          field={field}
          emptyLabel={empty}
        />
        <PanelField label="Bộ phận" error={errorOf('group_id')}>
          {({ id, invalid }) => (
            <DepartmentPicker
              id={id}
              invalid={invalid}
              placeholder={empty}
              value={str(values.group_id) || null}
              onChange={(v) => set('group_id', v)}
            />
          )}
        </PanelField>
        <SelectField
          label="Người xử lý"
          value={assignee?.option as never}
          options={ASSIGNEE_OPTION.options()}
          emptyLabel={empty}
          error={errorOf('assignee.option')}
          onChange={(v) =>
            set(
              'assignee',
              v
                ? { option: v, user_id: v === 'other_agent' ? (assignee?.user_id ?? null) : null }
                : null,
            )
          }
        />
        {assignee?.option === 'other_agent' && (
          <PanelField
            label="Chuyên viên"
            error={errorOf('assignee.user_id') ?? errorOf('assignee')}
          >
            {({ id, invalid }) => (
              <StaffPicker
                id={id}
                invalid={invalid}
                value={assignee.user_id ?? null}
                onChange={(v) => set('assignee', { option: 'other_agent', user_id: v })}
              />
            )}
          </PanelField>
        )}
      </PanelSection>
      {!create && <CustomValues field={field} />}
      <PanelSection title="Tags">
        {(create
          ? ([['tag_ids', 'Tags']] as const)
          : ([
              ['add_tag_ids', 'Thêm tags'],
              ['remove_tag_ids', 'Gỡ tags'],
            ] as const)
        ).map(([key, label]) => (
          <PanelField key={key} label={label} error={errorOf(key)}>
            {({ id }) => (
              <TagPicker
                id={id}
                multiple
                value={strings(values[key])}
                onChange={(v) => set(key, v)}
              />
            )}
          </PanelField>
        ))}
      </PanelSection>
      <RetriesSection field={field} />
    </>
  );
}

/** The ticket's custom fields the block sets; a field left empty stays as it is. */
function CustomValues({ field }: { field: FieldAccess }) {
  const fields = useActiveFields('ticket');
  const custom = (field.values.custom as Record<string, unknown> | undefined) ?? {};
  if (!fields.data?.length) return null;
  return (
    <PanelSection title="Trường tùy chỉnh">
      {fields.data.map((definition) => (
        <CustomFieldInput
          key={definition.key}
          field={{ ...definition, required: false }}
          value={custom[definition.key]}
          error={field.errorOf(`custom.${definition.key}`)}
          onChange={(value) => field.set('custom', withCustomValue(custom, definition.key, value))}
        />
      ))}
    </PanelSection>
  );
}

function TemplateSelect({
  kind,
  field,
  emptyLabel,
}: {
  kind: TemplateKind;
  field: FieldAccess;
  /** Offered as a blank first choice when the template is optional. */
  emptyLabel?: string;
}) {
  const templates = useQuery({
    queryKey: ['templates', kind, 'automation-options'],
    queryFn: ({ signal }) => listTemplates(kind, { page: 1, page_size: 100, active: true }, signal),
    staleTime: 60_000,
  });
  const options = (templates.data?.data ?? []).map((template) => ({
    value: template._id,
    label: template.name,
  }));
  return (
    <SelectField
      label="Mẫu tin nhắn"
      value={str(field.values.template_id) || undefined}
      options={options}
      emptyLabel={templates.isPending ? 'Đang tải...' : (emptyLabel ?? EDITOR_TEXT.choose)}
      error={field.errorOf('template_id')}
      onChange={(v) => field.set('template_id', v)}
    />
  );
}

function EmailList({
  value,
  error,
  onChange,
}: {
  value: string[];
  error?: string;
  onChange: (value: string[]) => void;
}) {
  const [text, setText] = useState(value.join(', '));
  return (
    <TextInputField
      label="Danh sách email khác"
      placeholder="a@congty.vn, b@congty.vn"
      value={text}
      error={error}
      onChange={(next) => {
        setText(next);
        onChange(
          next
            .split(/[,;\s]+/)
            .map((item) => item.trim())
            .filter(Boolean),
        );
      }}
    />
  );
}

interface HeaderRow {
  key: number;
  name: string;
  value: string;
}
let headerKey = 0;

function WebhookFields({ field }: { field: FieldAccess }) {
  const { values, set, errorOf } = field;
  const [rows, setRows] = useState<HeaderRow[]>(() =>
    Object.entries((values.headers as Record<string, string> | undefined) ?? {}).map(
      ([name, value]) => ({
        key: (headerKey += 1),
        name,
        value,
      }),
    ),
  );
  const writeRows = (next: HeaderRow[]) => {
    setRows(next);
    set(
      'headers',
      Object.fromEntries(
        next.filter((row) => row.name.trim()).map((row) => [row.name.trim(), row.value]),
      ),
    );
  };
  return (
    <>
      <PanelSection title="Yêu cầu">
        <div className="w-32">
          <SelectField
            label="Phương thức"
            value={str(values.method) as never}
            options={WEBHOOK_METHODS.map((method) => ({ value: method, label: method }))}
            error={errorOf('method')}
            onChange={(v) => set('method', v)}
          />
        </div>
        <TextInputField
          label="URL"
          placeholders
          placeholder="https://"
          value={str(values.url)}
          error={errorOf('url')}
          onChange={(v) => set('url', v)}
        />
        <div className="space-y-2">
          <span className="text-sm font-medium text-slate-700">Headers</span>
          {rows.map((row, index) => (
            <div key={row.key} className="flex gap-2">
              <Input
                aria-label={`Tên header ${index + 1}`}
                placeholder="Authorization"
                className="h-8 text-[13px]"
                value={row.name}
                onChange={(event) =>
                  writeRows(
                    rows.map((item) =>
                      item.key === row.key ? { ...item, name: event.target.value } : item,
                    ),
                  )
                }
              />
              <Input
                aria-label={`Giá trị header ${index + 1}`}
                placeholder="Bearer ..."
                className="h-8 text-[13px]"
                value={row.value}
                onChange={(event) =>
                  writeRows(
                    rows.map((item) =>
                      item.key === row.key ? { ...item, value: event.target.value } : item,
                    ),
                  )
                }
              />
              <Button
                variant="ghost"
                size="icon-sm"
                aria-label={`Xóa header ${index + 1}`}
                onClick={() => writeRows(rows.filter((item) => item.key !== row.key))}
              >
                <X aria-hidden />
              </Button>
            </div>
          ))}
          {errorOf('headers') && (
            <p className="text-[13px] text-red-600" role="alert">
              {errorOf('headers')}
            </p>
          )}
          <Button
            variant="outline"
            size="sm"
            onClick={() => writeRows([...rows, { key: (headerKey += 1), name: '', value: '' }])}
          >
            <Plus aria-hidden />
            Thêm header
          </Button>
        </div>
        <TextInputField
          label="Nội dung (body)"
          multiline
          placeholders
          value={str(values.body)}
          error={errorOf('body')}
          onChange={(v) => set('body', v)}
        />
      </PanelSection>
      <PanelSection title="Thời gian & thử lại">
        <NumberInputField
          label="Thời gian chờ phản hồi (ms)"
          value={values.timeout_ms}
          error={errorOf('timeout_ms')}
          onChange={(v) => set('timeout_ms', v)}
        />
        <NumberInputField
          label={EDITOR_TEXT.retries}
          value={values.retries}
          error={errorOf('retries')}
          onChange={(v) => set('retries', v)}
        />
      </PanelSection>
    </>
  );
}
