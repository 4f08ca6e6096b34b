import type { z } from 'zod';
import {
  acceptedBody,
  createdBody,
  listBody,
  okBody,
  type BulkResultData,
} from '@omnicare/shared/platform/envelope';

/**
 * A route's `response` declaration for its success (the error bodies are the error handler's):
 * `schema: { ..., response: answers.ok(tagGroupView) }`.
 */
export const answers = {
  ok: <T extends z.ZodType>(data: T) => ({ 200: okBody(data) }),
  created: <T extends z.ZodType>(data: T) => ({ 201: createdBody(data) }),
  accepted: <T extends z.ZodType>(data: T) => ({ 202: acceptedBody(data) }),
  list: <T extends z.ZodType>(item: T) => ({ 200: listBody(item) }),
};

/** The success envelope of DESIGN.md section 4. */
export const ok = <T>(data: T, message = 'Thành công') => ({
  statusCode: 200 as const,
  message,
  data,
});
export const created = <T>(data: T, message = 'Tạo mới thành công') => ({
  statusCode: 201 as const,
  message,
  data,
});
/** 202: accepted, going on in the background (the route sets the status, `reply.code(202)`). */
export const accepted = <T>(data: T, message: string) => ({
  statusCode: 202 as const,
  message,
  data,
});
export const list = <T>(data: T[], total: number, message = 'Thành công') => ({
  statusCode: 200 as const,
  message,
  data,
  total,
});

/**
 * A bulk action's answer: every item's result, the counts, and a summary when some failed;
 * the route declares it with `answers.ok(bulkResult(itemSchema))`.
 */
export function bulkAnswer<R extends { ok: boolean }>(results: R[], doneMessage: string) {
  const failed = results.filter((result) => !result.ok).length;
  const succeeded = results.length - failed;
  const message =
    failed === 0 ? doneMessage : `${succeeded}/${results.length} thành công, ${failed} thất bại`;
  const data: BulkResultData<R> = { results, succeeded, failed };
  return ok(data, message);
}
