import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { Column, fillPlaceholders, getTableName, is, SQL, sql, Subquery } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { createHash } from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import { seedReferenceData } from '../db/seed/reference.js';

export type Database = NodePgDatabase;

/** The PostgreSQL error code of a failed statement (drizzle wraps it in `cause`). */
export const pgErrorCode = (error: unknown) =>
  (error as { code?: string }).code ?? (error as { cause?: { code?: string } }).cause?.code;
/** Two writes raced for one unique value and the unique index refused the second. */
export const isUniqueViolation = (error: unknown) =>
  (error as { code?: string }).code === '23505' ||
  (error as { cause?: { code?: string } }).cause?.code === '23505';
const statementNames = new Map<string, string>();
const MAX_STATEMENT_NAMES = 1_000;

/** What drizzle's node-postgres prepared query holds (drizzle-orm 0.45, node-postgres/session). */
interface NodePgStatement {
  queryString: string;
  params: unknown[];
  queryConfig: { name?: string; text: string };
  rawQueryConfig: { name?: string; text: string };
  /** A select's fields, in the order of its columns. */
  fields?: { path: string[]; field: unknown }[];
  joinsNotNullableMap?: Record<string, boolean>;
  customResultMapper?: unknown;
  client: pg.Pool | pg.PoolClient;
  execute(values?: Record<string, unknown>): Promise<unknown>;
}

/** What turns a field's value as the driver gives it into the field's own (drizzle's decoder). */
interface Decoder {
  mapFromDriverValue(value: unknown): unknown;
}
type Decoded = { decoder: Decoder };

function decoderOf(field: unknown): Decoder {
  if (is(field, Column)) return field;
  if (is(field, SQL)) return (field as unknown as Decoded).decoder;
  if (is(field, Subquery)) return (field as unknown as { _: { sql: Decoded } })._.sql.decoder;
  return (field as { sql: Decoded }).sql.decoder;
}

/**
 * Whether drizzle's mapping could null one of the select's nested objects: it does when an
 * object's columns come from a table an outer join may find no row of. Flat fields and
 * objects of the tables always there are mapped the same either way.
 */
function mayNullObjects(
  fields: NonNullable<NodePgStatement['fields']>,
  joinsNotNullableMap: Record<string, boolean> | undefined,
) {
  if (!joinsNotNullableMap) return false;
  return fields.some(
    ({ path, field }) =>
      path.length === 2 &&
      is(field, Column) &&
      joinsNotNullableMap[getTableName(field.table)] === false,
  );
}

/**
 * A prepared select's rows mapped by decoders found once, not per row and column: drizzle's
 * own mapping tells each field's kind anew for every value, which cost a tenth of a list
 * page's server time. A select whose outer join could null one of its objects keeps drizzle's
 * mapping.
 */
function mapRowsOnce(statement: NodePgStatement) {
  const { fields, joinsNotNullableMap, customResultMapper } = statement;
  if (!fields || customResultMapper || mayNullObjects(fields, joinsNotNullableMap)) return;
  const columns = fields.map(({ path, field }) => ({ path, decoder: decoderOf(field) }));
  statement.execute = async function (this: NodePgStatement, values = {}) {
    const result = await this.client.query<unknown[]>(
      this.queryConfig as pg.QueryConfig,
      fillPlaceholders(this.params, values) as unknown[],
    );
    return result.rows.map((row) => {
      const mapped: Record<string, unknown> = {};
      for (let index = 0; index < columns.length; index++) {
        const { path, decoder } = columns[index]!;
        let node = mapped;
        for (let depth = 0; depth < path.length - 1; depth++)
          node = (node[path[depth]!] ??= {}) as Record<string, unknown>;
        const value = row[index];
        node[path[path.length - 1]!] = value === null ? null : decoder.mapFromDriverValue(value);
      }
      return mapped;
    });
  };
}

/**
 * A hot query as a named prepared statement: each connection parses it once, and PostgreSQL
 * keeps its plan (a ticket's detail, with its dozen subqueries, spent five times longer being
 * planned than run). The name comes from the SQL text, so one name never stands for two texts;
 * the values stay parameters, as with any query. The SQL is built once, by `prepare`, and the
 * name set after (drizzle takes the name before building the text).
 */
export function preparedOnce<Prepared>(
  query: { prepare(name: string): Prepared },
  prefix: string,
): Prepared {
  const prepared = query.prepare(prefix);
  const statement = prepared as unknown as NodePgStatement;
  const name = statementName(prefix, statement.queryString);
  statement.queryConfig.name = name;
  statement.rawQueryConfig.name = name;
  mapRowsOnce(statement);
  return prepared;
}

/** The connection a drizzle handle queries through: the pool, or a transaction's client. */
const connectionOf = (db: Database | Transaction) =>
  (db as unknown as { _: { session: { client: unknown } } })._.session.client;

const builtQueries = new Map<string, object>();

/**
 * A hot query of a fixed shape, built and prepared (preparedOnce) on first use only: `build`
 * writes it with `sql.placeholder(...)` where its values go, and each call runs that same
 * statement on `db`'s own connection (the pool's, or the transaction's) with the values given
 * to `execute`. Drizzle builds a query's text on every call otherwise, and for the ticket's
 * detail (forty columns, a dozen subqueries) building cost more than running. `key` names the
 * shape: one key, one text.
 */
export function builtOnce<Prepared extends object>(
  db: Database | Transaction,
  key: string,
  build: () => { prepare(name: string): Prepared },
): Prepared {
  let built = builtQueries.get(key) as Prepared | undefined;
  if (!built) {
    built = preparedOnce(build(), key);
    builtQueries.set(key, built);
  }
  // The statement as built, on this call's connection (drizzle's prepared query keeps its
  // connection in `client`).
  const onConnection = Object.create(built) as Prepared & { client: unknown };
  onConnection.client = connectionOf(db);
  return onConnection;
}

/** Where a statement built once takes a part written per call (see `withPart`). */
export const PART_MARK = '/*part*/';
/** Writes drizzle's SQL as text and values, outside a query (statement names, memo keys). */
export const sqlDialect = new PgDialect();

/**
 * A statement built once (builtOnce) with `sql.raw(PART_MARK)` in it, run with `part` (SQL
 * written per call: a list's query of its page's ids, a caller's data scope) written there: one
 * round trip, with only the part that varies built on each call, prepared under a name from its
 * text as preparedOnce does (unless `prepare` is false). The part's values follow the
 * statement's own (its `$n` renumbered: drizzle writes every value as a parameter, so a `$` in
 * its text is one).
 */
export function withPart<Prepared extends object>(
  built: Prepared,
  part: SQL,
  /** false: planned on each call for its values (where a plan kept for any value goes wrong). */
  { prepare = true }: { prepare?: boolean } = {},
): Prepared {
  const statement = built as unknown as NodePgStatement;
  const own = statement.params.length;
  const inner = sqlDialect.sqlToQuery(part);
  const text = statement.queryString.replace(
    PART_MARK,
    inner.sql.replace(/\$(\d+)/g, (_, n: string) => `$${Number(n) + own}`),
  );
  // Named as the statement it extends, with the hash of its own text.
  const name = prepare
    ? statementName(statement.queryConfig.name?.slice(0, -17) ?? 'part', text)
    : undefined;
  const derived = Object.create(built) as NodePgStatement;
  derived.queryString = text;
  derived.params = [...statement.params, ...inner.params];
  derived.queryConfig = { ...statement.queryConfig, name, text };
  derived.rawQueryConfig = { ...statement.rawQueryConfig, name, text };
  return derived as unknown as Prepared;
}

/**
 * The shape of a row of values to write with builtOnce: the fields given, each a placeholder
 * or, when null, a plain NULL (a placeholder would hand null to the column's encoder), and a
 * key naming that shape. Undefined fields are left out, as drizzle does.
 */
export function shapeOf(values: object): { key: string; placeholders: Record<string, unknown> } {
  const given = Object.entries(values)
    .filter(([, value]) => value !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : 1));
  return {
    key: given.map(([field, value]) => (value === null ? `${field}=null` : field)).join(','),
    placeholders: Object.fromEntries(
      given.map(([field, value]) => [field, value === null ? null : sql.placeholder(field)]),
    ),
  };
}

/** The same for a hot statement written as SQL text (node-postgres' query config). */
export const prepared = (prefix: string, text: string, values: unknown[]) => ({
  name: statementName(prefix, text),
  text,
  values,
});

function statementName(prefix: string, text: string): string {
  let name = statementNames.get(text);
  if (!name) {
    // PostgreSQL keeps 63 bytes of a name: the text's hash must fit in them.
    name = `${prefix.slice(0, 40)}-${createHash('sha1').update(text).digest('base64url').slice(0, 16)}`;
    if (statementNames.size >= MAX_STATEMENT_NAMES) statementNames.clear();
    statementNames.set(text, name);
  }
  return name;
}

/**
 * A statement drizzle writes on each call whose text repeats (its values are parameters), run
 * as a named prepared statement under its text's name: parsed and planned once per connection,
 * on `db`'s own (the pool's, or the transaction's).
 */
export async function executeNamed(db: Database | Transaction, prefix: string, statement: SQL) {
  const query = sqlDialect.sqlToQuery(statement);
  const connection = connectionOf(db) as pg.Pool | pg.PoolClient;
  return connection.query(prepared(prefix, query.sql, query.params));
}

/** The one number a `select count(...)::int as value` answers. */
export const countOf = (db: Database | Transaction, query: SQL) =>
  db.execute<{ value: number }>(query).then((result) => Number(result.rows[0]?.value ?? 0));

/** A value for a `$n::jsonb` parameter: its JSON text, or NULL when it is undefined. */
export const jsonParam = (value: unknown) => (value === undefined ? null : JSON.stringify(value));

/** The handle inside `db.transaction(...)`. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

export interface DatabaseHandle {
  url: string;
  db: Database;
  pool: pg.Pool;
  /**
   * A few connections whose commits do not wait for the disk (see relaxedCommit), opened on
   * first use: a single bookkeeping statement costs one round trip there instead of three.
   */
  relaxed(): pg.Pool;
  close(): Promise<void>;
}

export function connectDatabase(url: string, max = 10): DatabaseHandle {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    // Each connection keeps what was prepared on it, a statement per list filter shape among
    // them (withPart): renewing it every half hour bounds what a busy one gathers.
    maxLifetimeSeconds: 1_800,
    // Short API queries on a few cores: parallel workers only add contention, and the working set
    // is in memory, so an index probe costs little more than a sequential read.
    options: '-c max_parallel_workers_per_gather=0 -c random_page_cost=1.1',
  });
  // A dropped idle connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  let relaxed: pg.Pool | undefined;
  return {
    url,
    db: drizzle(pool),
    pool,
    relaxed() {
      if (!relaxed) {
        relaxed = new pg.Pool({
          connectionString: url,
          max: Math.min(max, 4),
          options: '-c synchronous_commit=off -c max_parallel_workers_per_gather=0',
        });
        relaxed.on('error', () => {});
      }
      return relaxed;
    },
    close: async () => {
      await Promise.all([pool.end(), relaxed?.end()]);
    },
  };
}

/**
 * Runs `work` in a transaction that commits without waiting for the disk, for bookkeeping whose
 * loss can only make work be done again, never lost: a database crash loses the newest part of
 * the write-ahead log and nothing before it, and any later durable commit (the change the
 * bookkeeping describes) flushes it to disk first. An app crash (kill -9) loses nothing.
 */
export async function relaxedCommit<Result>(
  database: Pick<DatabaseHandle, 'pool'>,
  work: (client: pg.PoolClient) => Promise<Result>,
): Promise<Result> {
  const client = await database.pool.connect();
  try {
    // One round trip (the simple protocol takes both statements at once).
    await client.query('begin; set local synchronous_commit = off');
    const result = await work(client);
    await client.query('commit');
    return result;
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

export const migrationsFolder = path.resolve(import.meta.dirname, '../db/migrations');

/** Migrations, then the reference data every tenant shares (provinces and districts). */
export async function prepareDatabase(handle: DatabaseHandle) {
  await runMigrations(handle);
  await seedReferenceData(handle.db);
}

/** Applies the checked-in SQL migrations; safe to run from several instances at once. */
export async function runMigrations(handle: DatabaseHandle) {
  const client = await handle.pool.connect();
  try {
    await client.query('select pg_advisory_lock(727274)');
    await migrate(drizzle(client), { migrationsFolder });
  } finally {
    await client.query('select pg_advisory_unlock(727274)').catch(() => {});
    client.release();
  }
}

export async function databaseStatus(handle: DatabaseHandle) {
  const started = performance.now();
  try {
    const result = await handle.pool.query<{ version: string }>(
      "select current_setting('server_version') as version",
    );
    return {
      status: 'ok' as const,
      version: result.rows[0]?.version ?? '',
      latency_ms: Math.round(performance.now() - started),
    };
  } catch {
    return {
      status: 'down' as const,
      version: '',
      latency_ms: Math.round(performance.now() - started),
    };
  }
}
