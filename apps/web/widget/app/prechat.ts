import type { LivechatConfigView, OfflineMessageBody, VisitorBody } from './contract';
import { LIVECHAT_LIMITS_VISITOR, LIVECHAT_MESSAGES } from './contract';

/**
 * The pre-chat form's own check, before the server's: which fields count is the channel's
 * setting (required, optional, hidden). A hidden field is never sent.
 */
export type PreChatField = 'name' | 'phone' | 'email';
export const PRE_CHAT_FIELDS: readonly PreChatField[] = ['name', 'phone', 'email'];
export type PreChatModes = LivechatConfigView['pre_chat'];
export type FormValues = Partial<Record<PreChatField | 'body', string>>;
/** Messages by field; `form` for the form as a whole. */
export type FormErrors = Partial<Record<PreChatField | 'body' | 'form', string>>;

const M = LIVECHAT_MESSAGES;
/** Digits with an optional leading +, spaces, dots and dashes; 8 to 15 characters. */
const PHONE = /^\+?[0-9 .-]{8,15}$/;
const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;
const REQUIRED: Record<PreChatField, string> = {
  name: M.nameRequired,
  phone: M.phoneRequired,
  email: M.emailRequired,
};

function fieldError(field: PreChatField, value: string): string | undefined {
  if (field === 'name' && value.length > LIVECHAT_LIMITS_VISITOR.name) return M.nameTooLong;
  if (field === 'phone' && (!PHONE.test(value) || value.replace(/\D/g, '').length < 8)) {
    return M.phoneInvalid;
  }
  if (field === 'email' && (value.length > 254 || !EMAIL.test(value))) return M.emailInvalid;
  return undefined;
}

export function validatePreChat(
  modes: PreChatModes,
  values: FormValues,
): { errors: FormErrors; body: VisitorBody } {
  const errors: FormErrors = {};
  const body: VisitorBody = { name: undefined, phone: undefined, email: undefined };
  for (const field of PRE_CHAT_FIELDS) {
    const mode = modes[field];
    if (mode === 'hidden') continue;
    const value = (values[field] || '').trim();
    if (!value) {
      if (mode === 'required') errors[field] = REQUIRED[field];
      continue;
    }
    const error = fieldError(field, value);
    if (error) errors[field] = error;
    else body[field] = value;
  }
  return { errors, body };
}

/** A message's text: trimmed, not empty, within the limit. */
export function messageError(text: string): string | undefined {
  const body = text.trim();
  if (!body) return M.bodyRequired;
  if (body.length > LIVECHAT_LIMITS_VISITOR.message) return M.bodyTooLong;
  return undefined;
}

/** The offline form: the pre-chat fields by the same modes, and the message. */
export function validateOffline(
  modes: PreChatModes,
  values: FormValues,
): { errors: FormErrors; body: OfflineMessageBody } {
  const { errors, body } = validatePreChat(modes, values);
  const text = values.body || '';
  const error = messageError(text);
  if (error) errors.body = error;
  return { errors, body: { ...body, body: text.trim() } };
}

/** Whether the form has anything to ask (every field hidden: the chat starts at once). */
export const asksAnything = (modes: PreChatModes) =>
  PRE_CHAT_FIELDS.some((field) => modes[field] !== 'hidden');
