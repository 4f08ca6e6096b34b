import type {
  SavedFilter,
  SavedFilterBody,
} from '@omnicare/shared/saved-filters/saved-filters.schemas';
import { customFilterParam } from '@omnicare/shared/fields/custom-filters';
import type { AuthContext } from '../../platform/auth.js';
import type { Platform } from '../../platform/context.js';
import { toSearchKey } from '@omnicare/shared/customers/normalize';
import { fieldError, notFound } from '../../platform/errors.js';
import { customFilterOf } from '../customers/customers.service.js';
import * as repo from './saved-filters.repository.js';

const toView = (row: repo.SavedFilterRow): SavedFilter => ({
  _id: row.id,
  name: row.name,
  entity: row.entity as SavedFilter['entity'],
  filters: row.filters,
});

/**
 * Saves one of the user's filters. A customer filter's custom-field part is checked against the
 * tenant's fields like the list checks it (422 `filters.custom.<key>`), and kept as an object
 * of the filters that apply, so applying it later asks the list for exactly these.
 */
export async function saveFilter(
  platform: Platform,
  auth: AuthContext,
  body: SavedFilterBody,
): Promise<SavedFilter> {
  const filters = { ...body.filters };
  if (body.entity === 'customer' && filters.custom !== undefined) {
    const parsed = customFilterParam.safeParse(filters.custom);
    if (!parsed.success) throw fieldError('filters.custom', parsed.error.issues[0]?.message ?? '');
    const custom = await customFilterOf(platform, auth.tenantId, parsed.data, 'filters.custom');
    if (custom) filters.custom = custom.values;
    else delete filters.custom;
  }
  // Two filters of one name in the user's menu could not be told apart.
  const mine = await repo.listSavedFilters(platform.db, auth.userId, body.entity);
  if (mine.some((filter) => toSearchKey(filter.name) === toSearchKey(body.name)))
    throw fieldError('name', 'Tên bộ lọc đã tồn tại');
  const row = await repo.insertSavedFilter(platform.db, {
    tenantId: auth.tenantId,
    userId: auth.userId,
    entity: body.entity,
    name: body.name,
    filters,
  });
  return toView(row);
}

/** The user's own filters of one list screen, newest first. */
export async function listSavedFilters(
  platform: Platform,
  auth: AuthContext,
  entity: SavedFilter['entity'],
): Promise<SavedFilter[]> {
  return (await repo.listSavedFilters(platform.db, auth.userId, entity)).map(toView);
}

/** Deletes one of the user's own filters; anyone else's is not found. */
export async function deleteSavedFilter(platform: Platform, auth: AuthContext, id: string) {
  if (!(await repo.deleteSavedFilter(platform.db, auth.userId, id)))
    throw notFound('Không tìm thấy bộ lọc');
}
