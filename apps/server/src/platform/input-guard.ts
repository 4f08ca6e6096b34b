import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Multipart, MultipartFile } from '@fastify/multipart';
import { httpStatusMessage } from '@omnicare/shared/platform/errors';
import { findInputProblem, UNSAFE_TEXT_MESSAGE } from '@omnicare/shared/platform/validation';
import { AppError, fieldError } from './errors.js';

/** The input problem of `value` as the client's answer: 400 too deep, 422 naming the param. */
function refuse(value: unknown, fallbackParam: string) {
  const problem = findInputProblem(value);
  if (problem?.kind === 'too_deep') return new AppError(400, httpStatusMessage(400));
  if (problem) return fieldError(problem.param || fallbackParam, UNSAFE_TEXT_MESSAGE);
  return undefined;
}

/**
 * A multipart part as the JSON guard sees a body: a field's name and value, a file's field name
 * and file name (the param named is the form's field). A refused file's content is drained, so
 * the parser does not stall on it while the answer goes out.
 */
function checkPart(part: Multipart) {
  const error =
    part.type === 'file'
      ? refuse({ [part.fieldname]: part.filename }, part.fieldname)
      : refuse({ [part.fieldname]: part.value }, part.fieldname);
  if (!error) return;
  if (part.type === 'file') part.file.resume();
  throw error;
}

type PartsOptions = Parameters<FastifyRequest['parts']>[0];

/**
 * Multipart bodies are read by the route, part by part (`request.parts()`, `file()`, `files()`;
 * `saveRequestFiles()` reads through `parts()`): this request's readers check each part as it
 * comes, so every route reading a form refuses what the JSON guard refuses.
 */
function guardMultipart(request: FastifyRequest) {
  const read = request.parts.bind(request);
  async function* parts(options?: PartsOptions) {
    for await (const part of read(options)) {
      checkPart(part);
      yield part;
    }
  }
  async function* files(options?: Parameters<FastifyRequest['files']>[0]) {
    for await (const part of parts(options as PartsOptions))
      if (part.type === 'file') yield part as MultipartFile;
  }
  request.parts = parts;
  request.files = files;
  request.file = async (options) => {
    for await (const part of files(options)) return part;
    return undefined;
  };
}

/**
 * Refuses, before any route validates it, input no route can store: a NUL character or a lone
 * surrogate in any string of the path, query or body (PostgreSQL rejects them in text and
 * jsonb), 422 naming the param; and JSON nested deeper than MAX_INPUT_DEPTH, 400. A multipart
 * body gets the same checks on each field and file name as the route reads it.
 */
export function registerInputGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    for (const part of [request.params, request.query, request.body]) {
      const error = refuse(part, 'body');
      if (error) throw error;
    }
    if (request.isMultipart()) guardMultipart(request);
  });
}
