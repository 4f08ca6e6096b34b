import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { httpStatusMessage, MESSAGES, type FieldError } from '@omnicare/shared/platform/errors';

/** An answer other than success that the client shows as is. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string = httpStatusMessage(statusCode),
    readonly errors?: FieldError[],
    /** Further fields of the error body, e.g. `code` and `invalid` of a duplicate_tag answer. */
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export const sessionExpired = () => new AppError(403, MESSAGES.sessionExpired);
export const forbidden = () => new AppError(401, httpStatusMessage(401));
export const notFound = (message = httpStatusMessage(404)) => new AppError(404, message);
export const tooManyRequests = () => new AppError(429, httpStatusMessage(429));
/** One field is wrong: 422 with the field named so the form can mark it. */
export const fieldError = (param: string, message: string) =>
  new AppError(422, message, [{ param, message }]);

type ValidationIssue = { instancePath?: string; message?: string };

/** Turns a failed zod validation into the spec's `{param, message}` list (`a.0.b` paths). */
function toFieldErrors(validation: ValidationIssue[]): FieldError[] {
  return validation.map((issue) => ({
    param: (issue.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.'),
    message: issue.message || MESSAGES.validationFailed,
  }));
}

/**
 * A multipart body the parser cannot read (no boundary, a part cut short): busboy throws plain
 * errors, told apart from the server's own by where they were raised.
 */
const isBrokenUpload = (request: FastifyRequest, error: FastifyError) =>
  error.statusCode === undefined &&
  request.isMultipart() &&
  /[\\/]@fastify[\\/]busboy[\\/]/.test(error.stack ?? '');

/** One error handler for every route; registered before the routes. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = toFieldErrors(error.validation as ValidationIssue[]);
      return reply.status(422).send({
        statusCode: 422,
        message: errors[0]?.message ?? MESSAGES.validationFailed,
        errors,
      });
    }
    if (error instanceof AppError) {
      return reply.status(error.statusCode).send({
        statusCode: error.statusCode,
        message: error.message,
        ...(error.errors ? { errors: error.errors } : {}),
        ...error.extra,
      });
    }
    if (isBrokenUpload(request, error)) {
      return reply.status(400).send({ statusCode: 400, message: MESSAGES.uploadBroken });
    }
    const status = error.statusCode ?? 500;
    if (status === 413) {
      return reply.status(413).send({ statusCode: 413, message: 'Dữ liệu gửi lên quá lớn' });
    }
    if (status >= 400 && status < 500) {
      // Malformed JSON, a wrong content type, a rate limit: the catalogue's message for the status.
      return reply.status(status).send({ statusCode: status, message: httpStatusMessage(status) });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ statusCode: 500, message: httpStatusMessage(500) });
  });
}

/** The not-found answer: what `fallback` serves (the SPA's index.html), else the catalogue's 404. */
export function registerNotFound(
  app: FastifyInstance,
  fallback: (request: FastifyRequest, reply: FastifyReply) => unknown,
) {
  app.setNotFoundHandler((request, reply) => {
    if (fallback(request, reply) !== undefined) return reply;
    return reply.status(404).send({ statusCode: 404, message: httpStatusMessage(404) });
  });
}
