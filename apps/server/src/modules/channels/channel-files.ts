import { TICKET_ATTACHMENT_MAX_BYTES } from '@omnicare/shared/tickets/ticket-comments.schemas';
import { safeRequest } from '../../platform/safe-http.js';
import { attachmentTypeOf } from '../tickets/ticket-attachment-types.js';
import type { UploadedFile } from '../tickets/ticket-comments.service.js';

/**
 * A file a customer sent through a chat channel, fetched from the provider's address (Zalo's or
 * Meta's CDN, WhatsApp's media address); none when it cannot be fetched or is not a type we keep (the message then names it
 * in its text).
 */
export async function downloadAttachment(
  url: unknown,
  name: unknown,
  fallbackName: string,
  /** What the provider wants with it (WhatsApp: the token). */
  headers: Record<string, string> = {},
): Promise<UploadedFile | undefined> {
  if (typeof url !== 'string' || !/^https?:\/\//.test(url)) return undefined;
  try {
    const answer = await safeRequest({
      method: 'GET',
      url,
      headers,
      timeoutMs: 15_000,
      allowPrivate: true,
      bodyCap: TICKET_ATTACHMENT_MAX_BYTES + 1,
    });
    if (answer.status !== 200 || answer.truncated || !answer.bytes?.length) return undefined;
    const fileName =
      (typeof name === 'string' && name) ||
      decodeURIComponent(new URL(url).pathname.split('/').pop() || fallbackName);
    if (!attachmentTypeOf(answer.bytes, fileName)) return undefined;
    return { fileName, content: answer.bytes };
  } catch {
    return undefined;
  }
}
