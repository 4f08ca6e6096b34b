import { z } from 'zod';
import { labelled } from '../platform/labelled.js';
import { requiredText } from '../platform/validation.js';

/** How a queue picks the next agent among the free members. */
export const QUEUE_STRATEGY = labelled({
  longest_idle: 'Rảnh lâu nhất',
  round_robin: 'Xoay vòng',
});
export type QueueStrategy = (typeof QUEUE_STRATEGY.values)[number];

/** Where a caller goes past the queue's maximum wait. */
export const QUEUE_OVERFLOW = labelled({
  none: 'Tiếp tục chờ',
  queue: 'Chuyển sang hàng chờ khác',
  voicemail: 'Để lại lời nhắn (tạo ticket)',
});
export type QueueOverflow = (typeof QUEUE_OVERFLOW.values)[number];

export const QUEUE_LIMITS = {
  name: 100,
  hotlines: 20,
  members: 200,
  ringTimeout: { min: 5, max: 120, default: 20 },
  // The gateway holds a waiting caller for about 12 minutes at most (tm's branches per INVITE,
  // gateway/README.md): a queue's own maximum stays below, so its overflow always comes first.
  maxWait: { min: 0, max: 600, default: 120 },
} as const;

export const QUEUE_MESSAGES = {
  created: 'Tạo hàng chờ thành công',
  updated: 'Cập nhật hàng chờ thành công',
  deleted: 'Xóa hàng chờ thành công',
  notFound: 'Không tìm thấy hàng chờ',
  nameTaken: 'Tên hàng chờ đã tồn tại',
  subject: 'Hàng chờ',
  hotlineInvalid: 'Số hotline không hợp lệ',
  hotlineRepeated: 'Số hotline bị trùng trong danh sách',
  hotlineTaken: (hotline: string, queue: string) =>
    `Số hotline ${hotline} đã thuộc hàng chờ ${queue}`,
  /** A hotline answered by another tenant: its queue is not named. */
  hotlineElsewhere: (hotline: string) => `Số hotline ${hotline} đã được sử dụng`,
  /** Another save took the hotline between the check and the write. */
  hotlineConflict: 'Số hotline đã được sử dụng',
  memberMissing: 'Chuyên viên không tồn tại hoặc đã bị vô hiệu hóa',
  overflowQueueRequired: 'Vui lòng chọn hàng chờ tràn',
  overflowQueueMissing: 'Hàng chờ tràn không tồn tại',
  overflowSelf: 'Hàng chờ không thể tràn sang chính nó',
  overflowLoop: 'Hàng chờ tràn tạo thành vòng lặp',
  inUse: (queues: string[]) =>
    `Không thể xóa: hàng chờ đang là hàng chờ tràn của ${queues.join(', ')}`,
} as const;

/** Hotlines and phone numbers as the gateway sends them: digits, an optional leading +. */
export const hotlineField = z
  .string({ error: QUEUE_MESSAGES.hotlineInvalid })
  .trim()
  .regex(/^\+?\d{3,15}$/, QUEUE_MESSAGES.hotlineInvalid);

const secondsField = (label: string, limits: { min: number; max: number }) =>
  z
    .number({ error: `${label} không hợp lệ` })
    .int(`${label} không hợp lệ`)
    .min(limits.min, `${label} tối thiểu ${limits.min} giây`)
    .max(limits.max, `${label} tối đa ${limits.max} giây`);

export const queueBody = z
  .object({
    name: requiredText('Tên hàng chờ', QUEUE_LIMITS.name),
    hotlines: z
      .array(hotlineField)
      .max(QUEUE_LIMITS.hotlines, `Tối đa ${QUEUE_LIMITS.hotlines} số hotline`)
      .default([]),
    member_ids: z
      .array(z.uuid(QUEUE_MESSAGES.memberMissing))
      .max(QUEUE_LIMITS.members, `Tối đa ${QUEUE_LIMITS.members} chuyên viên`)
      .default([]),
    strategy: z
      .enum(QUEUE_STRATEGY.values as [QueueStrategy, ...QueueStrategy[]], {
        error: 'Cách phân phối không hợp lệ',
      })
      .default('longest_idle'),
    ring_timeout_seconds: secondsField('Thời gian đổ chuông', QUEUE_LIMITS.ringTimeout).default(
      QUEUE_LIMITS.ringTimeout.default,
    ),
    max_wait_seconds: secondsField('Thời gian chờ tối đa', QUEUE_LIMITS.maxWait).default(
      QUEUE_LIMITS.maxWait.default,
    ),
    overflow_action: z
      .enum(QUEUE_OVERFLOW.values as [QueueOverflow, ...QueueOverflow[]], {
        error: 'Hành động khi quá thời gian chờ không hợp lệ',
      })
      .default('none'),
    overflow_queue_id: z.uuid(QUEUE_MESSAGES.overflowQueueMissing).nullable().default(null),
  })
  .superRefine((value, ctx) => {
    const seen = new Set<string>();
    value.hotlines.forEach((hotline, index) => {
      if (seen.has(hotline))
        ctx.addIssue({
          code: 'custom',
          path: ['hotlines', index],
          message: QUEUE_MESSAGES.hotlineRepeated,
        });
      seen.add(hotline);
    });
    if (value.overflow_action === 'queue' && !value.overflow_queue_id)
      ctx.addIssue({
        code: 'custom',
        path: ['overflow_queue_id'],
        message: QUEUE_MESSAGES.overflowQueueRequired,
      });
  });
export type QueueBody = z.infer<typeof queueBody>;
export type QueueInput = z.input<typeof queueBody>;

const named = z.object({ _id: z.string(), name: z.string() });

export const queueView = z.object({
  _id: z.string(),
  name: z.string(),
  hotlines: z.array(z.string()),
  members: z.array(named.extend({ agent_id: z.string(), presence: z.string() })),
  strategy: z.string(),
  ring_timeout_seconds: z.number().int(),
  max_wait_seconds: z.number().int(),
  overflow_action: z.string(),
  overflow_queue: named.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type QueueView = z.infer<typeof queueView>;
