import { z } from 'zod';
import { isoDateTime } from '../platform/envelope.js';
import { requiredText } from '../platform/validation.js';

/**
 * SLA policies. A policy holds targets per priority, each optionally narrowed to one ticket
 * type, counted in business time of its schedule (none: the tenant's default schedule; no
 * default either: calendar time). Matching (`resolveSlaPolicy`): policies are tried by `order`
 * ascending; inside one, a target of the ticket's priority and type wins over one of its
 * priority for every type; the first policy holding either gives the targets.
 */

export const SLA_MESSAGES = {
  created: 'Tạo mới chính sách SLA thành công',
  updated: 'Cập nhật chính sách SLA thành công',
  deleted: 'Xóa chính sách SLA thành công',
  notFound: 'Không tìm thấy chính sách SLA',
  nameTaken: 'Tên chính sách SLA đã tồn tại',
  subject: 'Chính sách SLA',
  scheduleMissing: 'Lịch làm việc không tồn tại',
  priorityMissing: 'Mức độ ưu tiên không tồn tại',
  typeMissing: 'Loại ticket không tồn tại',
  targetsRequired: 'Vui lòng thêm ít nhất một mục tiêu',
  targetDuplicate: 'Mục tiêu bị trùng mức độ ưu tiên và loại ticket',
  minutesInvalid: 'Số phút phải là số nguyên từ 1 đến 525600',
  resolutionBeforeResponse: 'Thời gian giải quyết không được ngắn hơn thời gian phản hồi đầu tiên',
  ordered: 'Cập nhật thứ tự chính sách SLA thành công',
  orderMismatch: 'Danh sách phải gồm đúng một lần mỗi chính sách SLA hiện có',
} as const;

export const SLA_MINUTES_MAX = 525_600;
const minutes = z
  .number({ error: SLA_MESSAGES.minutesInvalid })
  .int(SLA_MESSAGES.minutesInvalid)
  .min(1, SLA_MESSAGES.minutesInvalid)
  .max(SLA_MINUTES_MAX, SLA_MESSAGES.minutesInvalid);

export const slaTargetBody = z
  .object({
    priority_id: z.uuid(SLA_MESSAGES.priorityMissing),
    type_id: z
      .uuid(SLA_MESSAGES.typeMissing)
      .nullish()
      .transform((value) => value ?? null),
    first_response_minutes: minutes,
    resolution_minutes: minutes,
  })
  .refine((target) => target.resolution_minutes >= target.first_response_minutes, {
    path: ['resolution_minutes'],
    message: SLA_MESSAGES.resolutionBeforeResponse,
  });

export const slaPolicyBody = z.object({
  name: requiredText('Tên chính sách SLA', 100),
  description: z
    .string({ error: 'Mô tả không hợp lệ' })
    .trim()
    .max(500, 'Mô tả không được vượt quá 500 ký tự')
    .nullish()
    .transform((value) => value ?? ''),
  schedule_id: z
    .uuid(SLA_MESSAGES.scheduleMissing)
    .nullish()
    .transform((value) => value ?? null),
  order: z
    .number({ error: 'Thứ tự phải là số nguyên từ 0 đến 999' })
    .int('Thứ tự phải là số nguyên từ 0 đến 999')
    .min(0, 'Thứ tự phải là số nguyên từ 0 đến 999')
    .max(999, 'Thứ tự phải là số nguyên từ 0 đến 999')
    .optional()
    .default(0),
  targets: z
    .array(slaTargetBody)
    .min(1, SLA_MESSAGES.targetsRequired)
    .max(100)
    .superRefine((targets, ctx) => {
      targets.forEach((target, index) => {
        const first = targets.findIndex(
          (other) => other.priority_id === target.priority_id && other.type_id === target.type_id,
        );
        if (first < index)
          ctx.addIssue({
            code: 'custom',
            path: [index, 'priority_id'],
            message: SLA_MESSAGES.targetDuplicate,
          });
      });
    }),
});
export type SlaPolicyBody = z.input<typeof slaPolicyBody>;

export const slaTargetView = z.object({
  priority_id: z.string(),
  priority_name: z.string(),
  type_id: z.string().nullable(),
  type_name: z.string().nullable(),
  first_response_minutes: z.number().int(),
  resolution_minutes: z.number().int(),
});

export const slaPolicyView = z.object({
  _id: z.string(),
  name: z.string(),
  description: z.string(),
  schedule_id: z.string().nullable(),
  schedule_name: z.string().nullable(),
  order: z.number().int(),
  targets: z.array(slaTargetView),
  created_at: isoDateTime,
  updated_at: isoDateTime,
});
export type SlaPolicy = z.infer<typeof slaPolicyView>;

/**
 * `PUT /v2/sla-policies/order`: every policy of the tenant, once each, in the order they are to
 * be tried; their `order` becomes 1, 2, 3... The answer is the list in that order.
 */
export const slaOrderBody = z.object({
  ids: z
    .array(z.uuid(SLA_MESSAGES.orderMismatch), { error: SLA_MESSAGES.orderMismatch })
    .min(1, SLA_MESSAGES.orderMismatch)
    .max(1000, SLA_MESSAGES.orderMismatch)
    .refine((ids) => new Set(ids).size === ids.length, SLA_MESSAGES.orderMismatch),
});
export type SlaOrderBody = z.infer<typeof slaOrderBody>;
