import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type {
  ConnectionError,
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
} from 'fastify';
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

/**
 * Turns a failed zod validation into the spec's `{param, message}` list (`a.0.b` paths); a
 * problem with the whole of it (no JSON body where one is needed) names the part: `body`.
 */
function toFieldErrors(validation: ValidationIssue[], context = ''): FieldError[] {
  return validation.map((issue) => ({
    param: (issue.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.') || context,
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

/**
 * Framework errors whose status misleads the client, with the status they answer: a multipart
 * route sent another kind of body, or a form field that is not the JSON its part declares
 * (@fastify/multipart says 406, which is about the `Accept` header).
 */
const FRAMEWORK_STATUS: Readonly<Record<string, number>> = {
  FST_INVALID_MULTIPART_CONTENT_TYPE: 415,
  FST_INVALID_JSON_FIELD_ERROR: 400,
};

/** A client error's status: the framework's (mapped above), when it is a 4xx at all. */
function clientStatusOf(error: FastifyError): number | undefined {
  const status = (error.code ? FRAMEWORK_STATUS[error.code] : undefined) ?? error.statusCode;
  return typeof status === 'number' && Number.isInteger(status) && status >= 400 && status < 500
    ? status
    : undefined;
}

/** The catalogue's answer for a status: every refusal before a route is worded this way. */
const catalogueAnswer = (status: number) => ({
  statusCode: status,
  message: httpStatusMessage(status),
});

/** One error handler for every route; registered before the routes. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = toFieldErrors(error.validation as ValidationIssue[], error.validationContext);
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
    // Malformed JSON, a wrong content type, a body too large, a rate limit, a form the parser
    // refuses (FST_ERR_CTP_*, FST_*_LIMIT, ...): the catalogue's message for the status.
    const status = clientStatusOf(error);
    if (status !== undefined) return reply.status(status).send(catalogueAnswer(status));
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(catalogueAnswer(500));
  });
}

/**
 * Fastify's `frameworkErrors`: what its router refuses before any hook or route runs, which
 * the error handler never sees (a path that does not decode, `/v2/%`: FST_ERR_BAD_URL, 400; a
 * path parameter longer than `maxParamLength`: FST_ERR_MAX_PARAM_LENGTH, 414; a failing async
 * constraint, 500), answered in the catalogue's words instead of Fastify's English.
 */
export function answerFrameworkError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const status = clientStatusOf(error) ?? 500;
  if (status === 500) request.log.error({ err: error }, 'framework error');
  return reply
    .header('x-content-type-options', 'nosniff')
    .status(status)
    .send(catalogueAnswer(status));
}

/**
 * Fastify's `clientErrorHandler`: what Node's HTTP parser refuses before Fastify has a request
 * (headers past the size limit: 431; a malformed request line, header or chunk: 400; a request
 * that took too long to arrive: 408), answered on the socket in the catalogue's words, then
 * closed. Fastify binds it to the instance (its log).
 */
export function answerClientError(this: FastifyInstance, error: ConnectionError, socket: Socket) {
  // A reset connection, or one already gone: nobody to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const status =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? 408
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? 431
        : 400;
  this.log.trace({ err: error }, 'client error');
  if (socket.writable) {
    const body = JSON.stringify(catalogueAnswer(status));
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        'X-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n' +
        body,
    );
  }
  socket.destroy(error);
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
