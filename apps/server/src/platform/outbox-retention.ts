import type { DatabaseHandle } from './db.js';
import type { JobQueue } from './jobs.js';

/** Delivered events are kept this long (for reading back what happened), then pruned. */
const RETENTION_DAYS = 30;
const PRUNE_JOB = 'outbox.prune';
const PRUNE_BATCH = 5_000;

/** Registers the hourly prune (`outbox.prune`) of events older than RETENTION_DAYS. */
export function schedulePrune(jobs: JobQueue, database: DatabaseHandle) {
  jobs.register(PRUNE_JOB, async () => void (await pruneOutbox(database, retention())), {
    cron: '17 * * * *',
  });
  const retention = () => new Date(Date.now() - RETENTION_DAYS * 24 * 60 * 60_000);
}

/**
 * Keeps the outbox from growing without end (the `outbox.prune` job, hourly): deletes events
 * written before `before` that every subscriber's relay has passed and every subscriber owing
 * them has taken, then the progress rows with nothing owed and no event left at or below them.
 * A progress row made again later starts at its subscriber's `start_event_id`, and only events
 * newer than the pruned ones are left for its aggregate, so nothing is delivered twice or lost.
 * A subscriber no longer registered keeps its cursor, and with it every event after it.
 */
export async function pruneOutbox(database: DatabaseHandle, before: Date) {
  let events = 0;
  for (;;) {
    const deleted = await database.pool.query(
      `delete from domain_events where id in (
         select e.id from domain_events e
         where e.created_at < $1
           and not exists (select 1 from outbox_cursors c
                           where (c.transaction_id, c.event_id) < (e.transaction_id, e.id))
           and not exists (select 1 from outbox_progress p
                           join outbox_cursors c on c.subscriber = p.subscriber
                           where p.aggregate_id = e.aggregate_id and p.delivered_id < e.id
                             and e.id > c.start_event_id)
         order by e.id limit ${PRUNE_BATCH})`,
      [before],
    );
    events += deleted.rowCount ?? 0;
    if ((deleted.rowCount ?? 0) < PRUNE_BATCH) break;
  }
  const progress = await database.pool.query(
    `delete from outbox_progress p
     where p.dispatched_id = p.delivered_id
       and not exists (select 1 from domain_events e
                       where e.aggregate_id = p.aggregate_id and e.id <= p.delivered_id)`,
  );
  return { events, progress: progress.rowCount ?? 0 };
}
