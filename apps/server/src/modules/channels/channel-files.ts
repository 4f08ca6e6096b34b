import { randomBytes } from 'node:crypto';
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

/** A file of ours going up to a provider (Zalo's upload, WhatsApp's and Messenger's media). */
export interface OutgoingFile {
  fileName: string;
  contentType: string;
  content: Buffer;
}

/**
 * A multipart/form-data body: the text fields, then the file under `fileField`. Answers the
 * bytes and the headers that name its boundary and length.
 */
export function multipartBody(
  fields: Record<string, string>,
  fileField: string,
  file: OutgoingFile,
) {
  const boundary = `omnicare-${randomBytes(12).toString('hex')}`;
  const clean = (text: string) => text.replace(/["\r\n]/g, '_');
  const parts = Object.entries(fields).map(
    ([name, value]) =>
      `--${boundary}\r\ncontent-disposition: form-data; name="${clean(name)}"\r\n\r\n${value}\r\n`,
  );
  const body = Buffer.concat([
    Buffer.from(
      `${parts.join('')}--${boundary}\r\ncontent-disposition: form-data; name="${clean(fileField)}"; ` +
        `filename="${clean(file.fileName)}"\r\ncontent-type: ${file.contentType}\r\n\r\n`,
    ),
    file.content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return {
    body,
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': String(body.length),
    },
  };
}
