// The shared secret between the server and the SIP gateway (TELEPHONY_GATEWAY_SECRET): taken
// from the environment, else read from (or made once in) DATA_DIR/gateway-secret, so `npm start`
// and `npm run gateway` on the same DATA_DIR agree without any setup.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const secretFile = (dataDir) => path.join(dataDir, 'gateway-secret');

/** The secret to use; `create` makes and stores one when there is none yet. */
export function gatewaySecret(dataDir, { create = false } = {}) {
  const fromEnv = process.env.TELEPHONY_GATEWAY_SECRET;
  if (fromEnv) return { secret: fromEnv, source: 'env' };
  const file = secretFile(dataDir);
  if (existsSync(file)) {
    const stored = readFileSync(file, 'utf8').trim();
    if (stored.length >= 16) return { secret: stored, source: file };
  }
  if (!create) return { secret: undefined, source: file };
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(24).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return { secret, source: file };
}
