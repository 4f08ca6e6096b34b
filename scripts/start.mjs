// npm start: install what is missing, build what is stale, then serve (see README.md).
import { spawn } from 'node:child_process';
import { at, ensureBuilt, ensureInstalled, root } from './lib.mjs';

ensureInstalled();
ensureBuilt();

const server = spawn(process.execPath, [at('apps', 'server', 'dist', 'main.js')], {
  cwd: root,
  stdio: 'inherit',
  env: process.env,
});
// Ctrl-C reaches the server too (same process group); it stops the database and exits.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
