/**
 * The server a Playwright worker talks to. `scripts/e2e.mjs` starts one server, with its own
 * embedded database and mail outbox, per worker (`E2E_SERVERS`, a JSON list): workers run specs
 * side by side without seeing each other's tenant settings, presences or sessions.
 */
export interface WorkerServer {
  baseUrl: string;
  outboxDir?: string;
  databaseUrl?: string;
  /** Its SMTP listener for forwarded mail. */
  inboundSmtpPort?: number;
}

export function workerServer(): WorkerServer {
  const servers = JSON.parse(process.env.E2E_SERVERS ?? '[]') as WorkerServer[];
  // Set in each worker process before it loads the configuration; the runner itself has none.
  const index = Number(process.env.TEST_PARALLEL_INDEX ?? 0);
  return servers[index % Math.max(servers.length, 1)] ?? { baseUrl: 'http://127.0.0.1:3000' };
}
