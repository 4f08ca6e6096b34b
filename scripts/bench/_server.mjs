// The built server, started through this file so benchmark servers are told apart from others
// (a process search for apps/server/dist/main.js finds the ones started by npm start or tests).
// BENCH_PROFILE=<file.cpuprofile> records the server's CPU profile until it is stopped (open it
// in Chromium's DevTools, Performance tab).
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
await import('../../apps/server/dist/main.js');
