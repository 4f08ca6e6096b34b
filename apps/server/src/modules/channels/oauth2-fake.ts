import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local OAuth2 authorization server for tests and the browser tests, standing in for Google's
 * or Microsoft's (which cannot be reached from here), speaking RFC 6749 with PKCE (RFC 7636):
 * - `GET /authorize`: checks `response_type=code`, the client, the registered `redirect_uri` and
 *   an S256 `code_challenge`; the account "consents" at once: 302 to the redirect URI with `code`
 *   and `state` (§4.1.2), or `error=access_denied` when told to refuse (`denyNext`). A bad client
 *   or redirect URI is answered 400 here, never redirected (§4.1.2.1).
 * - `POST /token` (form; the client by `client_id`/`client_secret` in the body or HTTP Basic,
 *   §2.3.1): `authorization_code` (the code once, its redirect URI, the verifier's S256 equal to
 *   the challenge) and `refresh_token` (§6); refusals `{error, error_description}` with 400
 *   (`invalid_grant`, `invalid_request`, `unsupported_grant_type`) or 401 (`invalid_client`).
 * - `POST /introspect` (RFC 7662, form `token`): `{active: true, username, scope, exp,
 *   client_id}` for a live access token, else `{active: false}`: what Dovecot's oauth2 passdb
 *   asks (`introspection_mode = post`), and what the SMTP test server checks.
 * - `POST /revoke` (RFC 7009, form `token`, `token_type_hint`; the client authenticated as at
 *   `/token`): 200 whatever the token (§2.2); a refresh token revoked takes its access tokens
 *   with it. Recorded in `revokeRequests`.
 * Clients: the confidential one (`clientId`, `clientSecret`: it must send its secret) and the
 * public ones (`publicClientIds`, RFC 8252: they must send no secret; PKCE is their proof).
 * Controls: `expireAccessTokens()` (every token issued so far stops being live: a mail server
 * refuses it though our cache still trusts it), `revokeRefreshTokens()` (the next refresh is
 * `invalid_grant`), `expiresIn`, `rotateRefreshTokens`, and the requests it was sent.
 */

export interface OauthFakeOptions {
  clientId?: string;
  clientSecret?: string;
  /** The account a consent is given for (the mailbox). */
  username: string;
  /** The redirect URIs registered for the client; empty: any. */
  redirectUris?: string[];
  /** Public clients (no secret, PKCE only). */
  publicClientIds?: string[];
}

export type OauthFake = Awaited<ReturnType<typeof fakeOauth2>>;

export async function fakeOauth2(options: OauthFakeOptions) {
  const clientId = options.clientId ?? 'omnicare-test-client.apps.example';
  const clientSecret = options.clientSecret ?? 'fake-client-secret';
  const codes = new Map<
    string,
    { challenge: string; redirectUri: string; scope: string; used: boolean }
  >();
  const publicClients = new Set(options.publicClientIds ?? []);
  const accessTokens = new Map<
    string,
    { username: string; scope: string; exp: number; refresh?: string }
  >();
  const refreshTokens = new Map<string, { username: string; scope: string }>();
  const tokenRequests: Record<string, string>[] = [];
  const revokeRequests: Record<string, string>[] = [];
  /** Token answers wait for this while set (a slow provider). */
  let hold: Promise<void> | undefined;
  const inFlight = { now: 0, most: 0 };
  const authorizeRequests: Record<string, string>[] = [];
  const introspections: string[] = [];
  const control = { expiresIn: 3600, rotateRefreshTokens: false, denyNext: false };
  let counter = 0;
  const next = (prefix: string) => `${prefix}.${++counter}.${randomBytes(12).toString('hex')}`;

  const issue = (username: string, scope: string, withRefresh: boolean, from?: string) => {
    const access = next('ya29.fake-access');
    const refresh = withRefresh ? next('1//fake-refresh') : from;
    accessTokens.set(access, {
      username,
      scope,
      exp: Math.floor(Date.now() / 1000) + control.expiresIn,
      refresh,
    });
    const answer: Record<string, unknown> = {
      access_token: access,
      token_type: 'Bearer',
      expires_in: control.expiresIn,
      scope,
    };
    if (withRefresh && refresh) {
      refreshTokens.set(refresh, { username, scope });
      answer.refresh_token = refresh;
    }
    return answer;
  };

  const same = (a: string, b: string) =>
    a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

  type Answer = { status: number; json?: unknown; location?: string; text?: string };
  const refuse = (status: number, error: string, description: string): Answer => ({
    status,
    json: { error, error_description: description },
  });

  /** The client of a token request: form fields or HTTP Basic (RFC 6749 §2.3.1). */
  const clientOf = (req: http.IncomingMessage, form: Record<string, string>) => {
    const basic = /^Basic (.+)$/i.exec(String(req.headers.authorization ?? ''));
    if (basic) {
      const [id, secret] = Buffer.from(basic[1]!, 'base64').toString().split(':');
      return { id: decodeURIComponent(id ?? ''), secret: decodeURIComponent(secret ?? '') };
    }
    return { id: form.client_id ?? '', secret: form.client_secret };
  };

  /** RFC 6749 §2.3 for both kinds of client: a refusal, or undefined when it may go on. */
  const refuseClient = (client: { id: string; secret?: string }): Answer | undefined => {
    if (publicClients.has(client.id))
      return client.secret === undefined
        ? undefined
        : refuse(401, 'invalid_client', 'A public client must not send a client secret');
    if (client.id !== clientId || !same(client.secret ?? '', clientSecret))
      return refuse(401, 'invalid_client', 'Unauthorized client or wrong secret');
    return undefined;
  };

  const handle = (req: http.IncomingMessage, raw: string): Answer => {
    const url = new URL(req.url ?? '/', 'http://fake');
    if (req.method === 'GET' && url.pathname === '/authorize') {
      const query = Object.fromEntries(url.searchParams);
      authorizeRequests.push(query);
      const redirectUri = query.redirect_uri ?? '';
      if (query.client_id !== clientId && !publicClients.has(query.client_id ?? ''))
        return { status: 400, text: 'unknown client_id' };
      if (
        !/^https?:\/\//.test(redirectUri) ||
        (options.redirectUris?.length && !options.redirectUris.includes(redirectUri))
      )
        return { status: 400, text: 'redirect_uri not registered' };
      const back = new URL(redirectUri);
      const fail = (error: string, description: string) => {
        back.searchParams.set('error', error);
        back.searchParams.set('error_description', description);
        if (query.state) back.searchParams.set('state', query.state);
        return { status: 302, location: back.toString() };
      };
      if (query.response_type !== 'code')
        return fail('unsupported_response_type', 'only code is supported');
      if (query.code_challenge_method !== 'S256' || !query.code_challenge)
        return fail('invalid_request', 'PKCE S256 code_challenge required');
      if (control.denyNext) {
        control.denyNext = false;
        return fail('access_denied', 'The user denied the request');
      }
      const code = next('4/fake-code');
      codes.set(code, {
        challenge: query.code_challenge,
        redirectUri,
        scope: query.scope ?? '',
        used: false,
      });
      back.searchParams.set('code', code);
      if (query.state) back.searchParams.set('state', query.state);
      return { status: 302, location: back.toString() };
    }
    if (req.method === 'POST' && url.pathname === '/token') {
      const form = Object.fromEntries(new URLSearchParams(raw));
      tokenRequests.push(form);
      const refused = refuseClient(clientOf(req, form));
      if (refused) return refused;
      if (form.grant_type === 'authorization_code') {
        const grant = codes.get(form.code ?? '');
        if (!grant || grant.used)
          return refuse(400, 'invalid_grant', 'Malformed auth code or already used');
        grant.used = true;
        if (form.redirect_uri !== grant.redirectUri)
          return refuse(400, 'invalid_grant', 'redirect_uri mismatch');
        const challenge = createHash('sha256')
          .update(form.code_verifier ?? '', 'ascii')
          .digest('base64url');
        if (!form.code_verifier || challenge !== grant.challenge)
          return refuse(400, 'invalid_grant', 'Invalid code verifier');
        return { status: 200, json: issue(options.username, grant.scope, true) };
      }
      if (form.grant_type === 'refresh_token') {
        const grant = refreshTokens.get(form.refresh_token ?? '');
        if (!grant) return refuse(400, 'invalid_grant', 'Token has been expired or revoked.');
        const answer = issue(
          grant.username,
          grant.scope,
          control.rotateRefreshTokens,
          form.refresh_token,
        );
        if (control.rotateRefreshTokens) refreshTokens.delete(form.refresh_token ?? '');
        return { status: 200, json: answer };
      }
      return refuse(400, 'unsupported_grant_type', `grant_type ${form.grant_type ?? ''}`);
    }
    if (req.method === 'POST' && url.pathname === '/revoke') {
      const form = Object.fromEntries(new URLSearchParams(raw));
      revokeRequests.push(form);
      const refused = refuseClient(clientOf(req, form));
      if (refused) return refused;
      if (!form.token) return refuse(400, 'invalid_request', 'token is required');
      if (refreshTokens.delete(form.token))
        for (const [access, live] of accessTokens)
          if (live.refresh === form.token) accessTokens.delete(access);
      accessTokens.delete(form.token);
      return { status: 200, text: '' };
    }
    if (req.method === 'POST' && url.pathname === '/introspect') {
      const token = new URLSearchParams(raw).get('token') ?? '';
      introspections.push(token);
      const live = accessTokens.get(token);
      if (!live || live.exp * 1000 <= Date.now()) return { status: 200, json: { active: false } };
      return {
        status: 200,
        json: {
          active: true,
          username: live.username,
          scope: live.scope,
          exp: live.exp,
          client_id: clientId,
          token_type: 'Bearer',
        },
      };
    }
    return { status: 404, json: { error: 'not_found' } };
  };

  /** A token request is answered at once, or when the hold ends (counted while in flight). */
  const answerOf = async (req: http.IncomingMessage, raw: string) => {
    const answer = handle(req, raw);
    if (!req.url?.startsWith('/token')) return answer;
    inFlight.now++;
    inFlight.most = Math.max(inFlight.most, inFlight.now);
    try {
      await hold;
    } finally {
      inFlight.now--;
    }
    return answer;
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on(
      'end',
      () =>
        void answerOf(req, Buffer.concat(chunks).toString()).then((answer) => {
          if (answer.location) {
            res.writeHead(answer.status, { location: answer.location });
            res.end();
            return;
          }
          if (answer.text !== undefined) {
            res.writeHead(answer.status, { 'content-type': 'text/plain; charset=utf-8' });
            res.end(answer.text);
            return;
          }
          res.writeHead(answer.status, {
            'content-type': 'application/json',
            'cache-control': 'no-store',
          });
          res.end(JSON.stringify(answer.json));
        }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    base,
    clientId,
    clientSecret,
    authorizeUrl: `${base}/authorize`,
    tokenUrl: `${base}/token`,
    revokeUrl: `${base}/revoke`,
    introspectionUrl: `${base}/introspect`,
    control,
    tokenRequests,
    revokeRequests,
    authorizeRequests,
    /** Token requests being answered now, and the most at once so far. */
    inFlight,
    /** Token answers wait until the function returned is called. */
    holdTokenAnswers() {
      let release!: () => void;
      hold = new Promise<void>((resolve) => (release = resolve));
      return () => {
        hold = undefined;
        release();
      };
    },
    introspections,
    /** Whether a token is a live access token of `username` (what the SMTP test server asks). */
    isLive(token: string, username: string) {
      const live = accessTokens.get(token);
      return Boolean(live && live.username === username && live.exp * 1000 > Date.now());
    },
    /** Every access token issued so far stops being live. */
    expireAccessTokens() {
      for (const token of accessTokens.values()) token.exp = 0;
    },
    /** Every refresh token issued so far is revoked (the user removed the app's access). */
    revokeRefreshTokens() {
      refreshTokens.clear();
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
