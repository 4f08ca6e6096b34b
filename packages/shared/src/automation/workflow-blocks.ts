import { z } from 'zod';
import { TICKET_STATUS, type TicketStatus } from '../tickets/ticket-enums.js';
import { emailField } from '../platform/validation.js';
import { TEMPLATE_CONTENT_MAX, TEMPLATE_SUBJECT_MAX } from '../templates/templates.schemas.js';
import {
  ASSIGNEE_OPTION,
  DISABLED_WORKFLOW_BLOCK_TYPES,
  EMAIL_RECIPIENT_KIND,
  RECIPIENT_KIND,
  WAIT_UNIT,
  WEBHOOK_METHODS,
  WORKFLOW_BLOCK_TYPE,
  WORKFLOW_TRIGGER,
  type WorkflowBlockType,
} from './workflow-enums.js';
import {
  conditionProblems,
  workflowConditions,
  type CustomFieldKinds,
} from './workflow-conditions.js';

/**
 * A workflow's graph (`workflow_steps`): its trigger, its blocks (`nodes`) and the edges between
 * them. Two readings of the same shape:
 * - `workflowStepsDraft` is what a save accepts: any block may be unfinished (a draft);
 * - `workflowBlock` is one finished block, a discriminated union on `type` with its `data`
 *   typed, and `workflowGraphProblems` checks a whole graph before it is published.
 * The editor, the API and the engine all read these.
 */

export const WORKFLOW_LIMITS = {
  name: 255,
  description: 1000,
  nodes: 200,
  blockName: 100,
  /** Tries of a failing action block, the first included. */
  retriesMax: 10,
  retriesDefault: 3,
  webhookTimeoutMs: { min: 100, max: 30_000, default: 10_000 },
  webhookBody: 20_000,
  webhookHeaders: 30,
  delayMax: { minutes: 60 * 24 * 365, hours: 24 * 365, days: 365 },
  emailRecipients: 50,
  text: 2000,
} as const;

export const WORKFLOW_BLOCK_MESSAGES = {
  nameRequired: 'Tên khối không được bỏ trống',
  amountInvalid: 'Thời gian chờ phải là số nguyên dương',
  amountTooLong: 'Thời gian chờ tối đa 365 ngày',
  timeInvalid: 'Giờ phải có dạng HH:mm',
  daysInvalid: 'Số ngày từ 0 đến 365',
  specificTimeRequired: 'Vui lòng chọn thời điểm',
  subjectRequired: 'Tiêu đề ticket không được bỏ trống',
  templateRequired: 'Vui lòng chọn mẫu tin nhắn',
  emailContentRequired: 'Vui lòng chọn mẫu email hoặc nhập nội dung email',
  recipientsRequired: 'Vui lòng chọn người nhận',
  otherEmailsRequired: 'Vui lòng nhập ít nhất một email',
  groupsRequired: 'Vui lòng chọn ít nhất một phòng ban',
  agentRequired: 'Vui lòng chọn chuyên viên',
  updateEmpty: 'Vui lòng chọn ít nhất một trường cần cập nhật',
  titleRequired: 'Tiêu đề thông báo không được bỏ trống',
  bodyRequired: 'Nội dung thông báo không được bỏ trống',
  urlInvalid: 'URL phải bắt đầu bằng http:// hoặc https://',
  methodInvalid: 'Phương thức không hợp lệ',
  timeoutInvalid: `Thời gian chờ phản hồi từ ${WORKFLOW_LIMITS.webhookTimeoutMs.min} đến ${WORKFLOW_LIMITS.webhookTimeoutMs.max} ms`,
  retriesInvalid: `Số lần thử từ 1 đến ${WORKFLOW_LIMITS.retriesMax}`,
  headerInvalid: 'Tên header không hợp lệ',
  disabled: 'Khối này chưa được hỗ trợ',
  // the graph
  startCount: 'Kịch bản cần đúng một khối Bắt đầu',
  endMissing: 'Kịch bản cần ít nhất một khối Kết thúc',
  unreachable: 'Khối không được nối từ khối Bắt đầu',
  deadEnd: 'Nhánh này chưa kết thúc bằng khối Kết thúc',
  startHasIncoming: 'Khối Bắt đầu không có đường vào',
  endHasOutgoing: 'Khối Kết thúc không có đường ra',
  tooManyOutgoing: 'Khối này chỉ có một đường ra',
  branchEdges: 'Khối rẽ nhánh cần đúng một nhánh Có và một nhánh Không',
  cycle: 'Kịch bản không được có vòng lặp',
  edgeUnknown: 'Đường nối tới khối không tồn tại',
  triggerEvent: 'Vui lòng chọn sự kiện kích hoạt',
  triggerTitle: 'Tiêu đề sự kiện kích hoạt không được bỏ trống',
  nodesTooMany: `Tối đa ${WORKFLOW_LIMITS.nodes} khối`,
} as const;

const M = WORKFLOW_BLOCK_MESSAGES;
const blockTypes = WORKFLOW_BLOCK_TYPE.values as [WorkflowBlockType, ...WorkflowBlockType[]];
const id = (message: string) => z.uuid(message);
const tries = z
  .number({ error: M.retriesInvalid })
  .int(M.retriesInvalid)
  .min(1, M.retriesInvalid)
  .max(WORKFLOW_LIMITS.retriesMax, M.retriesInvalid)
  .default(WORKFLOW_LIMITS.retriesDefault);
/** Text that may hold `{{ticket.code}}`-style placeholders (TEMPLATE_PLACEHOLDERS). */
const templateText = (required: string, max: number = WORKFLOW_LIMITS.text) =>
  z.string({ error: required }).trim().min(1, required).max(max, `Tối đa ${max} ký tự`);

export const waitUnit = z.enum(WAIT_UNIT.values as ['days', 'hours', 'minutes'], {
  error: 'Đơn vị thời gian không hợp lệ',
});

/* ------------------------------------------------------------------- each block's data */

export const delayData = z
  .object({
    amount: z.number({ error: M.amountInvalid }).int(M.amountInvalid).min(1, M.amountInvalid),
    unit: waitUnit,
  })
  .refine((data) => data.amount <= WORKFLOW_LIMITS.delayMax[data.unit], {
    message: M.amountTooLong,
    path: ['amount'],
  });

/**
 * Wait until a moment: `offset_time` is "N days after the event, at HH:mm" (Asia/Bangkok; 0 days
 * = today at that time, or tomorrow when it has passed); `specific_time` is one instant.
 */
export const waitUntilData = z.discriminatedUnion('timing', [
  z.object({
    timing: z.literal('offset_time'),
    days: z
      .number({ error: M.daysInvalid })
      .int(M.daysInvalid)
      .min(0, M.daysInvalid)
      .max(365, M.daysInvalid),
    time: z.string({ error: M.timeInvalid }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, M.timeInvalid),
  }),
  z.object({
    timing: z.literal('specific_time'),
    at: z.iso.datetime({ error: M.specificTimeRequired }),
  }),
]);

const statusField = z.enum(TICKET_STATUS.values as [TicketStatus, ...TicketStatus[]], {
  error: 'Trạng thái không hợp lệ',
});

/** Who a changed or new ticket is given to. `requester` = the staff member who created the trigger ticket. */
export const assigneeChoice = z
  .object({
    option: z.enum(ASSIGNEE_OPTION.values as ['other_agent', 'requester', 'assigned_agent'], {
      error: 'Lựa chọn người xử lý không hợp lệ',
    }),
    user_id: id(M.agentRequired).nullish(),
  })
  .refine((choice) => choice.option !== 'other_agent' || Boolean(choice.user_id), {
    message: M.agentRequired,
    path: ['user_id'],
  });

/** A new ticket for the trigger ticket's requester. */
export const createTicketData = z.object({
  subject: templateText(M.subjectRequired, 255),
  description: z.string().max(WORKFLOW_LIMITS.text).default(''),
  status: statusField.default('new'),
  priority_id: id('Mức độ ưu tiên không hợp lệ').nullish(),
  type_id: id('Loại ticket không hợp lệ').nullish(),
  service_id: id('Dịch vụ không hợp lệ').nullish(),
  group_id: id('Bộ phận không hợp lệ').nullish(),
  assignee: assigneeChoice.nullish(),
  tag_ids: z.array(id('Tag không hợp lệ')).max(50).default([]),
  retries: tries,
});

/** Changes to the trigger ticket; fields left out stay as they are. */
export const updateTicketData = z
  .object({
    status: statusField.nullish(),
    priority_id: id('Mức độ ưu tiên không hợp lệ').nullish(),
    type_id: id('Loại ticket không hợp lệ').nullish(),
    service_id: id('Dịch vụ không hợp lệ').nullish(),
    group_id: id('Bộ phận không hợp lệ').nullish(),
    assignee: assigneeChoice.nullish(),
    add_tag_ids: z.array(id('Tag không hợp lệ')).max(50).default([]),
    remove_tag_ids: z.array(id('Tag không hợp lệ')).max(50).default([]),
    /** Ticket custom field values by key, checked like the ticket form's. */
    custom: z.record(z.string(), z.unknown()).default({}),
    retries: tries,
  })
  .refine(
    (data) =>
      Boolean(
        data.status ||
        data.priority_id ||
        data.type_id ||
        data.service_id ||
        data.group_id ||
        data.assignee ||
        data.add_tag_ids.length ||
        data.remove_tag_ids.length ||
        Object.keys(data.custom).length,
      ),
    { message: M.updateEmpty, path: ['status'] },
  );

const emailKinds = EMAIL_RECIPIENT_KIND.values as [
  'requester',
  'assignee',
  'cc',
  'followers',
  'group',
  'other',
];
/** A blank choice in the editor's select is "no template". */
const optionalId = (message: string) =>
  z.preprocess(
    (value) => (value === '' || value === null ? undefined : value),
    id(message).optional(),
  );
/**
 * An email. Recipients: the requester's first email, the assigned agent, the ticket's CC, its
 * followers, every active staff member of the chosen departments (`group`), and listed addresses
 * (`other`). Its subject and content come from a message template of kind email when one is
 * chosen, otherwise from the block's own `subject` and `body`; both may hold placeholders.
 */
export const sendEmailData = z
  .object({
    template_id: optionalId(M.templateRequired),
    subject: z
      .string()
      .trim()
      .max(TEMPLATE_SUBJECT_MAX, `Tối đa ${TEMPLATE_SUBJECT_MAX} ký tự`)
      .default(''),
    body: z
      .string()
      .trim()
      .max(TEMPLATE_CONTENT_MAX.email, `Tối đa ${TEMPLATE_CONTENT_MAX.email} ký tự`)
      .default(''),
    recipients: z.array(z.enum(emailKinds)).min(1, M.recipientsRequired),
    group_ids: z.array(id('Phòng ban không hợp lệ')).max(50).default([]),
    emails: z.array(emailField()).max(WORKFLOW_LIMITS.emailRecipients).default([]),
    retries: tries,
  })
  .refine((data) => data.template_id !== undefined || data.body !== '', {
    message: M.emailContentRequired,
    path: ['body'],
  })
  .refine((data) => !data.recipients.includes('other') || data.emails.length > 0, {
    message: M.otherEmailsRequired,
    path: ['emails'],
  })
  .refine((data) => !data.recipients.includes('group') || data.group_ids.length > 0, {
    message: M.groupsRequired,
    path: ['group_ids'],
  });

/** An SMS or a ZNS to the requester's first phone, from a message template of that kind. */
export const sendSmsData = z.object({ template_id: id(M.templateRequired), retries: tries });
export const sendZnsData = z.object({ template_id: id(M.templateRequired), retries: tries });

/** A notification (the bell and the app) to staff picked by their relation to the ticket. */
export const pushNotificationData = z.object({
  recipients: z
    .array(
      z.enum(
        RECIPIENT_KIND.values as [
          'assigned_agent',
          'follower',
          'cc',
          'admin',
          'leader',
          'supervisor',
        ],
      ),
    )
    .min(1, M.recipientsRequired),
  title: templateText(M.titleRequired, 200),
  body: templateText(M.bodyRequired),
  retries: tries,
});

const HEADER_NAME = /^[A-Za-z0-9!#$%&'*+.^_`|~-]{1,100}$/;
/**
 * A call to an outside HTTP API. `url`, header values and `body` may hold placeholders. The
 * response's status and (capped) body go into the run's trace; a non-2xx answer fails the try.
 */
export const webhookData = z.object({
  method: z.enum(WEBHOOK_METHODS, { error: M.methodInvalid }),
  url: z
    .string({ error: M.urlInvalid })
    .trim()
    .max(2000, 'URL tối đa 2000 ký tự')
    .regex(/^https?:\/\/\S+$/i, M.urlInvalid),
  headers: z
    .record(z.string().regex(HEADER_NAME, M.headerInvalid), z.string().max(2000))
    .refine((headers) => Object.keys(headers).length <= WORKFLOW_LIMITS.webhookHeaders, {
      message: `Tối đa ${WORKFLOW_LIMITS.webhookHeaders} header`,
    })
    .default({}),
  body: z
    .string()
    .max(WORKFLOW_LIMITS.webhookBody, `Nội dung tối đa ${WORKFLOW_LIMITS.webhookBody} ký tự`)
    .default(''),
  timeout_ms: z
    .number({ error: M.timeoutInvalid })
    .int(M.timeoutInvalid)
    .min(WORKFLOW_LIMITS.webhookTimeoutMs.min, M.timeoutInvalid)
    .max(WORKFLOW_LIMITS.webhookTimeoutMs.max, M.timeoutInvalid)
    .default(WORKFLOW_LIMITS.webhookTimeoutMs.default),
  retries: tries,
});

/** If/else: the `yes` edge when the conditions hold, else the `no` edge. */
export const branchData = z.object({ conditions: workflowConditions });

const emptyData = z.object({}).passthrough();

/* ------------------------------------------------------------------------------ blocks */

export const WORKFLOW_BLOCK_DATA = {
  start: emptyData,
  end: emptyData,
  delay: delayData,
  wait_until: waitUntilData,
  create_ticket: createTicketData,
  update_ticket: updateTicketData,
  send_email: sendEmailData,
  send_sms: sendSmsData,
  send_zns: sendZnsData,
  send_facebook: emptyData,
  send_livechat: emptyData,
  send_zalo: emptyData,
  push_notification: pushNotificationData,
  callbot: emptyData,
  create_contact: emptyData,
  update_contact: emptyData,
  webhook: webhookData,
  branch: branchData,
} as const satisfies Record<WorkflowBlockType, z.ZodType>;

export type WorkflowBlockData = {
  [Type in WorkflowBlockType]: z.infer<(typeof WORKFLOW_BLOCK_DATA)[Type]>;
};

export const isDisabledBlock = (type: WorkflowBlockType): boolean =>
  DISABLED_WORKFLOW_BLOCK_TYPES.includes(type);

/** Blocks that act on the world: the engine tries them up to `data.retries` times. */
export const ACTION_BLOCK_TYPES: readonly WorkflowBlockType[] = [
  'create_ticket',
  'update_ticket',
  'send_email',
  'send_sms',
  'send_zns',
  'push_notification',
  'webhook',
];
/** Blocks that hold a run in `waiting` until a moment. */
export const WAIT_BLOCK_TYPES: readonly WorkflowBlockType[] = ['delay', 'wait_until'];

export const position = z.object({ x: z.number().finite(), y: z.number().finite() });

/** A block as saved (a draft's data may be unfinished). */
export const workflowNode = z.object({
  id: z
    .string()
    .trim()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z0-9_-]+$/, 'Mã khối không hợp lệ'),
  type: z.enum(blockTypes, { error: 'Loại khối không hợp lệ' }),
  name: z.string().trim().max(WORKFLOW_LIMITS.blockName).default(''),
  data: z.record(z.string(), z.unknown()).default({}),
  position: position.default({ x: 0, y: 0 }),
});
export type WorkflowNode = z.infer<typeof workflowNode>;

export const EDGE_BRANCHES = ['yes', 'no'] as const;
export type EdgeBranch = (typeof EDGE_BRANCHES)[number];
export const EDGE_BRANCH_LABEL: Readonly<Record<EdgeBranch, string>> = { yes: 'Có', no: 'Không' };

export const workflowEdge = z.object({
  source: z.string().min(1).max(64),
  target: z.string().min(1).max(64),
  /** Only on the edges leaving a branch block. */
  branch: z.enum(EDGE_BRANCHES).optional(),
});
export type WorkflowEdge = z.infer<typeof workflowEdge>;

export const workflowTrigger = z.object({
  target: z.literal('tickets').default('tickets'),
  event: z
    .enum(WORKFLOW_TRIGGER.values as ['ticket_created', 'ticket_updated'], {
      error: M.triggerEvent,
    })
    .default('ticket_created'),
  title: z.string().trim().max(255).default(''),
  conditions: workflowConditions.default({ logic: 'and', items: [] }),
});
export type WorkflowTrigger = z.infer<typeof workflowTrigger>;

/** `workflow_steps` as a save accepts it. */
export const workflowStepsDraft = z.object({
  trigger: workflowTrigger.default({
    target: 'tickets',
    event: 'ticket_created',
    title: '',
    conditions: { logic: 'and', items: [] },
  }),
  nodes: z.array(workflowNode).max(WORKFLOW_LIMITS.nodes, M.nodesTooMany).default([]),
  edges: z
    .array(workflowEdge)
    .max(WORKFLOW_LIMITS.nodes * 2)
    .default([]),
});
export type WorkflowSteps = z.infer<typeof workflowStepsDraft>;

/** One finished block: the union on `type` with each block's data typed. */
export const workflowBlock = z.discriminatedUnion(
  'type',
  blockTypes.map((type) =>
    workflowNode.extend({ type: z.literal(type), data: WORKFLOW_BLOCK_DATA[type] }),
  ) as unknown as [
    z.ZodObject<{ type: z.ZodLiteral<WorkflowBlockType> }>,
    ...z.ZodObject<{ type: z.ZodLiteral<WorkflowBlockType> }>[],
  ],
);
export type WorkflowBlock = {
  [Type in WorkflowBlockType]: Omit<WorkflowNode, 'type' | 'data'> & {
    type: Type;
    data: WorkflowBlockData[Type];
  };
}[WorkflowBlockType];

/** A block's data read as finished, or its problems as `{param: '<field path>', message}`. */
export function blockDataProblems(
  node: Pick<WorkflowNode, 'type' | 'data'>,
  customKinds: CustomFieldKinds = {},
): { param: string; message: string }[] {
  if (isDisabledBlock(node.type)) return [{ param: 'type', message: M.disabled }];
  const parsed = WORKFLOW_BLOCK_DATA[node.type].safeParse(node.data);
  const problems = parsed.success
    ? []
    : parsed.error.issues.map((issue) => ({
        param: issue.path.join('.') || 'data',
        message: issue.message,
      }));
  if (node.type === 'branch' && parsed.success) {
    const conditions = (parsed.data as WorkflowBlockData['branch']).conditions;
    conditions.items.forEach((condition, index) =>
      conditionProblems(condition, { customKinds }).forEach((problem) =>
        problems.push({
          param: `conditions.items.${index}.${problem.param}`,
          message: problem.message,
        }),
      ),
    );
  }
  return problems;
}

/**
 * Everything that stops a graph from being published, each on its place:
 * `nodes.<id>.<field>` for a block, `trigger.<field>` for the trigger, `graph` for the whole.
 * Rules: exactly one start; at least one end; every block reachable from start; every path ends
 * in an end block (no dead ends, no cycles); start has no way in, end no way out; a branch has
 * one `yes` and one `no` edge, any other block at most one way out; no disabled block; every
 * block's data finished.
 */
export function workflowGraphProblems(
  steps: WorkflowSteps,
  customKinds: CustomFieldKinds = {},
): { param: string; message: string }[] {
  const problems: { param: string; message: string }[] = [];
  const at = (node: string, field: string, message: string) =>
    problems.push({ param: `nodes.${node}.${field}`, message });

  if (!steps.trigger.title.trim())
    problems.push({ param: 'trigger.title', message: M.triggerTitle });
  steps.trigger.conditions.items.forEach((condition, index) =>
    conditionProblems(condition, { event: steps.trigger.event, customKinds }).forEach((problem) =>
      problems.push({
        param: `trigger.conditions.items.${index}.${problem.param}`,
        message: problem.message,
      }),
    ),
  );

  const nodes = new Map(steps.nodes.map((node) => [node.id, node]));
  const starts = steps.nodes.filter((node) => node.type === 'start');
  if (starts.length !== 1) problems.push({ param: 'graph', message: M.startCount });
  if (!steps.nodes.some((node) => node.type === 'end'))
    problems.push({ param: 'graph', message: M.endMissing });

  const outgoing = new Map<string, WorkflowEdge[]>();
  const incoming = new Map<string, number>();
  for (const edge of steps.edges) {
    if (!nodes.has(edge.source) || !nodes.has(edge.target)) {
      problems.push({ param: 'graph', message: M.edgeUnknown });
      continue;
    }
    outgoing.set(edge.source, [...(outgoing.get(edge.source) ?? []), edge]);
    incoming.set(edge.target, (incoming.get(edge.target) ?? 0) + 1);
  }

  for (const node of steps.nodes) {
    if (!node.name.trim()) at(node.id, 'name', M.nameRequired);
    for (const problem of blockDataProblems(node, customKinds))
      at(node.id, problem.param, problem.message);
    const out = outgoing.get(node.id) ?? [];
    if (node.type === 'start' && incoming.get(node.id)) at(node.id, 'edges', M.startHasIncoming);
    if (node.type === 'end' && out.length > 0) at(node.id, 'edges', M.endHasOutgoing);
    if (node.type === 'branch') {
      const yes = out.filter((edge) => edge.branch === 'yes').length;
      const no = out.filter((edge) => edge.branch === 'no').length;
      if (yes !== 1 || no !== 1 || out.length !== 2) at(node.id, 'edges', M.branchEdges);
    } else if (node.type !== 'end') {
      if (out.length > 1) at(node.id, 'edges', M.tooManyOutgoing);
      else if (out.length === 0) at(node.id, 'edges', M.deadEnd);
    }
  }

  // Reachability from start, and cycles (a depth-first walk that meets a block on its own path).
  const start = starts[0];
  if (start) {
    const reached = new Set<string>();
    const onPath = new Set<string>();
    let cycle = false;
    const walk = (nodeId: string) => {
      if (onPath.has(nodeId)) {
        cycle = true;
        return;
      }
      if (reached.has(nodeId)) return;
      reached.add(nodeId);
      onPath.add(nodeId);
      for (const edge of outgoing.get(nodeId) ?? []) walk(edge.target);
      onPath.delete(nodeId);
    };
    walk(start.id);
    if (cycle) problems.push({ param: 'graph', message: M.cycle });
    for (const node of steps.nodes) {
      if (!reached.has(node.id)) at(node.id, 'edges', M.unreachable);
    }
  }
  return problems;
}

/** The label a block type shows (palette, trace). */
export const blockTypeLabel = (type: string) => WORKFLOW_BLOCK_TYPE.label(type);
