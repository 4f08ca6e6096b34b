import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/** A LIKE pattern matching the text anywhere, with LIKE's wildcards taken literally. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, '\\$&')}%`;

/** Case- and diacritics-insensitive "contains": 'nguyen' finds 'Nguyễn'. */
export const unaccentContains = (column: PgColumn | SQL, text: string): SQL =>
  sql`unaccent(lower(${column})) like unaccent(lower(${containsPattern(text)}))`;

/** Alphabetical order as Vietnamese readers expect it, the same on every database collation. */
export const vietnameseOrder = (column: PgColumn): SQL =>
  sql`unaccent(lower(${column})), ${column}`;
