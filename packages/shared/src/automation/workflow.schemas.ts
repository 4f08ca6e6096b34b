import { z } from 'zod';
import { pageQuery } from '../platform/validation.js';
import { isoDateTime, listBody } from '../platform/envelope.js';
import {
  WORKFLOW_RUN_STATUS,
  WORKFLOW_STATUS,
  type WorkflowRunStatus,
  type WorkflowStatus,
} from './workflow-enums.js';
import { WORKFLOW_LIMITS, workflowStepsDraft } from './workflow-blocks.js';

/** The automation API (spec section 7): workflows, their status changes, copies and run histories. */

export const WORKFLOW_MESSAGES = {
  notFound: 'Không tìm thấy kịch bản tự động hóa',
  nameRequired: 'Tên kịch bản không được bỏ trống',
  created: 'Tạo mới kịch bản thành công',
  updated: 'Cập nhật thành công',
  deleted: 'Xóa thành công',
  copied: 'Sao chép thành công',
  /** change-status only moves inactive → active and active → inactive. */
  statusChange:
    'Chỉ có thể kích hoạt kịch bản đang không hoạt động hoặc ngừng kịch bản đang hoạt động',
  invalidGraph: 'Kịch bản chưa hợp lệ, vui lòng kiểm tra các khối được đánh dấu',
  copySuffix: ' (bản sao)',
  /** Confirmation before delete. */
  confirmDelete: (name: string) => `Bạn có chắc chắn muốn xóa ${name} không?`,
} as const;

const statusField = z.enum(WORKFLOW_STATUS.values as [WorkflowStatus, ...WorkflowStatus[]], {
  error: 'Trạng thái không hợp lệ',
});
const namedRef = z.object({ _id: z.string(), name: z.string() });

/** `GET /v2/workflow`: `name` searches without diacritics or case. */
export const workflowListQuery = pageQuery.extend({
  name: z.string().trim().max(255, 'Từ khóa tối đa 255 ký tự').optional(),
});

/**
 * `POST /v2/workflow`: a body with only `name` creates an empty draft. `status: 'active'`
 * publishes at once (the graph must pass `workflowGraphProblems`, else 422 with every problem).
 */
export const workflowBody = z.object({
  name: z
    .string({ error: WORKFLOW_MESSAGES.nameRequired })
    .trim()
    .min(1, WORKFLOW_MESSAGES.nameRequired)
    .max(WORKFLOW_LIMITS.name, `Tên kịch bản không được vượt quá ${WORKFLOW_LIMITS.name} ký tự`),
  description: z
    .string()
    .trim()
    .max(
      WORKFLOW_LIMITS.description,
      `Mô tả không được vượt quá ${WORKFLOW_LIMITS.description} ký tự`,
    )
    .default(''),
  status: statusField.default('draft'),
  workflow_steps: workflowStepsDraft.default({
    trigger: {
      target: 'tickets',
      event: 'ticket_created',
      title: '',
      conditions: { logic: 'and', items: [] },
    },
    nodes: [],
    edges: [],
  }),
});
export type WorkflowBody = z.input<typeof workflowBody>;

/**
 * `PUT /v2/workflow/{id}`: fields left out keep their value (the spec's update payload can be
 * just `{status}`). Saving `status: 'active'` validates the whole graph; moving an active
 * workflow to draft or inactive cancels its waiting runs.
 */
export const workflowUpdateBody = z.object({
  name: workflowBody.shape.name.optional(),
  description: workflowBody.shape.description.unwrap().optional(),
  status: statusField.optional(),
  workflow_steps: workflowStepsDraft.optional(),
});
export type WorkflowUpdateBody = z.input<typeof workflowUpdateBody>;

/** `PUT /v2/workflow/change-status/{id}`. */
export const workflowStatusBody = z.object({ status: statusField });

export const workflowIdParams = z.object({ id: z.uuid(WORKFLOW_MESSAGES.notFound) });

/** A workflow as the list and the editor read it. */
export const workflowView = z.object({
  _id: z.string(),
  name: z.string(),
  description: z.string(),
  status: statusField,
  workflow_steps: workflowStepsDraft,
  created_by: namedRef.nullable(),
  updated_by: namedRef.nullable(),
  created_at: isoDateTime,
  updated_at: isoDateTime,
});
export type Workflow = z.infer<typeof workflowView>;
export const workflowListAnswer = listBody(workflowView);

/* -------------------------------------------------------------------------- run histories */

const runStatusField = z.enum(
  WORKFLOW_RUN_STATUS.values as [WorkflowRunStatus, ...WorkflowRunStatus[]],
);

export const WORKFLOW_STEP_STATUS = [
  'running',
  'waiting',
  'completed',
  'failed',
  'cancel',
  'skipped',
] as const;

/** `GET /v2/workflow/{id}/run-histories`: `search` over ticket code and subject and customer name. */
export const workflowRunQuery = pageQuery.extend({
  search: z.string().trim().max(200, 'Từ khóa tối đa 200 ký tự').optional(),
  status: z
    .enum(['all', ...WORKFLOW_RUN_STATUS.values] as ['all', ...WorkflowRunStatus[]], {
      error: 'Trạng thái không hợp lệ',
    })
    .default('all'),
});

/** One step of a run's trace: a block as it ran (its last try). */
export const workflowRunStepView = z.object({
  step_id: z.string(),
  step_name: z.string(),
  type: z.string(),
  status: z.enum(WORKFLOW_STEP_STATUS),
  /** The try this entry records (1 = the first). */
  attempt: z.number().int(),
  input: z.unknown(),
  output: z.unknown(),
  error: z.string().nullable(),
  started_at: isoDateTime,
  finished_at: isoDateTime.nullable(),
  duration_ms: z.number().int().nullable(),
});
export type WorkflowRunStep = z.infer<typeof workflowRunStepView>;

export const workflowRunView = z.object({
  _id: z.string(),
  start_time: isoDateTime,
  ticket: z.object({ _id: z.string(), code: z.string(), subject: z.string() }).nullable(),
  requester: z.object({ name: z.string() }).nullable(),
  steps: z.array(workflowRunStepView),
  status: runStatusField,
  /** Why it failed or was cancelled, as the history's note shows it. */
  error: z.string().nullable(),
  finished_at: isoDateTime.nullable(),
});
export type WorkflowRun = z.infer<typeof workflowRunView>;
export const workflowRunListAnswer = listBody(workflowRunView);

/** A published block names something the tenant does not have (deleted, or another kind). */
export const WORKFLOW_REFERENCE_MESSAGES = {
  template: 'Mẫu tin nhắn không tồn tại hoặc không đúng loại',
  priority: 'Mức độ ưu tiên không tồn tại',
  type: 'Loại ticket không tồn tại',
  service: 'Dịch vụ không tồn tại',
  department: 'Phòng ban không tồn tại',
  staff: 'Chuyên viên không tồn tại hoặc đã bị vô hiệu hóa',
  tag: 'Tag không tồn tại',
} as const;
