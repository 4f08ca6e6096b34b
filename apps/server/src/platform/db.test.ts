import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tenants } from '../db/schema/tenants.js';
import { createTestApp, type TestApp } from '../test/helpers.js';
import { builtOnce, connectDatabase, type Database, type Transaction } from './db.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const bySlug = (db: Database | Transaction, slug: string) =>
  builtOnce(db, 'test-tenant-by-slug', () =>
    db
      .select({ name: tenants.name })
      .from(tenants)
      .where(eq(tenants.slug, sql.placeholder('slug'))),
  ).execute({ slug });

describe('builtOnce', () => {
  it('runs the statement built once on each call’s own connection, with its values', async () => {
    const slug = `built-${Date.now().toString(36)}`;
    const seen: Record<string, unknown> = {};
    const rolledBack = new Error('roll back');
    for (const name of ['Chưa lưu', 'Lần hai']) {
      const outcome = await t.database.db
        .transaction(async (tx) => {
          await tx.insert(tenants).values({ slug, name });
          // The transaction's own connection sees the row not yet committed (the first time,
          // the statement is built here); the pool's does not.
          seen[`${name} in the transaction`] = await bySlug(tx, slug);
          seen[`${name} outside`] = await bySlug(t.database.db, slug);
          throw rolledBack;
        })
        .catch((error: unknown) => error);
      expect(outcome).toBe(rolledBack);
    }
    expect(seen).toEqual({
      'Chưa lưu in the transaction': [{ name: 'Chưa lưu' }],
      'Chưa lưu outside': [],
      'Lần hai in the transaction': [{ name: 'Lần hai' }],
      'Lần hai outside': [],
    });
    expect(await bySlug(t.database.db, slug)).toEqual([]);
    expect(await bySlug(t.database.db, 'demo')).toHaveLength(1);
  });

  it('keeps two long keys with the same beginning apart (PostgreSQL cuts names at 63 bytes)', async () => {
    const long = 'a-shape-with-a-long-name-'.repeat(4);
    // One connection for both: the second statement's name must not be taken for the first's.
    const single = connectDatabase(t.database.url, 1);
    try {
      const valueOf = (key: string, column: 'id' | 'slug') =>
        builtOnce(single.db, `${long}${key}`, () =>
          single.db
            .select({ value: tenants[column] })
            .from(tenants)
            .where(eq(tenants.slug, sql.placeholder('slug'))),
        ).execute({ slug: 'demo' });
      expect(await valueOf('one', 'id')).toHaveLength(1);
      expect(await valueOf('two', 'slug')).toEqual([{ value: 'demo' }]);
    } finally {
      await single.close();
    }
  });
});
