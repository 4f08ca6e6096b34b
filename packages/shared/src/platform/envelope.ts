import { z } from 'zod';
import type { FieldError } from './errors.js';

/**
 * The success bodies of the API (DESIGN.md section 4) as zod schemas: a route declares
 * `response` with them, so /docs shows the real shape, the serializer drops any field nobody
 * declared, and the web infers its types from the same schema.
 */
export const okBody = <T extends z.ZodType>(data: T) =>
  z.object({ statusCode: z.literal(200), message: z.string(), data });
export const createdBody = <T extends z.ZodType>(data: T) =>
  z.object({ statusCode: z.literal(201), message: z.string(), data });
/** 202: the work was accepted and goes on in the background (`data` says where to follow it). */
export const acceptedBody = <T extends z.ZodType>(data: T) =>
  z.object({ statusCode: z.literal(202), message: z.string(), data });
export const listBody = <T extends z.ZodType>(item: T) =>
  z.object({
    statusCode: z.literal(200),
    message: z.string(),
    data: z.array(item),
    total: z.number().int(),
  });

/**
 * The data of a bulk action's answer: every item's result (`item`, which carries `ok`) and the
 * counts. The server's `bulkAnswer()` builds it and the web reads its inferred type.
 */
export const bulkResult = <T extends z.ZodType>(item: T) =>
  z.object({
    results: z.array(item),
    succeeded: z.number().int(),
    failed: z.number().int(),
  });
/** The data of a bulk answer whose items are `Item`: `z.infer` of `bulkResult(item)`. */
export type BulkResultData<Item> = z.infer<ReturnType<typeof bulkResult<z.ZodType<Item>>>>;

/** `data: null`: the answer of a delete or another act with nothing to return. */
export const noData = z.null();

/** Timestamps travel as ISO 8601 UTC text. */
export const isoDateTime = z.iso.datetime();

/** Every success answer of the API (DESIGN.md section 4). */
export interface ApiSuccess<T> {
  statusCode: 200 | 201 | 202;
  message: string;
  data: T;
}
export interface ApiList<T> {
  statusCode: 200;
  message: string;
  data: T[];
  total: number;
}
export interface ApiFailure {
  statusCode: number;
  message: string;
  errors?: FieldError[];
}
