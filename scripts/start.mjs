// npm start: install what is missing, build what is stale, then serve (see README.md).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { at, ensureBuilt, ensureInstalled, root } from './lib.mjs';
import { gatewaySecret } from './lib/gateway-secret.mjs';

ensureInstalled();
ensureBuilt();

// The SIP gateway's shared secret: made once in DATA_DIR when not given, so `npm run gateway`
// (same DATA_DIR) finds it (gateway/README.md).
const dataDir = path.resolve(root, process.env.DATA_DIR ?? '.data');
const { secret } = gatewaySecret(dataDir, { create: true });
process.env.TELEPHONY_GATEWAY_SECRET = secret;

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
