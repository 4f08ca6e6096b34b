// Shared by the benchmarks: a fresh server on a temporary embedded database, and a load runner.
import { spawn } from 'node:child_process';
import { openSync } from 'node:fs';
import http from 'node:http';
import { mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { at, ensureBuilt, ensureInstalled, root } from '../lib.mjs';

const freePort = () =>
  new Promise((resolve) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

/** A process's CPU time (user and system, with its reaped children's) in ms, and its parent. */
async function processCpu(pid) {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => undefined);
  if (!stat) return undefined;
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
  // Fields 4, 14-17 of proc(5): ppid, utime, stime, cutime, cstime, in clock ticks (100/s).
  const ticks = [11, 12, 13, 14].reduce((sum, index) => sum + Number(fields[index]), 0);
  return { pid: Number(pid), ppid: Number(fields[1]), name, ms: ticks * 10 };
}

/**
 * CPU time used so far by the server process and by its embedded PostgreSQL (the postmaster,
 * its running backends and those that ended), in ms; Linux only.
 */
async function cpuOf(serverPid) {
  const all = (
    await Promise.all(
      (await readdir('/proc')).filter((entry) => /^\d+$/.test(entry)).map(processCpu),
    )
  ).filter(Boolean);
  const children = new Map();
  for (const one of all) children.set(one.ppid, [...(children.get(one.ppid) ?? []), one]);
  const server = all.find((one) => one.pid === serverPid);
  let database = 0;
  const walk = (pid) => {
    for (const child of children.get(pid) ?? []) {
      if (child.name.startsWith('postgres')) database += child.ms;
      walk(child.pid);
    }
  };
  walk(serverPid);
  return { server: server ? server.ms : 0, database };
}

/**
 * Starts the built server on a fresh embedded PostgreSQL; returns its URL, database URL and stop().
 * `databaseUrl`: on that database instead (a second instance of the same deployment); `env`: more
 * variables for the server (applied last).
 */
export async function startServer({ databaseUrl: external, env: extraEnv = {} } = {}) {
  ensureInstalled();
  ensureBuilt();
  // BENCH_DATA_DIR keeps the filled database for a later run (measuring again costs no refill).
  const kept = process.env.BENCH_DATA_DIR;
  const dataDir = kept
    ? await mkdir(kept, { recursive: true }).then(() => kept)
    : await mkdtemp(path.join(os.tmpdir(), 'omnicare-bench-'));
  const port = await freePort();
  const pgPort = await freePort();
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    EMBEDDED_PG_PORT: String(pgPort),
    LOG_LEVEL: 'warn',
    LOGIN_RATE_PER_IP: '100000',
    // The benchmarks generate their own customers.
    DEMO_SAMPLES: '0',
  };
  delete env.DATABASE_URL;
  if (external) env.DATABASE_URL = external;
  // The server's own output goes to a file, for when a run goes wrong.
  const log = openSync(path.join(os.tmpdir(), `omnicare-bench-server-${port}.log`), 'w');
  const child = spawn(process.execPath, [at('scripts', 'bench', '_server.mjs')], {
    cwd: root,
    env: { ...env, LOG_LEVEL: 'info', ...extraEnv },
    stdio: ['ignore', log, log],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${url}/v2/health`)).ok) break;
    } catch {
      // starting
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return {
    url,
    pid: child.pid,
    databaseUrl: external ?? `postgres://postgres:omnicare-local@127.0.0.1:${pgPort}/omnicare`,
    /** CPU ms used so far by the server and its database (compare two readings). */
    cpu: () => cpuOf(child.pid),
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      if (!kept) await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export async function login(url, email, password = 'Demo@123456') {
  const response = await fetch(`${url}/v2/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  return (await response.json()).data.token;
}

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/**
 * Sends `requests` GETs from `concurrency` clients, each picking a path from `paths`; returns
 * latency percentiles in ms. Bounded in count, loopback only. With `method` and `body` (a
 * function of the request's index answering the JSON body) it sends writes instead; `headers`
 * are sent with every request (an Accept-Encoding, say).
 */
export async function load({
  url,
  token,
  paths,
  requests = 800,
  concurrency = 16,
  method = 'GET',
  body,
  headers: extraHeaders = {},
}) {
  const latencies = [];
  let next = 0;
  let failures = 0;
  // Plain keep-alive HTTP: the client shares the machine's cores with the server, so it should
  // cost as little as it can (fetch took about twice the CPU per request).
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const get = (path, index) =>
    new Promise((resolve, reject) => {
      const payload = body ? JSON.stringify(body(index)) : undefined;
      const headers = payload
        ? { ...extraHeaders, authorization: token, 'content-type': 'application/json' }
        : { ...extraHeaders, authorization: token };
      const request = http.request(url + path, { method, agent, headers }, (res) => {
        res.on('data', () => {});
        res.on('end', () => resolve(res.statusCode));
      });
      request.on('error', reject);
      request.end(payload);
    });
  async function client() {
    while (next < requests) {
      const index = next++;
      const started = performance.now();
      const status = await get(paths[index % paths.length], index);
      if (status !== 200) failures++;
      latencies.push(performance.now() - started);
    }
  }
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, client));
  agent.destroy();
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    rps: requests / seconds,
    failures,
  };
}

export const ms = (value) => `${value.toFixed(1)} ms`.padStart(10);

/**
 * BENCH_PG_STATEMENTS=1: the benchmarks print each scenario's costliest statements in the
 * database. It needs pg_stat_statements loaded: a kept BENCH_DATA_DIR with
 * `shared_preload_libraries = 'pg_stat_statements'` added to its pg/postgresql.auto.conf.
 */
export const PG_STATEMENTS = process.env.BENCH_PG_STATEMENTS === '1';

export async function printStatements(client, limit) {
  const { rows } = await client.query(
    `select calls, total_exec_time as ms, rows,
            left(regexp_replace(query, '\\s+', ' ', 'g'), 100) as query
     from pg_stat_statements order by total_exec_time desc limit $1`,
    [limit],
  );
  for (const row of rows)
    console.log(
      `    ${row.ms.toFixed(0).padStart(6)} ms ${String(row.calls).padStart(7)} calls` +
        ` ${String(row.rows).padStart(7)} rows  ${row.query}`,
    );
}
