import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { isSecretName } from '@omnicare/shared/automation/workflow-secrets';
import { WORKFLOW_RUN_MESSAGES as AUTOMATION_MESSAGES } from '@omnicare/shared/automation/workflow-run-messages';
import { isBlockedAddress } from './blocked-addresses.js';

/**
 * Outbound HTTP for workflow actions, safe against SSRF. Each hop:
 * 1. the URL's host is resolved once (a literal IP as it is);
 * 2. unless private targets are allowed, every address it resolves to is checked
 *    (`isBlockedAddress`): one blocked address refuses the call;
 * 3. the socket connects to the address checked, never resolving again (the request's `host`
 *    is that IP; the `Host` header and the TLS server name stay the URL's host name, so virtual
 *    hosts and certificates work as usual; keep-alive sockets are pooled per IP and server name,
 *    so no socket opened for another address is ever reused);
 * 4. a redirect is followed by hand (at most 5), its target going through 1–3 again; secret
 *    headers are dropped when it leaves the first URL's origin.
 */

export class RefusedAddressError extends Error {}

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** How a host name becomes addresses, and which of them a webhook may not reach. */
export interface WebhookNetwork {
  resolve(hostname: string): Promise<ResolvedAddress[]>;
  isBlocked(address: string): boolean;
  /** Certificate authorities trusted besides the system's (a test's own). */
  ca?: string;
}

/** The system's resolver (read at each call, so a test may stand in for it) and the block list. */
export const systemNetwork: WebhookNetwork = {
  resolve: async (hostname) =>
    (await dns.promises.lookup(hostname, { all: true, verbatim: true })).map((entry) => ({
      address: entry.address,
      family: entry.family === 6 ? 6 : 4,
    })),
  isBlocked: (address) => isBlockedAddress(address),
};

const agents = {
  http: new http.Agent({ keepAlive: true }),
  https: new https.Agent({ keepAlive: true }),
};

export interface HttpAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** The body was longer than the cap and cut. */
  truncated: boolean;
  /** The body's bytes as received (a downloaded file), up to the cap. */
  bytes?: Buffer;
  url: string;
}

export interface HttpCall {
  method: string;
  url: string;
  headers: Record<string, string>;
  /** Text, or bytes (a multipart upload). */
  body?: string | Buffer;
  timeoutMs: number;
  /** The platform administrator allowed the tenant private targets: no address is refused. */
  allowPrivate: boolean;
  /** Bytes of the answer's body kept. */
  bodyCap?: number;
}

const MAX_REDIRECTS = 5;

/** Settles with `promise`, or fails with the webhook timeout after `ms`. */
function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(AUTOMATION_MESSAGES.webhookTimeout(ms))), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/** The one address this hop connects to, checked (steps 1 and 2). */
async function checkedAddress(
  hostname: string,
  call: HttpCall,
  network: WebhookNetwork,
): Promise<ResolvedAddress> {
  const literal = net.isIP(hostname);
  let addresses: ResolvedAddress[];
  if (literal === 4 || literal === 6) addresses = [{ address: hostname, family: literal }];
  else {
    const resolving = network.resolve(hostname).catch(() => {
      throw new Error(AUTOMATION_MESSAGES.webhookDns(hostname));
    });
    addresses = await within(resolving, call.timeoutMs);
  }
  const first = addresses[0];
  if (!first) throw new Error(AUTOMATION_MESSAGES.webhookDns(hostname));
  if (!call.allowPrivate && addresses.some((entry) => network.isBlocked(entry.address)))
    throw new RefusedAddressError(AUTOMATION_MESSAGES.webhookPrivate(hostname));
  return first;
}

async function once(
  call: HttpCall,
  url: URL,
  network: WebhookNetwork,
): Promise<HttpAnswer & { location?: string }> {
  const cap = call.bodyCap ?? 4096;
  const secure = url.protocol === 'https:';
  const hostname = url.hostname.replace(/^\[|\]$/g, '');
  const target = await checkedAddress(hostname, call, network);
  const headers = Object.fromEntries(
    Object.entries(call.headers).filter(([name]) => name.toLowerCase() !== 'host'),
  );
  const options: https.RequestOptions = {
    protocol: url.protocol,
    host: target.address,
    family: target.family,
    port: url.port || (secure ? 443 : 80),
    path: `${url.pathname}${url.search}`,
    method: call.method,
    headers: { ...headers, host: url.host },
    agent: secure ? agents.https : agents.http,
    timeout: call.timeoutMs,
    // `https://user:password@host/` sends Basic credentials, as a URL given to `request` would.
    ...(url.username || url.password
      ? { auth: `${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}` }
      : {}),
    // SNI and the certificate's check take the host name (a literal IP is checked as itself).
    ...(secure && !net.isIP(hostname) ? { servername: hostname } : {}),
    ...(secure && network.ca ? { ca: network.ca } : {}),
  };
  return new Promise((resolve, reject) => {
    const req = (secure ? https : http).request(options, (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      let truncated = false;
      res.on('data', (chunk: Buffer) => {
        if (size < cap) chunks.push(chunk.subarray(0, cap - size));
        else truncated = true;
        size += chunk.length;
        if (size > cap) truncated = true;
      });
      res.on('end', () => {
        const answerHeaders: Record<string, string> = {};
        for (const [name, value] of Object.entries(res.headers))
          if (value !== undefined)
            answerHeaders[name] = Array.isArray(value) ? value.join(', ') : value;
        const bytes = Buffer.concat(chunks);
        resolve({
          status: res.statusCode ?? 0,
          headers: answerHeaders,
          body: bytes.toString('utf8'),
          bytes,
          truncated,
          url: url.toString(),
          location: res.headers.location,
        });
      });
      res.on('error', reject);
    });
    req.on('timeout', () =>
      req.destroy(new Error(AUTOMATION_MESSAGES.webhookTimeout(call.timeoutMs))),
    );
    req.on('error', reject);
    if (call.body !== undefined && call.body !== '' && call.method !== 'GET') req.end(call.body);
    else req.end();
  });
}

/**
 * One call, following redirects by hand; every hop's address is resolved once, checked unless
 * private targets are allowed, and connected to as checked. `network` stands in for DNS and
 * the block list in tests.
 */
export async function safeRequest(
  call: HttpCall,
  network: WebhookNetwork = systemNetwork,
): Promise<HttpAnswer> {
  let url = new URL(call.url);
  const origin = url.origin;
  let method = call.method;
  let body = call.body;
  let headers = call.headers;
  for (let hop = 0; ; hop++) {
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      throw new Error(AUTOMATION_MESSAGES.webhookProtocol);
    const answer = await once({ ...call, method, body, headers }, url, network);
    if (answer.status < 300 || answer.status >= 400 || !answer.location) {
      const { location: _location, ...rest } = answer;
      return rest;
    }
    if (hop >= MAX_REDIRECTS) throw new Error(AUTOMATION_MESSAGES.webhookRedirects);
    url = new URL(answer.location, url);
    // Credentials go to the origin they were written for only (as browsers do).
    if (url.origin !== origin)
      headers = Object.fromEntries(Object.entries(headers).filter(([name]) => !isSecretName(name)));
    // 303 (and 301/302 after a POST, as browsers do) turn into a GET without a body.
    if (
      answer.status === 303 ||
      ((answer.status === 301 || answer.status === 302) && method === 'POST')
    ) {
      method = 'GET';
      body = undefined;
    }
  }
}
