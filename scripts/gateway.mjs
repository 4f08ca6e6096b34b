// npm run gateway: the SIP gateway (rtpengine + Kamailio with gateway/kamailio.cfg) in the
// foreground, on loopback, pointed at the running OmniCare server. See gateway/README.md.
//   OMNICARE_URL              the server (default http://127.0.0.1:3000)
//   TELEPHONY_GATEWAY_SECRET  the server's secret (default: DATA_DIR/gateway-secret, made by npm start)
//   GATEWAY_WS_PORT           WebSocket port for the softphones (default 8088)
//   GATEWAY_SIP_PORT          UDP port for the PSTN side / trunks (default 5060)
//   GATEWAY_TRUNK             host:port outbound calls to numbers go to (default 127.0.0.1:5090)
//   GATEWAY_LISTEN_IP         default 127.0.0.1
//   GATEWAY_RTPENGINE_PORT    rtpengine's control port (default 22222)
//   GATEWAY_ID                its name for the server (default listen address:SIP port); give
//                             each gateway its own: a restart ends the calls it had open
import path from 'node:path';
import { root } from './lib.mjs';
import { INSTALL_LINE, missingForGateway, startGateway } from './lib/gateway-harness.mjs';
import { gatewaySecret } from './lib/gateway-secret.mjs';

const env = process.env;
const missing = missingForGateway();
if (missing.length > 0) {
  console.error(
    `The SIP gateway needs ${missing.join(', ')}. On Debian / Ubuntu:\n  ${INSTALL_LINE}`,
  );
  process.exit(1);
}
const dataDir = path.resolve(root, env.DATA_DIR ?? '.data');
const { secret, source } = gatewaySecret(dataDir);
if (!secret) {
  console.error(
    `No gateway secret: set TELEPHONY_GATEWAY_SECRET (the server's), or start the server once ` +
      `with npm start on this DATA_DIR (it writes ${source}).`,
  );
  process.exit(1);
}
const port = (value, fallback) => {
  const number = Number(value ?? fallback);
  if (!Number.isInteger(number) || number < 1 || number > 65535) {
    console.error(`Not a port: ${value}`);
    process.exit(1);
  }
  return number;
};
const serverUrl = env.OMNICARE_URL ?? 'http://127.0.0.1:3000';
try {
  const health = await fetch(`${serverUrl}/v2/health`);
  if (!health.ok) throw new Error(`HTTP ${health.status}`);
} catch (error) {
  console.warn(
    `Warning: the server at ${serverUrl} does not answer (${error.message}); calls fail until it does.`,
  );
}

const gateway = await startGateway({
  serverUrl,
  secret,
  wsPort: port(env.GATEWAY_WS_PORT, 8088),
  sipPort: port(env.GATEWAY_SIP_PORT, 5060),
  trunk: env.GATEWAY_TRUNK ?? '127.0.0.1:5090',
  listenIp: env.GATEWAY_LISTEN_IP ?? '127.0.0.1',
  rtpengineNgPort: port(env.GATEWAY_RTPENGINE_PORT, 22222),
  logDir: path.join(dataDir, 'gateway'),
  gatewayId: env.GATEWAY_ID,
}).catch((error) => {
  console.error(error.message);
  process.exit(1);
});
console.log(
  `SIP gateway running (server ${serverUrl}, secret from ${source === 'env' ? 'TELEPHONY_GATEWAY_SECRET' : source})`,
);
console.log(`  softphones: set the users' SIP gateway URL (sip_gateway_url) to ${gateway.wsUrl}`);
console.log(
  `  PSTN side / sipp: ${gateway.sipUri}   outbound trunk: ${env.GATEWAY_TRUNK ?? '127.0.0.1:5090'}`,
);
console.log(`  logs: ${gateway.logDir}   (Ctrl-C stops it)`);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    void gateway.stop().then(() => process.exit(0));
  });
}
setInterval(() => {}, 1 << 30);
