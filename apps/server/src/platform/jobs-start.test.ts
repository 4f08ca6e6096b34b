import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { createJobQueue } from './jobs.js';
import { testDatabaseUrl } from '../test/helpers.js';

/** Another database on the suite's PostgreSQL. */
const databaseNamed = (name: string) => {
  const url = new URL(testDatabaseUrl());
  url.pathname = `/${name}`;
  return url.toString();
};

const created: string[] = [];
afterAll(async () => {
  const admin = new pg.Client({ connectionString: databaseNamed('postgres') });
  await admin.connect();
  for (const name of created) await admin.query(`drop database if exists "${name}" with (force)`);
  await admin.end();
});

describe('the job queue', () => {
  it('starts on two instances at once on a fresh database', { timeout: 120_000 }, async () => {
    for (let round = 0; round < 3; round++) {
      const name = `jobs_start_${Date.now()}_${round}`;
      const admin = new pg.Client({ connectionString: databaseNamed('postgres') });
      await admin.connect();
      await admin.query(`create database "${name}"`);
      await admin.end();
      created.push(name);
      const log = pino({ level: 'silent' });
      const queues = [0, 1].map(() => {
        const queue = createJobQueue(databaseNamed(name), log);
        queue.register('tick', async () => {}, { cron: '* * * * *' });
        queue.register('work', async () => {}, { policy: 'short', workers: 2 });
        return queue;
      });
      try {
        await Promise.all(queues.map((queue) => queue.start()));
      } finally {
        await Promise.all(queues.map((queue) => queue.stop()));
      }
    }
    expect(created).toHaveLength(3);
  });
});
