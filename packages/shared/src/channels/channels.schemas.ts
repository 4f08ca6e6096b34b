import { z } from 'zod';
import { isoDateTime } from '../platform/envelope.js';
import { labelled } from '../platform/labelled.js';
import { requiredText } from '../platform/validation.js';
import { livechatSettings } from './livechat-settings.js';
import {
  EMAIL_OAUTH_SECRETS,
  EMAIL_SECRETS,
  emailRequiredSecrets,
  emailSettings,
} from './email-settings.js';
import { FACEBOOK_MESSAGES } from './facebook.schemas.js';

/**
 * A tenant's connected channels (`/v2/channels`, administrators): each of a kind, with the
 * settings its screen shows and secrets that are written, never read back (an answer says only
 * which are set). Messages coming and going through a channel are the ticket's messages.
 */
export const CHANNEL_KIND = labelled({
  livechat: 'Livechat',
  email: 'Email',
  zalo: 'Zalo OA',
  zns: 'Zalo ZNS',
  facebook: 'Facebook',
  whatsapp: 'WhatsApp',
  sms: 'SMS',
  // No driver yet (issue 32): listed by the channels' index as not connectable.
  tiktok: 'TikTok',
});
export type ChannelKind = (typeof CHANNEL_KIND.values)[number];

/** 'error': the provider refused us (a revoked token...), with the reason in `status_reason`. */
export const CHANNEL_STATUS = labelled({
  active: 'Đang hoạt động',
  disabled: 'Tạm dừng',
  error: 'Lỗi kết nối',
});
export type ChannelStatus = (typeof CHANNEL_STATUS.values)[number];

export const CHANNEL_MESSAGES = {
  created: 'Kết nối kênh thành công',
  updated: 'Cập nhật kênh thành công',
  deleted: 'Xóa kênh thành công',
  notFound: 'Không tìm thấy kênh',
  nameTaken: 'Tên kênh đã tồn tại',
  subject: 'Kênh',
  kindInvalid: 'Loại kênh không hợp lệ',
  kindNotYet: (kind: string) => `Kênh ${kind} chưa được hỗ trợ`,
  kindFixed: 'Không thể đổi loại của kênh đã kết nối',
  statusInvalid: 'Trạng thái kênh không hợp lệ',
  urlInvalid: 'Địa chỉ phải bắt đầu bằng http:// hoặc https://',
  secretRequired: (label: string) => `${label} không được bỏ trống`,
  groupMissing: 'Phòng ban không tồn tại',
  inUse: 'Kênh đã có tin nhắn, chỉ có thể tạm dừng',
} as const;

const M = CHANNEL_MESSAGES;
const secret = (label: string) =>
  z
    .string({ error: M.secretRequired(label) })
    .trim()
    .max(2000, `${label} quá dài`);
const providerUrl = z
  .string({ error: M.urlInvalid })
  .trim()
  .max(500, M.urlInvalid)
  .regex(/^https?:\/\/[^\s]+$/i, M.urlInvalid)
  .optional()
  .or(z.literal('').transform(() => undefined));

/**
 * ZNS limits move with the OA's use (quota, quality): the daily quota and what is left of it are
 * read from each send's answer and kept on the channel, never written by an administrator.
 */
export const ZNS_REPORTED_SETTINGS = ['daily_quota', 'remaining_quota', 'quota_at'] as const;

/** The line a ZNS notification leaves in its ticket's conversation. */
export const znsSentText = (template: string, phone: string) =>
  `Tin ZNS «${template}» gửi tới ${phone}`;

/**
 * What each kind connectable today keeps: its settings (shown and edited) and its secrets (with
 * the label a missing one is named by). A provider's base URL is one setting away from its real
 * API (tests point it at a local fake speaking the documented format).
 */
export const CHANNEL_CONFIG = {
  livechat: { settings: livechatSettings, secrets: {} },
  sms: {
    settings: z.object({ brandname: requiredText('Brandname', 30), base_url: providerUrl }),
    secrets: { api_key: 'API key', secret_key: 'Secret key' },
  },
  zns: {
    settings: z.object({
      base_url: providerUrl,
      // What Zalo answered to the last send (ZNS_REPORTED_SETTINGS): a save keeps them.
      daily_quota: z.number().int().optional(),
      remaining_quota: z.number().int().optional(),
      quota_at: z.string().max(40).optional(),
    }),
    secrets: { access_token: 'Access token' },
  },
  // Email (issue 32): an existing mailbox, IMAP in and SMTP out (email-settings.ts).
  // Passwords, or OAuth2 (email-oauth.schemas.ts): the client secret entered, the refresh token
  // written by the connection; which must be there follows the settings' `auth_method`.
  email: {
    settings: emailSettings,
    secrets: EMAIL_SECRETS,
    oauthSecrets: EMAIL_OAUTH_SECRETS,
    requiredSecrets: emailRequiredSecrets,
  },
  // --- Zalo OA (zalo.schemas.ts): keys entered by the administrator; tokens by the OAuth flow.
  zalo: {
    settings: z.object({
      app_id: requiredText('App ID', 64),
      /** Zalo's OAuth host (https://oauth.zaloapp.com) and OpenAPI host (https://openapi.zalo.me). */
      oauth_base_url: providerUrl,
      api_base_url: providerUrl,
      // Written by the connection (`modules/channels/zalo/`): a save keeps the stored values.
      oa_id: z.string().max(64).optional(),
      oa_name: z.string().max(255).optional(),
      oa_avatar: z.string().max(1000).optional(),
      token_expires_at: z.string().max(40).optional(),
      connected_at: z.string().max(40).optional(),
    }),
    secrets: { app_secret_key: 'App secret key', oa_secret_key: 'OA secret key' },
    oauthSecrets: { access_token: 'Access token', refresh_token: 'Refresh token' },
  },
  // --- end Zalo OA
  // --- Facebook Messenger (facebook.schemas.ts): a Page, its token and the Meta app's secret.
  facebook: {
    settings: z.object({
      page_id: requiredText('Page ID', 64).regex(/^\d+$/, FACEBOOK_MESSAGES.pageIdInvalid),
      page_name: z.string().trim().max(255).optional(),
      /** Meta's Graph API host (https://graph.facebook.com); tests name a local fake. */
      graph_base_url: providerUrl,
      api_version: z
        .string()
        .trim()
        .regex(/^v\d+\.\d+$/, FACEBOOK_MESSAGES.versionInvalid)
        .optional()
        .or(z.literal('').transform(() => undefined)),
    }),
    secrets: {
      page_access_token: 'Page access token',
      app_secret: 'App secret',
      verify_token: 'Verify token',
    },
    // Given instead of the Page token: the server takes the Page's own with it (never stored).
    exchangeSecrets: { user_access_token: 'User access token' },
  },
  // --- end Facebook Messenger
  // --- WhatsApp Business Cloud API (whatsapp.schemas.ts): ids from Meta's app, tokens entered.
  whatsapp: {
    settings: z.object({
      phone_number_id: requiredText('Phone number ID', 64),
      business_account_id: z.string().trim().max(64).optional(),
      display_phone_number: z.string().trim().max(32).optional(),
      /** Meta's Graph host (https://graph.facebook.com); tests name a local fake. */
      graph_base_url: providerUrl,
      /** The Graph API version (v21.0 when blank). */
      api_version: z
        .string()
        .trim()
        .regex(/^(v\d+\.\d+)?$/, 'Phiên bản API có dạng v21.0')
        .optional(),
    }),
    secrets: {
      access_token: 'Access token',
      app_secret: 'App secret',
      verify_token: 'Verify token',
    },
  },
  // --- end WhatsApp
} as const satisfies Partial<
  Record<
    ChannelKind,
    {
      settings: z.ZodType;
      secrets: Record<string, string>;
      /** Secrets only a connection flow writes (never accepted in a body; shown as set or not). */
      oauthSecrets?: Record<string, string>;
      /** Accepted in a body, exchanged by the server for a stored secret, never stored. */
      exchangeSecrets?: Record<string, string>;
      /** The secrets a channel must have given its settings (default: every one of `secrets`). */
      requiredSecrets?: (settings: Record<string, unknown>) => readonly string[];
    }
  >
>;
export type ConnectableKind = keyof typeof CHANNEL_CONFIG;

/**
 * `POST /v2/channels/facebook/pages`: the Pages a Facebook user manages with the right to send
 * messages, read with their User access token (what Facebook Login gives), to pick one; the
 * Graph host and version as the channel's settings take them. Page tokens never leave the
 * server: saving the channel with `secrets.user_access_token` and the picked `settings.page_id`
 * makes the server take that Page's token itself.
 */
export const facebookPagesBody = CHANNEL_CONFIG.facebook.settings
  .pick({ graph_base_url: true, api_version: true })
  .extend({
    user_access_token: z
      .string({ error: 'User access token không được bỏ trống' })
      .trim()
      .min(1, 'User access token không được bỏ trống')
      .max(1000, 'User access token tối đa 1000 ký tự'),
  });
export type FacebookPagesBody = z.infer<typeof facebookPagesBody>;
export const isConnectable = (kind: string): kind is ConnectableKind => kind in CHANNEL_CONFIG;

/** Every secret name a kind keeps: the entered ones and those its connection flow writes. */
export const secretNamesOf = (kind: ConnectableKind): string[] => {
  const config: { secrets: Record<string, string>; oauthSecrets?: Record<string, string> } =
    CHANNEL_CONFIG[kind];
  return [...Object.keys(config.secrets), ...Object.keys(config.oauthSecrets ?? {})];
};

/**
 * POST /v2/channels, PUT /v2/channels/{id}. On an update a secret left out or blank keeps the one
 * stored; on a create every secret of the kind is required (checked by the server, which knows
 * whether one is stored).
 */
export const channelBody = z
  .object({
    kind: z.enum(CHANNEL_KIND.values, { error: M.kindInvalid }),
    name: requiredText('Tên kênh', 100),
    status: z.enum(['active', 'disabled'], { error: M.statusInvalid }).default('active'),
    group_id: z
      .uuid(M.groupMissing)
      .nullish()
      .transform((value) => value ?? null),
    settings: z.record(z.string(), z.unknown()).default({}),
    secrets: z.record(z.string(), secret('Khóa bí mật')).default({}),
  })
  .superRefine((body, ctx) => {
    if (!isConnectable(body.kind)) {
      ctx.addIssue({
        code: 'custom',
        path: ['kind'],
        message: M.kindNotYet(CHANNEL_KIND.label(body.kind)),
      });
      return;
    }
    const parsed = CHANNEL_CONFIG[body.kind].settings.safeParse(body.settings);
    if (!parsed.success)
      for (const issue of parsed.error.issues)
        ctx.addIssue({ code: 'custom', path: ['settings', ...issue.path], message: issue.message });
    const config: { secrets: object; exchangeSecrets?: object } = CHANNEL_CONFIG[body.kind];
    const known = [...Object.keys(config.secrets), ...Object.keys(config.exchangeSecrets ?? {})];
    for (const key of Object.keys(body.secrets))
      if (!known.includes(key))
        ctx.addIssue({ code: 'custom', path: ['secrets', key], message: M.kindInvalid });
  });
export type ChannelBody = z.infer<typeof channelBody>;

export const channelView = z.object({
  _id: z.string(),
  kind: z.enum(CHANNEL_KIND.values),
  name: z.string(),
  status: z.enum(CHANNEL_STATUS.values),
  status_reason: z.string().nullable(),
  group: z.object({ _id: z.string(), name: z.string() }).nullable(),
  settings: z.record(z.string(), z.unknown()),
  /** Which secrets are stored (never their values). */
  secrets: z.record(z.string(), z.boolean()),
  created_at: isoDateTime,
  updated_at: isoDateTime,
});
export type ChannelView = z.infer<typeof channelView>;

/** `GET /v2/channels?kind=`: one kind's channels. */
export const channelsQuery = z.object({
  kind: z.enum(CHANNEL_KIND.values, { error: M.kindInvalid }).optional(),
});
export type ChannelsQuery = z.infer<typeof channelsQuery>;
