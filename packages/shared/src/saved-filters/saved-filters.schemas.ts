import { z } from 'zod';
import { requiredText } from '../platform/validation.js';

/** The lists whose filters a user may save by name. */
export const SAVED_FILTER_ENTITIES = ['customer', 'ticket'] as const;

/** GET /v2/saved-filters */
export const savedFiltersQuery = z.object({ entity: z.enum(SAVED_FILTER_ENTITIES) });

/** POST /v2/saved-filters */
export const savedFilterBody = z.object({
  entity: z.enum(SAVED_FILTER_ENTITIES),
  name: requiredText('Tên bộ lọc', 100),
  filters: z.record(z.string(), z.unknown()),
});
export type SavedFilterBody = z.infer<typeof savedFilterBody>;

/** One of the user's own named filters of a list screen. */
export const savedFilterView = z.object({
  _id: z.string(),
  name: z.string(),
  entity: z.enum(SAVED_FILTER_ENTITIES),
  filters: z.record(z.string(), z.unknown()),
});
export type SavedFilter = z.infer<typeof savedFilterView>;
