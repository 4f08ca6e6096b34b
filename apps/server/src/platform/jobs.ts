import PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';

type Handler = (data: Record<string, unknown>) => Promise<void>;

/**
 * Background work on pg-boss (queues in PostgreSQL, so any instance may pick a job up).
 * Handlers are registered by name before start(); a job runs once, its failure is the
 * handler's to record.
 */
export function createJobQueue(databaseUrl: string, log: FastifyBaseLogger) {
  const boss = new PgBoss({ connectionString: databaseUrl, max: 3 });
  boss.on('error', (error) => log.error({ err: error }, 'job queue error'));
  const handlers = new Map<string, Handler>();
  let started = false;
  return {
    register(name: string, handler: Handler) {
      handlers.set(name, handler);
    },
    async start() {
      await boss.start();
      started = true;
      for (const [name, handler] of handlers) {
        await boss.createQueue(name);
        await boss.work<Record<string, unknown>>(
          name,
          { pollingIntervalSeconds: 0.5, batchSize: 1 },
          async ([job]) => {
            if (job) await handler(job.data);
          },
        );
      }
    },
    async send(name: string, data: Record<string, unknown>) {
      await boss.send(name, data, { retryLimit: 0 });
    },
    async stop() {
      if (started) await boss.stop({ graceful: true, timeout: 10_000 });
    },
  };
}
export type JobQueue = ReturnType<typeof createJobQueue>;
