import { and, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { CustomFieldCondition } from '@omnicare/shared/fields/custom-filters';
import { unaccentContains } from './sql.js';

/** `<record>.custom @> {key: value}`: answered by a jsonb_path_ops GIN index on the column. */
const customContains = (column: PgColumn, key: string, value: unknown) =>
  sql`${column} @> ${JSON.stringify({ [key]: value })}::jsonb`;

/**
 * One custom-field filter on a record's `custom` jsonb column (customers, tickets) as SQL. Select, multi-select and a ticked checkbox are containments
 * the GIN index on `custom` answers; text, ranges and an unticked checkbox filter the rows the
 * other conditions leave. A value of another JSON type than the field's never matches a range.
 */
export function customFieldSql(column: PgColumn, condition: CustomFieldCondition): SQL {
  const { key } = condition;
  const json = sql`${column} -> ${key}::text`;
  const text = sql`${column} ->> ${key}::text`;
  switch (condition.type) {
    case 'text':
      return unaccentContains(text, condition.contains);
    case 'number': {
      const value = sql`(case when jsonb_typeof(${json}) = 'number' then (${text})::numeric end)`;
      const ends = [
        condition.min === undefined ? undefined : sql`${value} >= ${condition.min}`,
        condition.max === undefined ? undefined : sql`${value} <= ${condition.max}`,
      ];
      return and(...ends) as SQL;
    }
    case 'date': {
      // Days are stored as YYYY-MM-DD: their byte order is their calendar order.
      const value = sql`(case when jsonb_typeof(${json}) = 'string' then ${text} end) collate "C"`;
      const ends = [
        condition.from === undefined ? undefined : sql`${value} >= ${condition.from}`,
        condition.to === undefined ? undefined : sql`${value} <= ${condition.to}`,
      ];
      return and(...ends) as SQL;
    }
    case 'select':
      return or(...condition.anyOf.map((option) => customContains(column, key, option))) as SQL;
    case 'multiselect':
      return customContains(column, key, condition.allOf);
    case 'checkbox':
      // Never ticked (no value) counts as not ticked.
      return condition.checked
        ? customContains(column, key, true)
        : sql`not ${customContains(column, key, true)}`;
  }
}
