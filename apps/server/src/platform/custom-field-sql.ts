import { and, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database, Transaction } from './db.js';
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

/** A table whose rows keep their custom field values in a `custom` jsonb column. */
interface CustomValuesTable {
  table: PgTable;
  tenantId: PgColumn;
  custom: PgColumn;
}

/**
 * What a module lends custom fields for one such table (`CustomFieldHost`, without the entity):
 * a deleted field's values go, a select that lost options keeps only those still offered (a
 * value left with none goes), and the rows lacking a value are counted.
 */
export function customValuesHost({ table, tenantId: tenant, custom }: CustomValuesTable) {
  return {
    async dropValues(tx: Transaction, tenantId: string, key: string) {
      await tx.execute(sql`update ${table} set custom = ${custom} - ${key}::text
        where ${tenant} = ${tenantId} and jsonb_exists(${custom}, ${key})`);
    },
    async countMissing(db: Database, tenantId: string, key: string) {
      const value = sql`${custom} -> ${key}::text`;
      const result = await db.execute<{ value: number }>(sql`select count(*)::int as value
        from ${table} where ${tenant} = ${tenantId}
          and (${value} is null or ${value} in ('null'::jsonb, '""'::jsonb, '[]'::jsonb))`);
      return Number(result.rows[0]?.value ?? 0);
    },
    async keepOfferedOptions(tx: Transaction, tenantId: string, key: string, options: string[]) {
      const value = sql`${custom} -> ${key}::text`;
      const isList = sql`jsonb_typeof(${value}) = 'array'`;
      const offered = sql`${JSON.stringify(options)}::jsonb`;
      const kept = sql`coalesce((select jsonb_agg(item.value)
        from jsonb_array_elements(case when ${isList} then ${value} else '[]'::jsonb end) as item(value)
        where ${offered} @> jsonb_build_array(item.value)), '[]'::jsonb)`;
      await tx.execute(sql`update ${table} set custom = case when ${isList} and ${kept} <> '[]'::jsonb
          then jsonb_set(${custom}, array[${key}::text], ${kept})
          else ${custom} - ${key}::text end
        where ${tenant} = ${tenantId} and jsonb_exists(${custom}, ${key})
          and not (${offered} @> case when ${isList} then ${value} else jsonb_build_array(${value}) end)`);
    },
  };
}
