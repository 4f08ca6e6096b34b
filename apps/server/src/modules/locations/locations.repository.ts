import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../platform/db.js';
import { cities, districts } from '../../db/schema/customers.js';

export const listCities = (db: Database) => db.select().from(cities).orderBy(asc(cities.code));

export const listDistricts = (db: Database, cityCode: string) =>
  db.select().from(districts).where(eq(districts.cityCode, cityCode)).orderBy(asc(districts.code));

export async function districtBelongsTo(db: Database, districtCode: string, cityCode: string) {
  const [row] = await db
    .select({ cityCode: districts.cityCode })
    .from(districts)
    .where(eq(districts.code, districtCode))
    .limit(1);
  return row?.cityCode === cityCode;
}

export async function cityExists(db: Database, cityCode: string) {
  const [row] = await db
    .select({ code: cities.code })
    .from(cities)
    .where(eq(cities.code, cityCode))
    .limit(1);
  return !!row;
}

/** Every province and district name by code (about 770 rows): for exports. */
export async function placeNames(db: Database) {
  const [cityRows, districtRows] = await Promise.all([
    db.select({ code: cities.code, name: cities.name }).from(cities),
    db.select({ code: districts.code, name: districts.name }).from(districts),
  ]);
  return {
    city: new Map(cityRows.map((row) => [row.code, row.name])),
    district: new Map(districtRows.map((row) => [row.code, row.name])),
  };
}
