// npm run bench:automation [events]: 10 000 ticket.created events (or BENCH_EVENTS / the argument)
// through an active 4-block workflow (condition, update ticket, webhook to a local HTTP server,
// end), then the same with 10 active workflows. Events are written at a steady pace so that
// 1 000 executions a second are offered (BENCH_EXECUTION_RATE; with ten workflows an event
// starts ten runs, so events come at a tenth of that) and latency means trigger-to-completion,
// not a burst's queue. A last phase offers ten workflows events at that same rate, ten times
// the executions: more than two cores can run, so its figure is the capacity (executions/s)
// and its latency only the queue that grew (BENCH_CAPACITY=0 leaves it out).
// Prints executions per second and p50/p95 latency (event written → run finished), and the
// p50 of its two parts: event → run started (delivery), run started → finished, and the CPU time
// the server and its database spent per execution.
import http from 'node:http';
import pg from 'pg';
import { PG_STATEMENTS, printStatements, startServer } from './_harness.mjs';

const EVENTS = Number(process.argv[2] ?? process.env.BENCH_EVENTS ?? 10_000);
// The offered rate is far above a tenant's pace of runs (AUTOMATION_RUNS_PER_MINUTE): the bench
// measures the engine, not the queue of runs waiting for their turn.
process.env.AUTOMATION_RUNS_PER_MINUTE ??= '100000000';
const RATE = Number(process.env.BENCH_EXECUTION_RATE ?? 1_000);
// BENCH_WORKFLOWS=1 measures one paced phase only (default: 1 then 10 active workflows).
const PHASES = (process.env.BENCH_WORKFLOWS ?? '1,10').split(',').map((workflows) => ({
  workflows: Number(workflows),
  eventRate: RATE / Number(workflows),
}));
if (process.env.BENCH_CAPACITY !== '0')
  PHASES.push({ workflows: 10, eventRate: RATE, capacity: true });

function steps(hookUrl) {
  const node = (id, type, data = {}) => ({ id, type, name: '', data, position: { x: 0, y: 0 } });
  return {
    trigger: {
      target: 'tickets',
      event: 'ticket_created',
      title: 'Bench',
      conditions: { logic: 'and', items: [{ field: 'ticket.subject', operator: 'exist' }] },
    },
    nodes: [
      node('start', 'start'),
      node('if', 'branch', {
        conditions: {
          logic: 'and',
          items: [{ field: 'ticket.status', operator: 'eq', value: 'new' }],
        },
      }),
      node('upd', 'update_ticket', { status: 'open' }),
      node('hook', 'webhook', { method: 'POST', url: hookUrl, body: '{"code":"{{ticket.code}}"}' }),
      node('end', 'end'),
    ],
    edges: [
      { source: 'start', target: 'if' },
      { source: 'if', target: 'upd', branch: 'yes' },
      { source: 'if', target: 'end', branch: 'no' },
      { source: 'upd', target: 'hook' },
      { source: 'hook', target: 'end' },
    ],
  };
}

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function phase(server, client, tenantId, hookUrl, { workflows, eventRate }, hits) {
  const chunkSize = Math.max(1, Math.round(eventRate / 10));
  await client.query(`update workflows set status = 'inactive' where tenant_id = $1`, [tenantId]);
  const ids = [];
  for (let i = 0; i < workflows; i++) {
    const { rows } = await client.query(
      `insert into workflows (tenant_id, name, status, trigger_event, workflow_steps)
       values ($1, $2, 'active', 'ticket_created', $3) returning id`,
      [tenantId, `Bench ${workflows}/${i + 1}`, JSON.stringify(steps(hookUrl))],
    );
    ids.push(rows[0].id);
  }
  const { rows: tickets } = await client.query(
    `insert into tickets (tenant_id, subject) select $1, 'Bench ' || g from generate_series(1, $2) g
     returning id`,
    [tenantId, EVENTS],
  );
  if (PG_STATEMENTS) await client.query('select pg_stat_statements_reset()');
  const hitsBefore = hits.count;
  const cpuBefore = await server.cpu();
  const started = Date.now();
  for (let from = 0; from < tickets.length; from += chunkSize) {
    const chunk = tickets.slice(from, from + chunkSize).map((row) => row.id);
    await client.query(
      `insert into domain_events (tenant_id, aggregate, aggregate_id, type, payload)
       select $1, 'ticket', id, 'ticket.created', jsonb_build_object('ticket', jsonb_build_object('_id', id))
       from unnest($2::uuid[]) id`,
      [tenantId, chunk],
    );
    const due = started + ((from + chunkSize) / eventRate) * 1000;
    if (due > Date.now()) await sleep(due - Date.now());
  }
  const expected = EVENTS * workflows;
  const deadline = Date.now() + 30 * 60_000;
  let done = 0;
  while (Date.now() < deadline) {
    const { rows } = await client.query(
      `select count(*)::int as done from workflow_runs
       where workflow_id = any($1::uuid[]) and status in ('completed', 'failed', 'cancel')`,
      [ids],
    );
    done = rows[0].done;
    if (done >= expected) break;
    await sleep(500);
  }
  const cpuAfter = await server.cpu();
  if (PG_STATEMENTS) await printStatements(client, 15);
  const { rows } = await client.query(
    `select extract(epoch from r.finished_at - e.created_at) * 1000 as latency,
            extract(epoch from r.created_at - e.created_at) * 1000 as waited,
            extract(epoch from e.created_at) * 1000 as at, extract(epoch from r.finished_at) * 1000 as finished,
            r.status
     from workflow_runs r join domain_events e on e.id = r.event_id
     where r.workflow_id = any($1::uuid[]) and r.finished_at is not null`,
    [ids],
  );
  const latencies = rows.map((row) => Number(row.latency)).sort((a, b) => a - b);
  // Where the latency goes: before the run starts (outbox delivery) and the run itself.
  const waits = rows.map((row) => Number(row.waited)).sort((a, b) => a - b);
  const runs = rows.map((row) => Number(row.latency) - Number(row.waited)).sort((a, b) => a - b);
  const first = Math.min(...rows.map((row) => Number(row.at)));
  const last = Math.max(...rows.map((row) => Number(row.finished)));
  const failed = rows.filter((row) => row.status !== 'completed').length;
  return {
    workflows,
    runs: rows.length,
    expected,
    failed,
    webhookCalls: hits.count - hitsBefore,
    seconds: (last - first) / 1000,
    perSecond: rows.length / ((last - first) / 1000),
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    waitP50: percentile(waits, 50),
    runP50: percentile(runs, 50),
    serverCpuMs: (cpuAfter.server - cpuBefore.server) / rows.length,
    databaseCpuMs: (cpuAfter.database - cpuBefore.database) / rows.length,
  };
}

const hits = { count: 0 };
const hook = http.createServer((req, res) => {
  req.on('data', () => {});
  req.on('end', () => {
    hits.count++;
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('{"ok":true}');
  });
});
await new Promise((resolve) => hook.listen(0, '127.0.0.1', resolve));
const hookUrl = `http://127.0.0.1:${hook.address().port}/hook`;

const server = await startServer();
const client = new pg.Client({ connectionString: server.databaseUrl });
await client.connect();
try {
  const { rows } = await client.query("select id from tenants where slug = 'demo'");
  const tenantId = rows[0].id;
  await client.query(
    `update tenants set settings = settings || '{"workflow":"enabled","allow_private_webhooks":true}'
     where id = $1`,
    [tenantId],
  );
  if (PG_STATEMENTS) await client.query('create extension if not exists pg_stat_statements');
  console.log(
    `automation: ${EVENTS} ticket.created events per phase, workflow = condition → update ticket → webhook → end`,
  );
  for (const options of PHASES) {
    const result = await phase(server, client, tenantId, hookUrl, options, hits);
    const offered = options.eventRate * options.workflows;
    console.log(
      `  ${options.capacity ? 'capacity: ' : ''}${options.workflows} active workflow(s), ${offered} executions/s offered` +
        ` (${options.eventRate} events/s): ${result.runs}/${result.expected} runs` +
        ` (${result.failed} not completed, ${result.webhookCalls} webhook calls) in ${result.seconds.toFixed(1)} s` +
        ` = ${result.perSecond.toFixed(0)} executions/s; latency p50 ${result.p50.toFixed(0)} ms, p95 ${result.p95.toFixed(0)} ms` +
        ` (p50 ${result.waitP50.toFixed(0)} ms to the run's start, ${result.runP50.toFixed(0)} ms running);` +
        ` CPU per execution: server ${result.serverCpuMs.toFixed(2)} ms, database ${result.databaseCpuMs.toFixed(2)} ms`,
    );
  }
} finally {
  await client.end();
  await server.stop();
  hook.close();
}
