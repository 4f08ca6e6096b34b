import pg from 'pg';
import PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';

type Handler = (data: Record<string, unknown>) => Promise<void>;

/**
 * The advisory lock instances take while starting the queue: pg-boss creating its schema, queues
 * and schedules on two instances at once over a fresh database deadlocks in PostgreSQL.
 */
const START_LOCK = 7_270_331;

/**
 * How often an idle worker asks for a job. A job sent by this instance wakes a worker at once;
 * the polling finds what other instances sent, delayed jobs and the crons' jobs. Every queue
 * polls, so a short interval costs an idle server CPU all day (0.5 s: 12 % of a core).
 */
const POLLING_SECONDS = 2;

interface QueueOptions {
  /** pg-boss queue policy; 'short' keeps one waiting job per singleton key. */
  policy?: PgBoss.QueuePolicy;
  /** Workers polling the queue on this instance (one by default). */
  workers?: number;
  /** A cron expression: pg-boss sends the job on that schedule (once across instances). */
  cron?: string;
}

/**
 * Background work on pg-boss (queues in PostgreSQL, so any instance may pick a job up).
 * Handlers are registered by name before start(); a job runs once unless sent with retries,
 * its failure is the handler's to record.
 */
export function createJobQueue(databaseUrl: string, log: FastifyBaseLogger) {
  const boss = new PgBoss({ connectionString: databaseUrl, max: 3 });
  let stopping = false;
  // Once stopped, pg-boss's connections are still closing when the database stops (its pool's
  // end resolves before their sockets close): their "terminating connection" is no error.
  boss.on('error', (error) => {
    if (!stopping) log.error({ err: error }, 'job queue error');
  });
  const handlers = new Map<string, { handler: Handler; options: QueueOptions }>();
  /** This instance's workers by queue: a job sent here wakes one at once (see `send`). */
  const workersOf = new Map<string, string[]>();
  let started = false;
  return {
    register(name: string, handler: Handler, options: QueueOptions = {}) {
      handlers.set(name, { handler, options });
    },
    async start() {
      const lock = new pg.Client({ connectionString: databaseUrl });
      await lock.connect();
      try {
        await lock.query('select pg_advisory_lock($1)', [START_LOCK]);
        await boss.start();
        started = true;
        for (const [name, { options }] of handlers) {
          await boss.createQueue(name, { name, policy: options.policy ?? 'standard' });
          if (options.cron) await boss.schedule(name, options.cron, {}, { retryLimit: 0 });
        }
      } finally {
        // Ending the session releases the lock too, whatever happened above.
        await lock.end();
      }
      for (const [name, { handler, options }] of handlers) {
        for (let worker = 0; worker < (options.workers ?? 1); worker++) {
          let workerId = '';
          workerId = await boss.work<Record<string, unknown>>(
            name,
            { pollingIntervalSeconds: POLLING_SECONDS, batchSize: 1 },
            async ([job]) => {
              if (!job) return;
              // A worker that found a job fetches the next at once: pg-boss would otherwise wait
              // out its polling interval after every job (two jobs a second per worker at most).
              boss.notifyWorker(workerId);
              await handler(job.data);
            },
          );
          workersOf.set(name, [...(workersOf.get(name) ?? []), workerId]);
        }
      }
    },
    async send(
      name: string,
      data: Record<string, unknown>,
      options: Pick<
        PgBoss.SendOptions,
        'singletonKey' | 'startAfter' | 'retryLimit' | 'retryDelay' | 'retryBackoff'
      > = {},
    ) {
      await boss.send(name, data, { retryLimit: 0, ...options });
      // Sent here: a worker of this instance fetches it now instead of at its next poll.
      const workers = workersOf.get(name);
      if (workers?.length && !options.startAfter)
        boss.notifyWorker(workers[Math.floor(Math.random() * workers.length)]!);
    },
    async stop() {
      if (!started) return;
      await boss.stop({ graceful: true, timeout: 10_000 });
      stopping = true;
    },
  };
}
export type JobQueue = ReturnType<typeof createJobQueue>;
