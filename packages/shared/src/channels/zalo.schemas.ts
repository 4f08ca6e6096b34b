import { z } from 'zod';

/**
 * Zalo Official Account (`/settings/multi-channels/zalo`, `/zalo-redirect`): the OAuth v4 flow with
 * PKCE that connects an OA to a channel, and the Vietnamese words of the channel's refusals. The
 * channel's settings and secrets are `CHANNEL_CONFIG.zalo` (channels.schemas.ts).
 */

/** Zalo's own hosts, when a channel names none (tests name a local fake). */
export const ZALO_OAUTH_BASE_URL = 'https://oauth.zaloapp.com';
export const ZALO_API_BASE_URL = 'https://openapi.zalo.me';

/**
 * How long after the follower's last message the OA may still answer with a consultation
 * message. UNVERIFIED: Zalo's own page was not readable; third parties say 48 hours (free) up to
 * 7 days, and real `-230` answers read "not interacted with the OA in the past 7 days". The
 * provider's own refusal (-230) is recorded on the message whatever this says.
 */
export const ZALO_REPLY_WINDOW_DAYS = 7;

/** How long a started connection (its state and PKCE verifier) waits for Zalo's redirect. */
export const ZALO_OAUTH_STATE_MINUTES = 10;

export const ZALO_MESSAGES = {
  connectStarted: 'Đang chuyển sang Zalo để cấp quyền',
  connected: 'Kết nối Zalo OA thành công',
  disconnected: 'Đã ngắt kết nối Zalo OA',
  notZalo: 'Kênh này không phải Zalo OA',
  stateInvalid: 'Phiên kết nối Zalo không hợp lệ hoặc đã hết hạn, vui lòng kết nối lại',
  codeMissing: 'Zalo không trả về mã cấp quyền, vui lòng kết nối lại',
  denied: 'Bạn đã từ chối cấp quyền cho ứng dụng trên Zalo',
  exchangeFailed: (reason: string) => `Zalo từ chối cấp access token: ${reason}`,
  oaInfoFailed: (reason: string) => `Không đọc được thông tin OA từ Zalo: ${reason}`,
  oaTaken: 'OA này đã được kết nối ở một kênh khác',
  refreshFailed: (reason: string) =>
    `Không làm mới được access token của Zalo OA (${reason}), vui lòng kết nối lại`,
  notConnected: 'Kênh Zalo OA chưa được kết nối, vui lòng kết nối lại trong Cài đặt',
  refreshBusy: 'Máy chủ đang làm mới access token của Zalo OA, vui lòng thử lại sau ít phút',
  outsideWindow: `Khách hàng không nhắn tin cho OA trong ${ZALO_REPLY_WINDOW_DAYS} ngày qua: Zalo không cho phép OA gửi tin tư vấn ngoài khoảng thời gian này`,
  noRecipient: 'Không tìm thấy tài khoản Zalo của khách hàng này',
  unreachable: 'Không kết nối được tới Zalo',
  badSignature: 'Chữ ký webhook Zalo không hợp lệ',
} as const;

/** `POST /v2/channels/{id}/zalo/connect`: Zalo's permission page to open. */
export const zaloConnectView = z.object({ url: z.string() });
export type ZaloConnectView = z.infer<typeof zaloConnectView>;

/**
 * `POST /v2/zalo/oauth/complete`: what `/zalo-redirect` received from Zalo (`code`, `state`,
 * `oa_id`; the verifier never travels, the server keeps it by state). `error` when Zalo sent the
 * administrator back without a code.
 */
export const zaloCompleteBody = z.object({
  state: z
    .string({ error: ZALO_MESSAGES.stateInvalid })
    .trim()
    .min(1, ZALO_MESSAGES.stateInvalid)
    .max(200),
  code: z.string().trim().max(2000).optional(),
  oa_id: z.string().trim().max(64).optional(),
  error: z.string().trim().max(500).optional(),
});
export type ZaloCompleteBody = z.infer<typeof zaloCompleteBody>;
