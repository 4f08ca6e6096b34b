import type { City, District } from '@omnicare/shared/locations/locations.schemas';
import type { Platform } from '../../platform/context.js';
import type { Database } from '../../platform/db.js';
import * as repo from './locations.repository.js';

export async function listCities(platform: Platform): Promise<City[]> {
  const rows = await repo.listCities(platform.db);
  return rows.map((row) => ({ _id: row.code, code: row.code, name: row.name }));
}

export async function listDistricts(platform: Platform, cityCode: string): Promise<District[]> {
  const rows = await repo.listDistricts(platform.db, cityCode);
  return rows.map((row) => ({
    _id: row.code,
    code: row.code,
    city_id: row.cityCode,
    name: row.name,
  }));
}

// What other modules check and show of places (customers' addresses, exports).

export const cityExists = (db: Database, cityCode: string) => repo.cityExists(db, cityCode);

export const districtBelongsTo = (db: Database, districtCode: string, cityCode: string) =>
  repo.districtBelongsTo(db, districtCode, cityCode);

/** Every province and district name by code (about 770 rows): for exports. */
export const placeNames = (db: Database) => repo.placeNames(db);
