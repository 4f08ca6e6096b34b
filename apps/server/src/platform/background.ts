import type { FastifyBaseLogger } from 'fastify';

/**
 * Work a request starts but does not answer after, such as mailing a password reset code (so an
 * existing and an unknown address answer alike). A failure is logged; closing the app waits for
 * what is still running, and `idle()` lets tests await it.
 */
export function createBackground(log: FastifyBaseLogger) {
  const pending = new Set<Promise<void>>();
  return {
    run(label: string, task: () => Promise<unknown>) {
      const done: Promise<void> = Promise.resolve()
        .then(task)
        .then(
          () => undefined,
          (err: unknown) => log.error({ err }, `${label} failed`),
        )
        .finally(() => pending.delete(done));
      pending.add(done);
    },
    async idle() {
      while (pending.size > 0) await Promise.all(pending);
    },
  };
}
export type Background = ReturnType<typeof createBackground>;
