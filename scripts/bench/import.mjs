// npm run bench import [rows]: times a CSV import of Vietnamese customers through the API job.
import { login, startServer } from './_harness.mjs';

const ROWS = Number(process.argv[2] ?? 10_000);
const SURNAMES = ['Nguyễn', 'Trần', 'Lê', 'Phạm', 'Hoàng', 'Vũ', 'Đặng', 'Bùi'];
const GIVEN = ['Văn An', 'Thị Bình', 'Minh Châu', 'Quốc Dũng', 'Thu Hà', 'Đức Huy', 'Ngọc Lan'];

function csv() {
  const lines = ['Họ tên,Số điện thoại,Email,Giới tính,Hạng'];
  for (let i = 0; i < ROWS; i++) {
    const name = `${SURNAMES[i % SURNAMES.length]} ${GIVEN[i % GIVEN.length]} ${i}`;
    lines.push(
      `${name},09${String(10_000_000 + i).padStart(8, '0')},kh${i}@example.vn,${i % 2 ? 'Nam' : 'Nữ'},${i % 4}`,
    );
  }
  return lines.join('\n');
}

const server = await startServer();
try {
  const token = await login(server.url, 'admin@demo.vn');
  const form = new FormData();
  form.append('file', new Blob([csv()], { type: 'text/csv' }), 'khach-hang.csv');
  const started = performance.now();
  const preview = await (
    await fetch(`${server.url}/v2/customers/import/preview`, {
      method: 'POST',
      headers: { authorization: token },
      body: form,
    })
  ).json();
  const job = await (
    await fetch(`${server.url}/v2/customers/import`, {
      method: 'POST',
      headers: { authorization: token, 'content-type': 'application/json' },
      body: JSON.stringify({
        file_id: preview.data.file_id,
        mapping: preview.data.suggested_mapping,
        duplicate: 'skip',
      }),
    })
  ).json();
  let state;
  for (;;) {
    state = (
      await (
        await fetch(`${server.url}/v2/jobs/${job.data._id}`, { headers: { authorization: token } })
      ).json()
    ).data;
    if (state.status === 'completed' || state.status === 'failed') break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `${ROWS.toLocaleString('en')} rows: ${state.status} in ${seconds.toFixed(1)} s (upload and preview included)`,
  );
  console.log(`result: ${JSON.stringify(state.result)}`);
} finally {
  await server.stop();
}
