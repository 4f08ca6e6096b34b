import { z } from 'zod';
import { isoDateTime } from '../platform/envelope.js';

/** POST /v2/customers/import/preview: the saved upload, its columns and a suggested mapping. */
export const importPreviewView = z.object({
  file_id: z.string(),
  columns: z.array(z.string()),
  /** The first rows under the header. */
  sample: z.array(z.array(z.string())),
  total_rows: z.number().int(),
  /** Target key ('name', 'phone'... or `custom.<key>`) to column index. */
  suggested_mapping: z.record(z.string(), z.number().int()),
  /** `required`: the name, and required custom fields (a new customer needs them). */
  targets: z.array(z.object({ key: z.string(), label: z.string(), required: z.boolean() })),
});
export type ImportPreview = z.infer<typeof importPreviewView>;

export const JOB_STATUSES = ['waiting', 'running', 'completed', 'failed'] as const;

/** A background job as its user follows it (import and export answer with the job they start). */
export const jobView = z.object({
  _id: z.string(),
  kind: z.string(),
  status: z.enum(JOB_STATUSES),
  processed: z.number().int(),
  total: z.number().int(),
  percent: z.number().int(),
  result: z.record(z.string(), z.unknown()),
  error: z.string().nullable(),
  created_at: isoDateTime,
  finished_at: isoDateTime.nullable(),
  /** Where to download the result file (error report or export), when there is one. */
  download_url: z.string().nullable(),
});
export type JobView = z.infer<typeof jobView>;
