import type { TestProject } from 'vitest/node';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { connectDatabase, runMigrations } from '../platform/db.js';
import { startEmbeddedPostgres } from '../platform/embedded-postgres.js';
import { seedDemo } from '../db/seed/demo.js';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string;
  }
}

/**
 * One real PostgreSQL for the server suite: DATABASE_URL when given (its public schema is
 * wiped first, so point it at a test database), else an embedded one in a temporary folder.
 */
export default async function setup(project: TestProject) {
  let url = process.env.DATABASE_URL;
  let stop = async () => {};
  if (url) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query('drop schema if exists drizzle cascade; drop schema public cascade; create schema public;');
    await client.end();
  } else {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'omnicare-test-pg-'));
    const port = 55_000 + Math.floor(Math.random() * 5_000);
    const embedded = await startEmbeddedPostgres(dir, port, () => {});
    url = embedded.url;
    stop = async () => {
      await embedded.stop();
      await rm(dir, { recursive: true, force: true });
    };
  }
  const handle = connectDatabase(url, 2);
  await runMigrations(handle);
  await seedDemo(handle.db);
  await handle.close();
  project.provide('databaseUrl', url);
  return stop;
}
