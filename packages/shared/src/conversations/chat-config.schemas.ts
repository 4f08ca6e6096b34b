import { z } from 'zod';
import { isoDateTime } from '../platform/envelope.js';
import { labelled } from '../platform/labelled.js';

/**
 * The tenant's chat settings (`GET`/`PUT /v2/chat-config`, spec section 7): how conversations
 * are routed to agents and what the widget says. Every tenant has them (the defaults until saved).
 */

/** What happens to an agent's open chats when they sign out or go NOT AVAILABLE. */
export const CHAT_ON_AGENT_AWAY = labelled({
  requeue: 'Trả về hàng chờ để chia cho người khác',
  keep: 'Giữ lại cho chuyên viên đó',
});
export type ChatOnAgentAway = (typeof CHAT_ON_AGENT_AWAY.values)[number];

export const CHAT_CONFIG_LIMITS = {
  chatsPerAgent: { min: 1, max: 50 },
  autoResolveHours: { min: 0, max: 720 },
  text: 1000,
} as const;

export const CHAT_CONFIG_MESSAGES = {
  saved: 'Cập nhật cấu hình chat thành công',
  chatsPerAgent: `Số chat cùng lúc từ ${CHAT_CONFIG_LIMITS.chatsPerAgent.min} đến ${CHAT_CONFIG_LIMITS.chatsPerAgent.max}`,
  autoResolveHours: `Số giờ từ ${CHAT_CONFIG_LIMITS.autoResolveHours.min} đến ${CHAT_CONFIG_LIMITS.autoResolveHours.max} (0 là không tự đóng)`,
  onAgentAway: 'Cách xử lý không hợp lệ',
  required: (label: string) => `${label} không được bỏ trống`,
  tooLong: (label: string) => `${label} tối đa ${CHAT_CONFIG_LIMITS.text} ký tự`,
  boolean: 'Giá trị phải là bật hoặc tắt',
} as const;

const M = CHAT_CONFIG_MESSAGES;
const text = (label: string) =>
  z
    .string({ error: M.required(label) })
    .trim()
    .min(1, M.required(label))
    .max(CHAT_CONFIG_LIMITS.text, M.tooLong(label));
const whole = (message: string, range: { min: number; max: number }) =>
  z.number({ error: message }).int(message).min(range.min, message).max(range.max, message);

export const chatConfigBody = z.object({
  /** New conversations go to an AVAILABLE agent of the channel's department by themselves. */
  auto_assign: z.boolean({ error: M.boolean }),
  /** Chats an agent holds at once; past it they get no new one automatically. */
  max_chats_per_agent: whole(M.chatsPerAgent, CHAT_CONFIG_LIMITS.chatsPerAgent),
  on_agent_away: z.enum(CHAT_ON_AGENT_AWAY.values, { error: M.onAgentAway }),
  greeting: text('Lời chào'),
  offline_message: text('Tin nhắn ngoài giờ'),
  /** A conversation silent this many hours is resolved (0: never). */
  auto_resolve_hours: whole(M.autoResolveHours, CHAT_CONFIG_LIMITS.autoResolveHours),
  /** On resolve, the visitor is asked for a rating of 1 to 5 with a comment. */
  survey_on_resolve: z.boolean({ error: M.boolean }),
  survey_question: text('Câu hỏi khảo sát'),
});
export type ChatConfigBody = z.infer<typeof chatConfigBody>;

export const chatConfigView = chatConfigBody.extend({
  /** When it was last saved; null while the tenant runs on the defaults. */
  updated_at: isoDateTime.nullable(),
});
export type ChatConfigView = z.infer<typeof chatConfigView>;

export const CHAT_CONFIG_DEFAULTS: ChatConfigBody = {
  auto_assign: true,
  max_chats_per_agent: 4,
  on_agent_away: 'requeue',
  greeting: 'Xin chào! Chúng tôi có thể giúp gì cho anh/chị?',
  offline_message:
    'Hiện chúng tôi đang ngoài giờ làm việc. Anh/chị vui lòng để lại lời nhắn, chúng tôi sẽ liên hệ lại sớm nhất.',
  auto_resolve_hours: 24,
  survey_on_resolve: true,
  survey_question: 'Anh/chị đánh giá cuộc trò chuyện này thế nào?',
};
