import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { testDatabaseUrl } from './helpers.js';
import { testPort, type TestPortRange } from './ports.js';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Resolves when the child process has exited. */
export const exited = (child: ChildProcess) =>
  new Promise((resolve) => child.once('exit', resolve));

/** Polls `check` every `every` ms until it holds, failing after `ms` with what was awaited. */
export async function until(
  check: () => Promise<boolean>,
  what: string,
  { ms, every }: { ms: number; every: number },
) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, every));
  }
}

/**
 * The real server (`src/main.ts` through tsx) as a child process on this worker's test database,
 * for the tests that kill it with SIGKILL and start it again: one data folder across restarts,
 * `env` added to the environment. `close()` (in afterAll) stops what still runs and cleans up.
 */
export function realServer({ ports, env }: { ports: TestPortRange; env: Record<string, string> }) {
  const port = testPort(ports);
  let dataDir = '';
  let current: ChildProcess | undefined;
  return {
    /** Where it listens (the same across restarts). */
    url: `http://127.0.0.1:${port}`,
    /** The running process's pid. */
    pid: () => current?.pid,
    /** Kills it with SIGKILL and waits for it to be gone. */
    async kill() {
      if (!current || current.exitCode !== null || current.signalCode !== null) return;
      const done = exited(current);
      current.kill('SIGKILL');
      await done;
    },
    /** Starts it (with `more` added to its environment) and waits for its banner (60 s at most). */
    async start(more: Record<string, string> = {}): Promise<ChildProcess> {
      dataDir ||= await mkdtemp(path.join(os.tmpdir(), 'omnicare-real-server-'));
      const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
        cwd: serverDir,
        env: {
          ...process.env,
          DATABASE_URL: testDatabaseUrl(),
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: dataDir,
          LOG_LEVEL: 'warn',
          ...env,
          ...more,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      current = child;
      let output = '';
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no banner in 60 s:\n${output}`)), 60_000);
        const onData = (chunk: Buffer) => {
          output += chunk.toString();
          if (output.includes('OmniCare is running')) {
            clearTimeout(timer);
            resolve();
          }
        };
        child.stdout?.on('data', onData);
        child.stderr?.on('data', onData);
        child.once('exit', (code) => reject(new Error(`exited with ${code}:\n${output}`)));
      });
      return child;
    },
    async close() {
      if (current && current.exitCode === null && current.signalCode === null) {
        const done = exited(current);
        current.kill('SIGINT');
        await done;
      }
      if (dataDir) await rm(dataDir, { recursive: true, force: true });
    },
  };
}
