import { inject } from 'vitest';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.js';
import { loadConfig, type Config } from '../config.js';
import { connectDatabase, type DatabaseHandle } from '../platform/db.js';
import { DEMO_PASSWORD } from '../db/seed/demo.js';

export { DEMO_PASSWORD };

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  config: Config;
  /** Signs a demo account in and returns its token. */
  login(email: string, password?: string): Promise<string>;
  close(): Promise<void>;
}

/** The real app on the suite's PostgreSQL, driven with `app.inject()`. */
export async function createTestApp(overrides: Partial<Config> = {}): Promise<TestApp> {
  const outbox = await mkdtemp(path.join(os.tmpdir(), 'omnicare-outbox-'));
  const config: Config = {
    ...loadConfig({
      DATABASE_URL: inject('databaseUrl'),
      NODE_ENV: 'test',
      DATA_DIR: path.dirname(outbox),
    }),
    outboxDir: outbox,
    webDist: path.join(outbox, 'no-web-build'),
    loginRatePerIp: 10_000,
    ...overrides,
  };
  const database = connectDatabase(config.databaseUrl ?? '', 4);
  const app = await buildApp(config, database, { logger: false });
  await app.ready();
  return {
    app,
    database,
    config,
    async login(email, password = DEMO_PASSWORD) {
      const response = await app.inject({
        method: 'POST',
        url: '/v2/login',
        payload: { email, password },
      });
      if (response.statusCode !== 200) throw new Error(`login ${email}: ${response.body}`);
      return response.json().data.token as string;
    },
    async close() {
      await app.close();
      await database.close();
    },
  };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
