import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import type { Database, DatabaseHandle } from './db.js';
import type { Mailer } from './mail.js';
import type { Realtime } from './realtime.js';
import type { Throttle } from './throttle.js';
import type { TokenService } from './auth.js';
import type { SecretBox } from './secret-box.js';
import type { FileStore } from './files.js';
import type { JobQueue } from './jobs.js';
import type { Outbox } from './outbox.js';
import type { TenantMemo } from './tenant-memo.js';
import type { CustomFieldHosts } from './modules.js';
import type { Background } from './background.js';

/** What services need from the platform, built once in app.ts and handed to each module. */
export interface Platform {
  config: Config;
  database: DatabaseHandle;
  db: Database;
  /**
   * Where reports (and exports) read: a replica's pool when DATABASE_READ_URL is set, else the
   * primary's `db`. Nothing writes through it.
   */
  reads: Database;
  mailer: Mailer;
  realtime: Realtime;
  throttle: Throttle;
  tokens: TokenService;
  secrets: SecretBox;
  files: FileStore;
  jobs: JobQueue;
  /** Delivery of domain events to subscribers (`registerSubscriber`). */
  outbox: Outbox;
  /** List counts and other values derived from a tenant's data, until it changes. */
  memo: TenantMemo;
  /** Work started by a request that its answer does not wait for. */
  background: Background;
  log: FastifyBaseLogger;
  /** The entities whose records carry custom field values, as their modules lend them. */
  customFields: CustomFieldHosts;
}
