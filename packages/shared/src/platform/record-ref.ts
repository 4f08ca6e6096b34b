import { z } from 'zod';

/**
 * A record's short number in its tenant (customers, organizations; tickets later), as routes
 * and titles show it. The database gives it on insert and never reuses it.
 */
export const recordNumber = z.number().int().positive();

const NUMBER_PATTERN = /^[1-9]\d{0,8}$/;
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True for '123' (a record number in an address), false for a UUID or anything else. */
export const isRecordNumber = (ref: string): boolean => NUMBER_PATTERN.test(ref);

/** A record named in a path: its id (UUID) or its short number. */
export type RecordRef = { id: string } | { number: number };

/** `/things/:ref`: a UUID or a short number, else 422 with `message`. */
export const recordRefParam = (message: string) =>
  z
    .string()
    .refine((ref) => isRecordNumber(ref) || UUID_PATTERN.test(ref), message)
    .transform((ref): RecordRef => (isRecordNumber(ref) ? { number: Number(ref) } : { id: ref }));
