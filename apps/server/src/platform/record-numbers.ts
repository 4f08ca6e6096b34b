import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { RecordRef } from '@omnicare/shared/platform/record-ref';
import type { Database, Transaction } from './db.js';

/** Kinds of records numbered per tenant; the name is the `record_numbers.entity` key. */
export type NumberedEntity = 'customer' | 'organization' | 'ticket';

/**
 * The next short number of `entity` in the tenant (migration 0014's `next_record_number`): the
 * counter row stays locked until the transaction ends, so concurrent callers get distinct
 * numbers, and a number is never given twice. Tables with an `assign_record_number` trigger
 * (customers, organizations) call it on insert by themselves; call this for a number wanted
 * before the insert.
 */
export async function nextRecordNumber(
  db: Database | Transaction,
  tenantId: string,
  entity: NumberedEntity,
): Promise<number> {
  const result = await db.execute<{ value: number }>(
    sql`select next_record_number(${tenantId}, ${entity}) as value`,
  );
  return Number(result.rows[0]?.value);
}

/** The condition naming one record of a table by its id or its number. */
export const recordRefCondition = (
  table: { id: AnyPgColumn; number: AnyPgColumn },
  ref: RecordRef,
): SQL => ('id' in ref ? eq(table.id, ref.id) : eq(table.number, ref.number));

/** `recordRefCondition` within the tenant. */
export const tenantRecord = (
  table: { id: AnyPgColumn; number: AnyPgColumn; tenantId: AnyPgColumn },
  tenantId: string,
  ref: RecordRef,
): SQL => and(eq(table.tenantId, tenantId), recordRefCondition(table, ref)) as SQL;
