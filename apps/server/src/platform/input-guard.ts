import type { FastifyInstance } from 'fastify';
import { httpStatusMessage } from '@omnicare/shared/platform/errors';
import { findInputProblem, UNSAFE_TEXT_MESSAGE } from '@omnicare/shared/platform/validation';
import { AppError, fieldError } from './errors.js';

/**
 * Refuses, before any route validates it, input no route can store: a NUL character or a lone
 * surrogate in any string of the path, query or body (PostgreSQL rejects them in text and
 * jsonb), 422 naming the param; and JSON nested deeper than MAX_INPUT_DEPTH, 400.
 */
export function registerInputGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    for (const part of [request.params, request.query, request.body]) {
      const problem = findInputProblem(part);
      if (problem?.kind === 'too_deep') throw new AppError(400, httpStatusMessage(400));
      if (problem) throw fieldError(problem.param || 'body', UNSAFE_TEXT_MESSAGE);
    }
  });
}
