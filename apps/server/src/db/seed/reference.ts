import { sql } from 'drizzle-orm';
import type { Database } from '../../platform/db.js';
import { cities, districts } from '../schema/customers.js';
import units from './data/vn-admin-units.json' with { type: 'json' };

/** Vietnam's 63 provinces and their districts; added once, kept in step with the data file. */
export async function seedReferenceData(db: Database) {
  const [row] = (await db.execute<{ n: number }>(sql`select count(*)::int as n from ${districts}`))
    .rows;
  const expected = units.provinces.reduce((sum, province) => sum + province.districts.length, 0);
  if ((row?.n ?? 0) >= expected) return;
  await db.transaction(async (tx) => {
    await tx
      .insert(cities)
      .values(units.provinces.map((province) => ({ code: province.code, name: province.name })))
      .onConflictDoNothing();
    await tx
      .insert(districts)
      .values(
        units.provinces.flatMap((province) =>
          province.districts.map((district) => ({
            code: district.code,
            cityCode: province.code,
            name: district.name,
          })),
        ),
      )
      .onConflictDoNothing();
  });
}
