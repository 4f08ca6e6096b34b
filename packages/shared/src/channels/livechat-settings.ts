import { z } from 'zod';
import { labelled } from '../platform/labelled.js';
import { AVATAR_MAX_BYTES } from '../platform/constants.js';

/**
 * A livechat channel's settings (the widget a site embeds): its look, who may embed it, what the
 * pre-chat form asks and when the team is reachable. No secrets: the widget is public, and what
 * it may reach is a visitor's own conversation.
 */

/** How the pre-chat form treats a field. */
export const PRE_CHAT_FIELD_MODE = labelled({
  required: 'Bắt buộc',
  optional: 'Không bắt buộc',
  hidden: 'Không hỏi',
});
export type PreChatFieldMode = (typeof PRE_CHAT_FIELD_MODE.values)[number];

export const WIDGET_POSITION = labelled({ right: 'Góc phải', left: 'Góc trái' });
export type WidgetPosition = (typeof WIDGET_POSITION.values)[number];

export const LIVECHAT_LIMITS = {
  title: 60,
  domains: 20,
  domain: 253,
} as const;

export const LIVECHAT_SETTINGS_MESSAGES = {
  color: 'Màu phải có dạng #RRGGBB',
  title: `Tiêu đề từ 1 đến ${LIVECHAT_LIMITS.title} ký tự`,
  position: 'Vị trí không hợp lệ',
  preChatMode: 'Cách hỏi không hợp lệ',
  domain: 'Tên miền không hợp lệ (ví dụ: shop.vn hoặc *.shop.vn)',
  domains: `Tối đa ${LIVECHAT_LIMITS.domains} tên miền`,
  avatar: 'Ảnh đại diện phải là địa chỉ https:// hoặc tệp đã tải lên',
  workingTime: 'Lịch làm việc không hợp lệ',
  avatarType: 'Ảnh đại diện phải là PNG, JPEG, WEBP hoặc GIF',
  avatarSize: `Ảnh đại diện tối đa ${AVATAR_MAX_BYTES / 1024 / 1024} MB`,
  avatarSaved: 'Cập nhật ảnh đại diện thành công',
  avatarNotLivechat: 'Chỉ kênh Livechat có ảnh đại diện',
} as const;

/**
 * Where a livechat channel's uploaded avatar is stored and served (public: the widget shows it on
 * other sites): `/files/livechat/<tenant id>/<random>.<ext>`. A channel's avatar may name a file
 * of its own tenant's folder only.
 */
export const livechatAvatarFolder = (tenantId: string) => `livechat/${tenantId}`;

const M = LIVECHAT_SETTINGS_MESSAGES;
const mode = z.enum(PRE_CHAT_FIELD_MODE.values, { error: M.preChatMode });
/** `shop.vn`, `www.shop.vn`, `*.shop.vn` (any subdomain), `localhost:8080`. */
const DOMAIN =
  /^(\*\.)?[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*(:\d{1,5})?$/;

export const livechatSettings = z.object({
  color: z
    .string({ error: M.color })
    .regex(/^#[0-9a-fA-F]{6}$/, M.color)
    .default('#1F6FEB'),
  title: z
    .string({ error: M.title })
    .trim()
    .min(1, M.title)
    .max(LIVECHAT_LIMITS.title, M.title)
    .default('Hỗ trợ trực tuyến'),
  position: z.enum(WIDGET_POSITION.values, { error: M.position }).default('right'),
  avatar_url: z
    .string({ error: M.avatar })
    .trim()
    .max(500, M.avatar)
    .regex(/^(https:\/\/[^\s]+|\/files\/[^\s]+)$/, M.avatar)
    .nullish()
    .transform((value) => value || null),
  /**
   * The sites that may embed the widget, by the page's origin host (`*.shop.vn` for every
   * subdomain). Empty: any site.
   */
  allowed_domains: z
    .array(
      z
        .string({ error: M.domain })
        .trim()
        .toLowerCase()
        .max(LIVECHAT_LIMITS.domain, M.domain)
        .regex(DOMAIN, M.domain),
      { error: M.domain },
    )
    .max(LIVECHAT_LIMITS.domains, M.domains)
    .default([]),
  pre_chat: z
    .object({ name: mode, phone: mode, email: mode })
    .default({ name: 'required', phone: 'optional', email: 'optional' }),
  /** Outside this schedule the widget takes an offline message (null: always open). */
  working_time_id: z
    .uuid(M.workingTime)
    .nullish()
    .transform((value) => value ?? null),
});
export type LivechatSettings = z.output<typeof livechatSettings>;

/** Whether a page's origin may embed a channel allowing `domains` (empty: every origin). */
export function originAllowed(origin: string | undefined, domains: readonly string[]): boolean {
  if (domains.length === 0) return true;
  if (!origin) return false;
  let host: string;
  try {
    host = new URL(origin).host.toLowerCase();
  } catch {
    return false;
  }
  return domains.some((domain) =>
    domain.startsWith('*.') ? host.endsWith(domain.slice(1)) : host === domain,
  );
}
