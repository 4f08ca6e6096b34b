import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { loadConfig } from './config.js';
import pino from 'pino';
import { buildApp, loggerOptions } from './app.js';
import { connectDatabase, prepareDatabase } from './platform/db.js';
import { startEmbeddedPostgres, stopDatabaseOurselves } from './platform/embedded-postgres.js';
import { DEMO_LOGINS, seedDemo } from './db/seed/demo.js';
import { loadPlatformSecret } from './platform/auth.js';
import { createSecretBox } from './platform/secret-box.js';

const config = loadConfig();
// The database is stopped after the app has drained (shutdown below), not by the library at once.
stopDatabaseOurselves();
// Say why the process is going down (the database is stopped on the way out, see below).
process.on('unhandledRejection', (reason) => {
  process.stderr.write(
    `Unhandled rejection: ${reason instanceof Error ? reason.stack : String(reason)}\n`,
  );
});
process.on('uncaughtException', (error) => {
  // A rejected promise may carry no error at all (embedded-postgres rejects with undefined).
  process.stderr.write(
    `Uncaught exception: ${(error as Error | undefined)?.stack ?? String(error)}\n`,
  );
});
const say = (line: string) => process.stdout.write(`${line}\n`);

let embedded: Awaited<ReturnType<typeof startEmbeddedPostgres>> | undefined;
let databaseUrl = config.databaseUrl;
if (!databaseUrl) {
  embedded = await startEmbeddedPostgres(config.dataDir, config.embeddedPgPort, (m) => say(m), {
    fsync: config.embeddedPgFsync,
  });
  databaseUrl = embedded.url;
  const started = embedded;
  process.on('exit', () => started.stopNow());
}
const database = connectDatabase(databaseUrl);
await prepareDatabase(database);
if (config.seedDemo) {
  // The same key the app seals with (app.ts), so the demo SIP passwords open.
  const secrets = createSecretBox(
    config.dataKey ?? (await loadPlatformSecret(database.db, 'data-key')),
  );
  const seeded = await seedDemo(database.db, { samples: config.demoSamples, secrets });
  say(seeded ? 'Demo data seeded.' : 'Demo data already present.');
}

// Log lines leave asynchronously, so a busy server writes them in batches (flushed at exit).
const app = await buildApp(config, database, {
  loggerInstance: pino(
    loggerOptions(config.logLevel) as pino.LoggerOptions,
    pino.destination({ dest: 1, sync: false }),
  ),
});
await app.listen({ port: config.port, host: config.host });
// The server's own pid, for operators (and the start test) who must signal it directly.
const pidFile = path.join(config.dataDir, 'server.pid');
mkdirSync(config.dataDir, { recursive: true });
writeFileSync(pidFile, String(process.pid));

say('');
say(`OmniCare is running at http://localhost:${config.port}`);
say(`API docs: http://localhost:${config.port}/docs`);
say(`Database: ${embedded ? `embedded PostgreSQL in ${config.dataDir}/pg` : 'DATABASE_URL'}`);
if (config.seedDemo) {
  say('Demo logins (password Demo@123456):');
  for (const login of DEMO_LOGINS) say(`  ${login.email.padEnd(22)} ${login.role}`);
}

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  say(`\n${signal} received, stopping...`);
  const timer = setTimeout(() => process.exit(1), 10_000);
  try {
    await app.close();
    await database.close();
    await embedded?.stop();
    rmSync(pidFile, { force: true });
  } finally {
    clearTimeout(timer);
    process.exit(0);
  }
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGHUP', () => void shutdown('SIGHUP'));
