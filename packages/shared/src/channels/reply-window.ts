import { FACEBOOK_MESSAGES, FACEBOOK_REPLY_WINDOW_HOURS } from './facebook.schemas.js';
import { WHATSAPP_MESSAGES, WHATSAPP_WINDOW_HOURS } from './whatsapp.schemas.js';
import { ZALO_MESSAGES, ZALO_REPLY_WINDOW_DAYS } from './zalo.schemas.js';

/**
 * What a chat channel lets the team answer (`POST /v2/tickets/{id}/comments`, a public reply on
 * its conversation): only within its messaging window after the customer's last message (files
 * included: every chat channel sends them). The refusal is the channel's own Vietnamese words
 * (422).
 */
export interface ReplyRule {
  windowMs: number;
  outsideWindow: string;
}

const HOUR = 60 * 60 * 1000;

export const CHAT_REPLY_RULES: Partial<Record<string, ReplyRule>> = {
  zalo: {
    windowMs: ZALO_REPLY_WINDOW_DAYS * 24 * HOUR,
    outsideWindow: ZALO_MESSAGES.outsideWindow,
  },
  // --- Facebook Messenger
  facebook: {
    windowMs: FACEBOOK_REPLY_WINDOW_HOURS * HOUR,
    outsideWindow: FACEBOOK_MESSAGES.outsideWindow,
  },
  // --- end Facebook Messenger
  // WhatsApp: free text only within the 24-hour customer service window (templates outside).
  whatsapp: {
    windowMs: WHATSAPP_WINDOW_HOURS * HOUR,
    outsideWindow: WHATSAPP_MESSAGES.outsideWindow,
  },
};
