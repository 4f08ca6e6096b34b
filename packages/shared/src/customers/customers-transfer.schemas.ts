import { z } from 'zod';

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
