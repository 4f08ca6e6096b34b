import { createReadStream } from 'node:fs';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  TICKET_ATTACHMENT_MAX_BYTES,
  TICKET_ATTACHMENT_MAX_FILES,
  TICKET_COMMENT_MAX_LENGTH,
  TICKET_CONVERSATION_MESSAGES as M,
  ticketCommentBody,
} from '@omnicare/shared/tickets/ticket-comments.schemas';
import { AppError, fieldError } from '../../platform/errors.js';
import type { UploadedFile } from './ticket-comments.service.js';

const errorCode = (error: unknown) => (error as { code?: string }).code;

/**
 * The comment a request carries: JSON `{body, public}`, or a multipart form with the fields
 * `body` and `public` ('true' / 'false') and up to TICKET_ATTACHMENT_MAX_FILES files (any field
 * name, `files` by convention). Limits and wrong shapes answer 422 in Vietnamese.
 */
export async function readCommentRequest(
  request: FastifyRequest,
  /** Fields a caller's form leaves out (the livechat widget's messages are public text). */
  defaults: Record<string, unknown> = {},
) {
  let fields: Record<string, unknown> = (request.body as Record<string, unknown> | undefined) ?? {};
  const files: UploadedFile[] = [];
  if (request.isMultipart()) {
    fields = {};
    try {
      for await (const part of request.parts({
        limits: {
          fileSize: TICKET_ATTACHMENT_MAX_BYTES,
          files: TICKET_ATTACHMENT_MAX_FILES,
          fields: 10,
          fieldSize: TICKET_COMMENT_MAX_LENGTH * 4 + 1,
        },
      })) {
        if (part.type === 'file') {
          files.push({ fileName: part.filename, content: await part.toBuffer() });
        } else if (typeof part.value === 'string') {
          fields[part.fieldname] =
            part.fieldname === 'public' && (part.value === 'true' || part.value === 'false')
              ? part.value === 'true'
              : part.value;
          if (part.valueTruncated) throw fieldError(part.fieldname, M.bodyTooLong);
        }
      }
    } catch (error) {
      if (errorCode(error) === 'FST_REQ_FILE_TOO_LARGE')
        throw fieldError('files', M.attachmentSize);
      if (errorCode(error) === 'FST_FILES_LIMIT') throw fieldError('files', M.attachmentCount);
      if (errorCode(error) === 'FST_FIELDS_LIMIT' || errorCode(error) === 'FST_PARTS_LIMIT')
        throw new AppError(400);
      throw error;
    }
  }
  const parsed = ticketCommentBody.safeParse({ ...defaults, ...fields });
  if (!parsed.success) throw validationError(parsed.error);
  return { ...parsed.data, files };
}

function validationError(error: z.ZodError) {
  const errors = error.issues.map((issue) => ({
    param: issue.path.join('.'),
    message: issue.message,
  }));
  return new AppError(422, errors[0]?.message, errors);
}

/**
 * Answers a stored attachment: inline for an image, a download otherwise, sandboxed (a file
 * never runs as a page of the app), cached privately for an hour.
 */
export function sendAttachment(
  reply: FastifyReply,
  file: { path: string; fileName: string; contentType: string; inline: boolean },
) {
  reply.header('content-type', file.contentType);
  reply.header(
    'content-disposition',
    `${file.inline ? 'inline' : 'attachment'}; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
  );
  reply.header('content-security-policy', "default-src 'none'; sandbox");
  reply.header('cache-control', 'private, max-age=3600');
  return reply.send(createReadStream(file.path));
}
