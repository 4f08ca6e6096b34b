// npm run bench customers [count]: 200 000 Vietnamese customers, then list latencies over HTTP.
import pg from 'pg';
import { load, login, ms, startServer } from './_harness.mjs';

const COUNT = Number(process.argv[2] ?? 200_000);
const SOURCES = ['hand', 'zalo', 'facebook', 'web', 'CALL_INBOUND', 'email', 'import'];

async function generate(databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  // A failure below stops the server; its closing connection must not hide the first error.
  client.on('error', () => {});
  await client.connect();
  const {
    rows: [tenant],
  } = await client.query("select id from tenants where slug = 'demo'");
  const { rows: staff } = await client.query('select id from users where tenant_id = $1', [
    tenant.id,
  ]);
  const started = performance.now();
  const batch = 5_000;
  const random = seededRandom(42);
  const pick = (items) => pickFrom(random, items);
  const usedPhones = new Set();
  for (let offset = 0; offset < COUNT; offset += batch) {
    const customers = [];
    const phones = [];
    const emails = [];
    for (let i = 0; i < Math.min(batch, COUNT - offset); i++) {
      const n = offset + i;
      const name = personName(random);
      const phone = mobileNumber(random, usedPhones);
      const email = `${toSearchKey(name).replaceAll(' ', '.')}.${n}@example.vn`;
      const id = crypto.randomUUID();
      const national = normalizePhone(phone);
      const createdAt = new Date(
        Date.now() - Math.floor(random() * 730) * 86_400_000 - n * 1000,
      ).toISOString();
      customers.push([
        id,
        tenant.id,
        name,
        toSearchKey(name),
        Math.floor(random() * 4),
        pick(SOURCES),
        pick(staff).id,
        phone,
        email,
        createdAt,
      ]);
      phones.push([tenant.id, id, phone, national]);
      emails.push([tenant.id, id, email]);
    }
    await insert(
      client,
      'customers (id, tenant_id, name, name_key, tier, source, owner_id, primary_phone, primary_email, created_at)',
      customers,
    );
    await insert(
      client,
      'customer_phones (tenant_id, customer_id, phone, national, is_primary)',
      phones.map((p) => [...p, true]),
    );
    await insert(
      client,
      'customer_emails (tenant_id, customer_id, email, is_primary)',
      emails.map((e) => [...e, true]),
    );
  }
  // As autovacuum would have by the time a real tenant grew this big.
  await client.query(
    'vacuum analyze customers, customer_phones, customer_emails, customer_search_terms',
  );
  await client.end();
  return (performance.now() - started) / 1000;
}

async function insert(client, target, rows) {
  const width = rows[0].length;
  const values = rows
    .map(
      (_, r) => `(${Array.from({ length: width }, (_, c) => `$${r * width + c + 1}`).join(',')})`,
    )
    .join(',');
  await client.query(`insert into ${target} values ${values}`, rows.flat());
}

const WRITES_PER_SECOND = 10;

/** Creates customers through the API at a steady rate until stopped; answers how many. */
function startWriter(url, token) {
  let created = 0;
  let running = true;
  const done = (async () => {
    while (running) {
      const started = performance.now();
      const response = await fetch(`${url}/v2/customers`, {
        method: 'POST',
        headers: { authorization: token, 'content-type': 'application/json' },
        body: JSON.stringify({
          name: `Khách Đang Gọi ${created}`,
          phones: [{ phone: `0599${String(created).padStart(6, '0')}` }],
        }),
      });
      if (response.ok) created++;
      const wait = 1000 / WRITES_PER_SECOND - (performance.now() - started);
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    }
  })();
  return {
    async stop() {
      running = false;
      await done;
      return created;
    },
  };
}

const server = await startServer();
// The packages are built by startServer, so they are imported only now (a fresh clone has no dist).
const { normalizePhone, toSearchKey } =
  await import('../../packages/shared/dist/customers/normalize.js');
const {
  mobileNumber,
  personName,
  pick: pickFrom,
  seededRandom,
} = await import('../../apps/server/dist/db/seed/sample-people.js');
try {
  console.log(`Generating ${COUNT.toLocaleString('en')} customers...`);
  const seconds = await generate(server.databaseUrl);
  console.log(`  done in ${seconds.toFixed(1)} s\n`);
  const token = await login(server.url, 'admin@demo.vn');
  const phones = ['0912', '091234', '93 45', '+8497', '0388 1', '779 2'];
  const names = [
    'nguyen van an',
    'tran thi mai',
    'le minh tuan',
    'pham thu trang',
    'hoang bao ngoc',
    'vo gia huy',
  ];
  const scenarios = [
    ['first page', ['/v2/customers']],
    [
      'filtered page',
      [
        '/v2/customers?tier=2&source=zalo',
        '/v2/customers?tier=1&source=facebook&page=3',
        '/v2/customers?tier=3&sort=name&order=asc',
      ],
    ],
    [
      'name search, no diacritics',
      names.map((n) => `/v2/customers?keyword=${encodeURIComponent(n)}`),
    ],
    ['partial phone search', phones.map((p) => `/v2/customers?keyword=${encodeURIComponent(p)}`)],
  ];
  // Warm up as a running server would be: its code optimised by V8, its data in memory.
  for (const [, paths] of scenarios)
    await load({ url: server.url, token, paths, requests: 400, concurrency: 16 });
  console.log(
    `${'scenario'.padEnd(28)}${'p50'.padStart(10)}${'p95'.padStart(10)}${'p99'.padStart(10)}${'req/s'.padStart(9)}`,
  );
  const measure = async () => {
    for (const [label, paths] of scenarios) {
      const r = await load({ url: server.url, token, paths, requests: 800, concurrency: 16 });
      console.log(
        `${label.padEnd(28)}${ms(r.p50)}${ms(r.p95)}${ms(r.p99)}${r.rps.toFixed(0).padStart(9)}${r.failures ? `  (${r.failures} failed)` : ''}`,
      );
    }
  };
  await measure();
  console.log(
    '\n16 concurrent clients over HTTP on loopback, 800 requests per scenario, the server and PostgreSQL on this machine.',
  );
  // Each new customer makes every instance forget the tenant's remembered counts and probes.
  console.log(`\nThe same while an agent creates ${WRITES_PER_SECOND} customers a second:`);
  const writer = startWriter(server.url, token);
  try {
    await measure();
  } finally {
    console.log(`(${await writer.stop()} customers created meanwhile)`);
  }
  if (process.env.BENCH_KEEP) {
    console.log(
      `Kept running for inspection: ${server.url} ${server.databaseUrl} (Ctrl-C to stop)`,
    );
    await new Promise((resolve) => process.once('SIGINT', resolve));
  }
} finally {
  await server.stop();
}
