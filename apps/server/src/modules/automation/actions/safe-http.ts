import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import type { LookupFunction } from 'node:net';
import { WORKFLOW_RUN_MESSAGES as AUTOMATION_MESSAGES } from '@omnicare/shared/automation/workflow-run-messages';

/**
 * Outbound HTTP for workflow actions, safe against SSRF: every connection's address is checked
 * after DNS resolution (in the socket's own lookup, so a second resolution cannot swap it), and
 * redirects are followed by hand (at most 5), each hop checked again.
 */

const blocked = new net.BlockList();
for (const [address, prefix] of [
  ['0.0.0.0', 8], // unspecified, "this network"
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata (169.254.169.254)
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  blocked.addSubnet(address, prefix, 'ipv4');
for (const [address, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['ff00::', 8],
  ['64:ff9b::', 96], // NAT64 to IPv4
  ['fd00:ec2::254', 128], // AWS metadata over IPv6
] as const)
  blocked.addSubnet(address, prefix, 'ipv6');

/** Is this address one a webhook may not reach (IPv4-mapped IPv6 read as its IPv4)? */
export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return blocked.check(mapped[1], 'ipv4');
  const hexMapped = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
  if (hexMapped?.[1] && hexMapped[2]) {
    const high = parseInt(hexMapped[1], 16);
    const low = parseInt(hexMapped[2], 16);
    return blocked.check(`${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`, 'ipv4');
  }
  const family = net.isIP(address);
  if (family === 4) return blocked.check(address, 'ipv4');
  if (family === 6) return blocked.check(address, 'ipv6');
  return true;
}

export class RefusedAddressError extends Error {}

const guardedLookup: LookupFunction = (hostname, options, callback) => {
  dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, '', 4);
    const list = addresses as dns.LookupAddress[];
    const bad = list.find((entry) => isPrivateAddress(entry.address));
    if (bad || list.length === 0)
      return callback(new RefusedAddressError(AUTOMATION_MESSAGES.webhookPrivate(hostname)), '', 4);
    if (options.all) return callback(null, list);
    const first = list[0] as dns.LookupAddress;
    callback(null, first.address, first.family);
  });
};

const agents = {
  open: { http: new http.Agent({ keepAlive: true }), https: new https.Agent({ keepAlive: true }) },
  guarded: {
    http: new http.Agent({ keepAlive: true, lookup: guardedLookup } as http.AgentOptions),
    https: new https.Agent({ keepAlive: true, lookup: guardedLookup } as https.AgentOptions),
  },
};

export interface HttpAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** The body was longer than the cap and cut. */
  truncated: boolean;
  url: string;
}

export interface HttpCall {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
  timeoutMs: number;
  allowPrivate: boolean;
  /** Bytes of the answer's body kept. */
  bodyCap?: number;
}

const MAX_REDIRECTS = 5;

function once(call: HttpCall, url: URL): Promise<HttpAnswer & { location?: string }> {
  const cap = call.bodyCap ?? 4096;
  const secure = url.protocol === 'https:';
  // A literal address in the URL skips DNS: check it here.
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (!call.allowPrivate && net.isIP(host) && isPrivateAddress(host))
    return Promise.reject(new RefusedAddressError(AUTOMATION_MESSAGES.webhookPrivate(host)));
  const pool = call.allowPrivate ? agents.open : agents.guarded;
  const agent = secure ? pool.https : pool.http;
  const request = (secure ? https : http).request;
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { method: call.method, headers: call.headers, agent, timeout: call.timeoutMs },
      (res) => {
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
          const headers: Record<string, string> = {};
          for (const [name, value] of Object.entries(res.headers))
            if (value !== undefined)
              headers[name] = Array.isArray(value) ? value.join(', ') : value;
          resolve({
            status: res.statusCode ?? 0,
            headers,
            body: Buffer.concat(chunks).toString('utf8'),
            truncated,
            url: url.toString(),
            location: res.headers.location,
          });
        });
        res.on('error', reject);
      },
    );
    req.on('timeout', () =>
      req.destroy(new Error(AUTOMATION_MESSAGES.webhookTimeout(call.timeoutMs))),
    );
    req.on('error', reject);
    if (call.body !== undefined && call.body !== '' && call.method !== 'GET') req.end(call.body);
    else req.end();
  });
}

/** One call, following redirects by hand; every hop's address is checked unless allowed. */
export async function safeRequest(call: HttpCall): Promise<HttpAnswer> {
  let url = new URL(call.url);
  let method = call.method;
  let body = call.body;
  for (let hop = 0; ; hop++) {
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      throw new Error(AUTOMATION_MESSAGES.webhookProtocol);
    const answer = await once({ ...call, method, body }, url);
    if (answer.status < 300 || answer.status >= 400 || !answer.location) {
      const { location: _location, ...rest } = answer;
      return rest;
    }
    if (hop >= MAX_REDIRECTS) throw new Error(AUTOMATION_MESSAGES.webhookRedirects);
    url = new URL(answer.location, url);
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

const SECRET_HEADER = /authorization|token|secret|key|cookie|password/i;

/** Header values as the trace shows them: secret-looking ones masked. */
export function maskHeaders(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers).map(([name, value]) => [
      name,
      SECRET_HEADER.test(name) && name.toLowerCase() !== 'idempotency-key' ? '***' : value,
    ]),
  );
}
