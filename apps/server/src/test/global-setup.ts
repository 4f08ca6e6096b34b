import type { TestProject } from 'vitest/node';
import { testPort } from './ports.js';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { connectDatabase, prepareDatabase } from '../platform/db.js';
import { keepExitCode, startEmbeddedPostgres } from '../platform/embedded-postgres.js';
import { seedDemo } from '../db/seed/demo.js';
import { loadPlatformSecret } from '../platform/auth.js';
import { createSecretBox } from '../platform/secret-box.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** One database per test worker (`VITEST_POOL_ID` 1, 2...), each a copy of the prepared one. */
    databaseUrls: string[];
  }
}

/** Test files run in this many workers at once (vitest.config.ts `maxWorkers`). */
export const TEST_WORKERS = 2;

/** `url` naming another database of the same server. */
const withDatabase = (url: string, name: string) => {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
};

/** Database `name` on the server of `url`, made afresh; answers its address. */
async function recreated(url: string, name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: withDatabase(url, 'postgres') });
  await admin.connect();
  await admin.query(`drop database if exists "${name}" with (force)`);
  await admin.query(`create database "${name}"`);
  await admin.end();
  return withDatabase(url, name);
}

/**
 * One real PostgreSQL for the server suite: TEST_DATABASE_URL when given (its schema is wiped
 * first, so its database name must contain "test"), else an embedded one in a temporary folder.
 * DATABASE_URL is never used here, so a test run cannot touch a real database.
 */
export default async function setup(project: TestProject) {
  // The embedded database is stopped by the teardown below: vitest's exit code must stand.
  keepExitCode();
  let url = process.env.TEST_DATABASE_URL;
  let stop = async () => {};
  if (url) {
    const name = new URL(url).pathname.slice(1);
    if (!name.includes('test'))
      throw new Error(`TEST_DATABASE_URL must name a test database, not "${name}"`);
    // Another project of the run (the performance one) gets a database of its own beside it.
    if (project.name !== 'server') url = await recreated(url, `${name}_${project.name}`);
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(
      'drop schema if exists drizzle cascade; drop schema public cascade; create schema public;',
    );
    await client.end();
  } else {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'omnicare-test-pg-'));
    const port = testPort('embeddedPostgres');
    const embedded = await startEmbeddedPostgres(dir, port, () => {}, { fsync: false });
    url = embedded.url;
    stop = async () => {
      await embedded.stop();
      await rm(dir, { recursive: true, force: true });
    };
  }
  const handle = connectDatabase(url, 2);
  await prepareDatabase(handle);
  // Sealed with the database's own data key, as the test apps open it (no DATA_KEY in tests).
  const secrets = createSecretBox(await loadPlatformSecret(handle.db, 'data-key'));
  await seedDemo(handle.db, { secrets });
  await handle.close();
  // Each worker gets its own copy of the migrated, seeded database: files of different workers
  // never meet each other's rows, jobs or outbox deliveries.
  const base = new URL(url).pathname.slice(1);
  const admin = new pg.Client({ connectionString: withDatabase(url, 'postgres') });
  await admin.connect();
  const urls: string[] = [];
  for (let worker = 1; worker <= TEST_WORKERS; worker++) {
    const copy = `${base}_w${worker}`;
    await admin.query(`drop database if exists "${copy}" with (force)`);
    await admin.query(`create database "${copy}" template "${base}"`);
    urls.push(withDatabase(url, copy));
  }
  await admin.end();
  project.provide('databaseUrls', urls);
  return stop;
}
