// The built server, started through this file so benchmark servers are told apart from others
// (a process search for apps/server/dist/main.js finds the ones started by npm start or tests).
// BENCH_PROFILE=<file.cpuprofile> records the server's CPU profile until it is stopped (open it
// in Chromium's DevTools, Performance tab). BENCH_STATEMENTS=<file.json> counts the statements
// the server sends, by name or beginning, and writes the counts when it is stopped (and on
// SIGUSR2, for a benchmark that compares two readings).
const profileFile = process.env.BENCH_PROFILE;
if (profileFile) {
  const { Session } = await import('node:inspector/promises');
  const { writeFile } = await import('node:fs/promises');
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  process.prependListener('SIGTERM', () => {
    void session
      .post('Profiler.stop')
      .then(({ profile }) => writeFile(profileFile, JSON.stringify(profile)));
  });
}
const statementsFile = process.env.BENCH_STATEMENTS;
if (statementsFile) {
  const { default: pg } = await import('pg');
  const { writeFileSync } = await import('node:fs');
  const counts = new Map();
  const original = pg.Client.prototype.query;
  pg.Client.prototype.query = function (query, ...rest) {
    const text = typeof query === 'string' ? query : (query?.name ?? query?.text ?? '');
    const key = text.replace(/\s+/g, ' ').slice(0, 120);
    counts.set(key, (counts.get(key) ?? 0) + 1);
    return original.call(this, query, ...rest);
  };
  const write = () => {
    const sorted = [...counts].sort((a, b) => b[1] - a[1]);
    writeFileSync(statementsFile, JSON.stringify(Object.fromEntries(sorted), null, 1));
  };
  process.prependListener('SIGTERM', write);
  process.on('SIGUSR2', write);
}
await import('../../apps/server/dist/main.js');
