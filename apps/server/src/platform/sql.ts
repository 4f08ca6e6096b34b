import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/** LIKE's wildcards and escape character, taken literally. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, '\\$&');

/** A LIKE pattern matching the text anywhere. */
export const containsPattern = (text: string) => `%${escapeLike(text)}%`;

/** A LIKE pattern matching values that start with the text. */
export const prefixPattern = (text: string) => `${escapeLike(text)}%`;

/** Case- and diacritics-insensitive "contains": 'nguyen' finds 'Nguyễn'. */
export const unaccentContains = (column: PgColumn | SQL, text: string): SQL =>
  sql`unaccent(lower(${column})) like unaccent(lower(${containsPattern(text)}))`;

/** Alphabetical order as Vietnamese readers expect it, the same on every database collation. */
export const vietnameseOrder = (column: PgColumn): SQL =>
  sql`unaccent(lower(${column})), ${column}`;
