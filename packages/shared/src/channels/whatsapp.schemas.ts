import { z } from 'zod';
/**
 * WhatsApp Business Cloud API (`/settings/multi-channels/whatsapp`): the Vietnamese words of the
 * channel's answers and refusals, and Meta's defaults. The channel's settings and secrets are
 * `CHANNEL_CONFIG.whatsapp` (channels.schemas.ts); the wire formats are the shared channels notes,
 * section 5.
 */

/** Meta's Graph host, when a channel names none (tests name a local fake). */
export const WHATSAPP_GRAPH_BASE_URL = 'https://graph.facebook.com';
/** The Graph API version a channel uses when it names none. */
export const WHATSAPP_API_VERSION = 'v21.0';

/**
 * The customer service window: 24 hours from the customer's last message (a new one opens it
 * again; the business's sends do not). Outside it only an approved template may be sent.
 */
export const WHATSAPP_WINDOW_HOURS = 24;

/** The webhook address Meta is given (the app's Webhooks product, field `messages`). */
export const whatsappWebhookPath = (channelId: string) => `/v2/webhooks/whatsapp/${channelId}`;

export const WHATSAPP_MESSAGES = {
  badSignature: 'Chữ ký webhook WhatsApp không hợp lệ',
  verifyRefused: 'Mã xác minh webhook WhatsApp không đúng',
  notConnected: 'Kênh WhatsApp chưa được kết nối, vui lòng kiểm tra lại trong Cài đặt',
  noRecipient: 'Không tìm thấy số WhatsApp của khách hàng này',
  outsideWindow: `Khách hàng không nhắn tin trong ${WHATSAPP_WINDOW_HOURS} giờ qua: WhatsApp chỉ cho phép gửi mẫu tin đã được duyệt ngoài khoảng thời gian này`,
  unreachable: 'Không kết nối được tới WhatsApp',
  templateNotFound: 'Không tìm thấy mẫu WhatsApp đã duyệt',
  templateNotLinked: 'Mẫu này chưa gắn với tên mẫu WhatsApp đã được Meta duyệt',
  templateSent: 'Đã gửi mẫu WhatsApp',
} as const;

/**
 * `POST /v2/conversations/{id}/whatsapp-template`: an approved template of the caller's
 * (`/v2/core/templates/whatsapp`) sent on a WhatsApp conversation, inside or outside the 24-hour
 * window; answers the message written (`TicketCommentView`).
 */
export const whatsappTemplateSendBody = z.object({
  template_id: z.uuid(WHATSAPP_MESSAGES.templateNotFound),
});
export type WhatsAppTemplateSendBody = z.infer<typeof whatsappTemplateSendBody>;
