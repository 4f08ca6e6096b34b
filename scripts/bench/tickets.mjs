// npm run bench:tickets [count]: 1 000 000 tickets (or BENCH_TICKETS / the argument) over a fifth
// as many customers and 50 agents, then list, search, detail and update latencies over HTTP.
// BENCH_DATA_DIR=<folder> keeps the database there, and a second run measures it again unfilled.
import pg from 'pg';
import { load, login, ms, PG_STATEMENTS, printStatements, startServer } from './_harness.mjs';

const COUNT = Number(process.argv[2] ?? process.env.BENCH_TICKETS ?? 1_000_000);
const CUSTOMERS = Math.max(1, Math.round(COUNT / 5));
const AGENTS = 50;
const DEPARTMENT_SIZE = 10;
/** Per scenario: enough that a p95 is not decided by a handful of requests. */
const REQUESTS = 2_000;
const BATCH = 50_000;
const SUBJECTS = [
  'Mất kết nối Internet từ sáng',
  'Mạng chập chờn vào buổi tối',
  'Yêu cầu nâng cấp gói cước',
  'Khiếu nại cước tháng trước tính sai',
  'Hỏi cách đổi mật khẩu wifi',
  'Truyền hình bị mất tín hiệu',
  'Đăng ký lắp đặt tại địa chỉ mới',
  'Không nhận được hóa đơn điện tử',
  'Yêu cầu tạm ngưng dịch vụ',
  'Modem báo đèn đỏ',
  'Hỏi về chương trình khuyến mãi',
  'Nhân viên kỹ thuật hẹn nhưng không đến',
  'Thanh toán cước nhưng chưa được ghi nhận',
  'Đổi chủ hợp đồng',
  'Tốc độ mạng thấp hơn cam kết',
  'Xin hướng dẫn cài đặt ứng dụng',
];
/** The tickets the detail and update read: 200 spread over the range, 50 comments each. */
const DETAIL_NUMBERS = Array.from({ length: 200 }, (_, i) => 1 + ((i * 7_919) % COUNT));
const SOURCES = ['hand', 'zalo', 'facebook', 'web', 'CALL_INBOUND', 'email', 'chat'];

/** The conversation's routes take the ticket's uuid (`_id`), not its number. */
async function idsOf(client, tenantId) {
  const { rows } = await client.query(
    'select id from tickets where tenant_id = $1 and number = any($2::int[])',
    [tenantId, DETAIL_NUMBERS],
  );
  return rows.map((row) => row.id);
}

async function generate(databaseUrl, passwordHash) {
  const client = new pg.Client({ connectionString: databaseUrl });
  client.on('error', () => {});
  await client.connect();
  const one = async (text, params) => (await client.query(text, params)).rows[0];
  const { id: tenantId } = await one("select id from tenants where slug = 'demo'");
  const filled = await one(
    "select last from record_numbers where tenant_id = $1 and entity = 'ticket'",
    [tenantId],
  );
  if (filled?.last >= COUNT) {
    // A kept database (BENCH_DATA_DIR) already holds them: measure again without refilling.
    const { rows } = await client.query(
      'select id from ticket_priorities where tenant_id = $1 order by position',
      [tenantId],
    );
    const { size } = await one(
      'select pg_size_pretty(pg_database_size(current_database())) as size',
    );
    const { comments } = await one('select count(*)::int as comments from messages');
    const detailIds = await idsOf(client, tenantId);
    await client.end();
    return {
      reused: true,
      detailIds,
      seconds: 0,
      customerSeconds: 0,
      size,
      comments,
      priorities: rows.map((row) => row.id),
    };
  }
  const started = performance.now();
  await client.query('select setseed(0.42)');

  // 50 agents (the demo staff and more) in departments of ten.
  const { rows: existing } = await client.query(
    "select id from users where tenant_id = $1 and role <> 'end_user' order by email",
    [tenantId],
  );
  for (let n = existing.length; n < AGENTS; n++) {
    const row = await one(
      `insert into users (tenant_id, email, name, role, agent_id, password_hash)
       values ($1, $2, $3, 'agent', $4, $5) returning id`,
      [tenantId, `bench.agent${n}@demo.vn`, `Chuyên Viên ${n}`, `B${n}`, passwordHash],
    );
    existing.push(row);
  }
  const agents = existing.slice(0, AGENTS).map((row) => row.id);
  const departments = [];
  for (let d = 0; d < AGENTS / DEPARTMENT_SIZE; d++) {
    const group = await one(
      "insert into groups (tenant_id, target, name) values ($1, 'user', $2) returning id",
      [tenantId, `Bộ phận ${d + 1}`],
    );
    departments.push(group.id);
    for (const userId of agents.slice(d * DEPARTMENT_SIZE, (d + 1) * DEPARTMENT_SIZE))
      await client.query(
        'insert into group_members (tenant_id, group_id, user_id) values ($1, $2, $3)',
        [tenantId, group.id, userId],
      );
  }

  // The configuration the tickets refer to.
  const priorities = [];
  for (const [position, [name, color]] of [
    ['Thấp', '#64748b'],
    ['Trung bình', '#2563eb'],
    ['Cao', '#f59e0b'],
    ['Khẩn cấp', '#dc2626'],
  ].entries())
    priorities.push(
      (
        await one(
          'insert into ticket_priorities (tenant_id, name, color, position) values ($1, $2, $3, $4) returning id',
          [tenantId, name, color, position],
        )
      ).id,
    );
  const types = [];
  for (const [position, name] of ['Hỏi đáp', 'Khiếu nại', 'Sự cố', 'Yêu cầu'].entries())
    types.push(
      (
        await one(
          'insert into ticket_types (tenant_id, name, position) values ($1, $2, $3) returning id',
          [tenantId, name, position],
        )
      ).id,
    );
  const tagGroup = await one(
    "insert into tag_groups (tenant_id, name) values ($1, 'Chủ đề') returning id",
    [tenantId],
  );
  const tags = [];
  for (const [position, name] of ['Cước phí', 'Kỹ thuật', 'Gấp', 'VIP'].entries())
    tags.push(
      (
        await one(
          'insert into tags (tenant_id, tag_group_id, name, key, position) values ($1, $2, $3, $4, $5) returning id',
          [tenantId, tagGroup.id, name, toSearchKey(name), position],
        )
      ).id,
    );

  // Customers, through their triggers (numbers, search terms).
  const random = seededRandom(42);
  for (let offset = 0; offset < CUSTOMERS; offset += 5_000) {
    const rows = [];
    for (let i = 0; i < Math.min(5_000, CUSTOMERS - offset); i++) {
      const name = personName(random);
      rows.push([tenantId, name, toSearchKey(name), agents[(offset + i) % AGENTS]]);
    }
    const values = rows.map((_, r) => `($${r * 4 + 1},$${r * 4 + 2},$${r * 4 + 3},$${r * 4 + 4})`);
    await client.query(
      `insert into customers (tenant_id, name, name_key, owner_id) values ${values.join(',')}`,
      rows.flat(),
    );
  }
  const customersAt = performance.now();
  await client.query(`create temp table bench_customers as
    select row_number() over (order by id)::int as idx, id from customers where tenant_id = '${tenantId}'`);
  await client.query('create unique index on bench_customers (idx)');

  // Tickets straight from SQL, numbered here: triggers (numbers, change notices) are off.
  await client.query("set session_replication_role = 'replica'");
  const subjectKeys = SUBJECTS.map(toSearchKey);
  for (let from = 1; from <= COUNT; from += BATCH) {
    const to = Math.min(COUNT, from + BATCH - 1);
    await client.query(
      `insert into tickets (tenant_id, number, subject, subject_key, description, requester_id,
         status, priority_id, type_id, group_id, assignee_id, source, created_by, updated_by,
         created_at, updated_at, due_at, sla_due_at, sla_breached_at, solved_at, closed_at)
       select $1::uuid, n, ($2::text[])[s] || ' ' || n, ($3::text[])[s] || ' ' || n,
         '<p>Khách hàng phản ánh qua tổng đài.</p>', c.id, st,
         ($4::uuid[])[1 + floor(random() * 4)::int], ($5::uuid[])[1 + floor(random() * 4)::int],
         case when a is null then null else ($6::uuid[])[1 + (a - 1) / ${DEPARTMENT_SIZE}] end,
         ($7::uuid[])[a], ($8::text[])[1 + floor(random() * ${SOURCES.length})::int],
         ($7::uuid[])[1 + floor(random() * ${AGENTS})::int], ($7::uuid[])[1 + floor(random() * ${AGENTS})::int],
         created, least(now(), created + random() * interval '10 days'),
         case when random() < 0.3 then created + interval '3 days' end,
         case when st in ('new', 'open', 'pending') then created + interval '1 day' end,
         case when st in ('new', 'open', 'pending') and created + interval '1 day' < now() then created + interval '1 day' end,
         case when st in ('solved', 'closed') then created + interval '2 days' end,
         case when st = 'closed' then created + interval '4 days' end
       from generate_series($9::int, $10::int) n
       cross join lateral (select 1 + floor(random() * ${SUBJECTS.length})::int as s,
         case when random() < 0.1 then null else 1 + floor(random() * ${AGENTS})::int end as a,
         (array['new','open','open','pending','solved','solved','solved','closed','closed','closed'])[1 + floor(random() * 10)::int] as st,
         now() - random() * interval '730 days' as created,
         1 + floor(random() * ${CUSTOMERS})::int as ci, n as k) r
       join bench_customers c on c.idx = r.ci`,
      [tenantId, SUBJECTS, subjectKeys, priorities, types, departments, agents, SOURCES, from, to],
    );
    process.stdout.write(`\r  ${to.toLocaleString('en')} tickets`);
  }
  await client.query(
    `insert into ticket_tags (tenant_id, ticket_id, tag_id)
     select tenant_id, id, ($2::uuid[])[1 + floor(random() * 4)::int] from tickets
      where tenant_id = $1 and random() < 0.2`,
    [tenantId, tags],
  );
  // A short conversation on one ticket in ten, and 50 comments on the tickets the detail reads.
  await client.query(
    `insert into messages (tenant_id, ticket_id, author_type, direction, author_user_id, author_customer_id, body, public, created_at)
     select t.tenant_id, t.id, case when k % 2 = 0 then 'customer' else 'user' end,
       case when k % 2 = 0 then 'in' else 'out' end,
       case when k % 2 = 1 then t.assignee_id end, case when k % 2 = 0 then t.requester_id end,
       '<p>Nội dung trao đổi số ' || k || '.</p>', k % 5 <> 3, t.created_at + k * interval '10 minutes'
       from tickets t cross join lateral generate_series(0, 1 + floor(random() * 3)::int) k
      where t.tenant_id = $1 and t.assignee_id is not null and t.number % 10 = 0`,
    [tenantId],
  );
  await client.query(
    `insert into messages (tenant_id, ticket_id, author_type, direction, author_user_id, author_customer_id, body, public, created_at)
     select t.tenant_id, t.id, case when k % 2 = 0 then 'customer' else 'user' end,
       case when k % 2 = 0 then 'in' else 'out' end,
       case when k % 2 = 1 then coalesce(t.assignee_id, t.created_by) end, case when k % 2 = 0 then t.requester_id end,
       '<p>Trao đổi chi tiết lần ' || k || ' về yêu cầu của khách hàng.</p>', k % 5 <> 3, t.created_at + k * interval '10 minutes'
       from tickets t cross join generate_series(0, 49) k
      where t.tenant_id = $1 and t.number = any($2::int[])`,
    [tenantId, DETAIL_NUMBERS],
  );
  await client.query("set session_replication_role = 'origin'");
  await client.query(
    `insert into record_numbers (tenant_id, entity, last) values ($1, 'ticket', $2)
     on conflict (tenant_id, entity) do update set last = excluded.last`,
    [tenantId, COUNT],
  );
  // As autovacuum would have by the time a real tenant grew this big (index-only scans need
  // the visibility map).
  await client.query(
    'vacuum analyze tickets, ticket_tags, messages, customers, customer_search_terms',
  );
  const { size } = await one('select pg_size_pretty(pg_database_size(current_database())) as size');
  const { comments } = await one('select count(*)::int as comments from messages');
  const detailIds = await idsOf(client, tenantId);
  await client.end();
  process.stdout.write('\n');
  return {
    seconds: (performance.now() - started) / 1000,
    customerSeconds: (customersAt - started) / 1000,
    size,
    comments,
    detailIds,
    priorities,
  };
}

const server = await startServer();
const { toSearchKey } = await import('../../packages/shared/dist/customers/normalize.js');
const { personName, seededRandom } =
  await import('../../apps/server/dist/db/seed/sample-people.js');
const { hashSecret } = await import('../../apps/server/dist/platform/passwords.js');
try {
  console.log(
    `Generating ${COUNT.toLocaleString('en')} tickets over ${CUSTOMERS.toLocaleString('en')} customers and ${AGENTS} agents...`,
  );
  const fill = await generate(server.databaseUrl, await hashSecret('Demo@123456'));
  console.log(
    fill.reused
      ? `  already filled (BENCH_DATA_DIR); database ${fill.size}`
      : `  done in ${fill.seconds.toFixed(1)} s (customers ${fill.customerSeconds.toFixed(1)} s); database ${fill.size}`,
  );
  console.log(`  ${fill.comments.toLocaleString('en')} comments\n`);
  const token = await login(server.url, 'admin@demo.vn');
  const numbers = DETAIL_NUMBERS;
  const searches = ['mat ket noi', 'cuoc thang truoc', 'modem', 'truyen hinh', 'khuyen mai'];
  const lastPage = Math.max(1, Math.min(500, Math.floor(COUNT / 20)));
  const scenarios = [
    ['default view, first page', ['/v2/tickets?page_size=20']],
    [
      'filtered and sorted page',
      fill.priorities.flatMap((priority) =>
        ['open', 'solved'].map(
          (status) =>
            `/v2/tickets?page_size=20&status=${status}&priority_id=${priority}&sort=created_at:desc`,
        ),
      ),
    ],
    [`page ${lastPage} of the default view`, [`/v2/tickets?page_size=20&page=${lastPage}`]],
    // A priority's rank lives in another table: no plain index orders tickets by it.
    ['sorted by priority, first page', ['/v2/tickets?page_size=20&sort=priority:desc']],
    [
      'subject search, no diacritics',
      searches.map((s) => `/v2/tickets?page_size=20&search=${encodeURIComponent(s)}`),
    ],
    ['ticket detail', numbers.map((n) => `/v2/tickets/${n}`)],
    ['its 50 comments', fill.detailIds.map((id) => `/v2/tickets/${id}/comments?page_size=50`)],
  ];
  const update = {
    label: 'ticket update (+ outbox)',
    paths: numbers.map((n) => `/v2/tickets/${n}`),
    method: 'PUT',
    // Each pass over the tickets moves every one to another priority: a real change, written
    // with its event and audit entry (the same priority again would change nothing).
    body: (index) => ({
      priority_id:
        fill.priorities[(index + Math.floor(index / numbers.length)) % fill.priorities.length],
    }),
  };
  // BENCH_SCENARIOS=update,comments measures only the scenarios whose label holds one of them.
  const only = process.env.BENCH_SCENARIOS?.split(',').map((part) => part.trim());
  const wanted = (label) => !only || only.some((part) => label.includes(part));
  const chosen = scenarios.filter(([label]) => wanted(label));
  const withUpdate = wanted(update.label);
  // Warm up as a running server would be: its code optimised by V8, its data in memory.
  for (const [, paths] of chosen)
    await load({ url: server.url, token, paths, requests: 200, concurrency: 16 });
  if (withUpdate) await load({ url: server.url, token, ...update, requests: 200, concurrency: 16 });
  console.log(
    `${'scenario'.padEnd(34)}${'p50'.padStart(10)}${'p95'.padStart(10)}${'p99'.padStart(10)}${'req/s'.padStart(9)}` +
      `${'CPU/req: server'.padStart(17)}${'database'.padStart(10)}`,
  );
  const statements = PG_STATEMENTS
    ? new pg.Client({ connectionString: server.databaseUrl })
    : undefined;
  if (statements) {
    await statements.connect();
    await statements.query('create extension if not exists pg_stat_statements');
  }
  // Each scenario's latencies, and the CPU time the server and its database spent per request.
  const measure = async (label, options) => {
    await statements?.query('select pg_stat_statements_reset()');
    const before = await server.cpu();
    const r = await load({
      url: server.url,
      token,
      requests: REQUESTS,
      concurrency: 16,
      ...options,
    });
    const after = await server.cpu();
    const perRequest = (key) => ms((after[key] - before[key]) / REQUESTS);
    console.log(
      `${label.padEnd(34)}${ms(r.p50)}${ms(r.p95)}${ms(r.p99)}${r.rps.toFixed(0).padStart(9)}` +
        `${perRequest('server').padStart(17)}${perRequest('database')}${r.failures ? `  (${r.failures} failed)` : ''}`,
    );
    if (statements) await printStatements(statements, 6);
  };
  for (const [label, paths] of chosen) await measure(label, { paths });
  if (withUpdate) await measure(update.label, update);
  await statements?.end();
  console.log(
    `\n16 concurrent clients over HTTP on loopback, ${REQUESTS} requests per scenario, the server and PostgreSQL on this machine.`,
  );
  if (process.env.BENCH_KEEP) {
    console.log(
      `Kept running for inspection: ${server.url} ${server.databaseUrl} (Ctrl-C to stop)`,
    );
    await new Promise((resolve) => process.once('SIGINT', resolve));
  }
} finally {
  await server.stop();
}
