import { ImapFlow } from 'imapflow';
import { simpleParser, type ParsedMail } from 'mailparser';
import nodemailer from 'nodemailer';
import {
  EMAIL_SETTINGS_MESSAGES,
  EMAIL_TEST_MESSAGES as T,
  type ChannelTestView,
} from '@omnicare/shared/channels/email-settings';
import { EMAIL_OAUTH_MESSAGES } from '@omnicare/shared/channels/email-oauth.schemas';
import type { ChannelDriver, OpenChannel } from '../channel-driver.js';

/**
 * An email channel: an existing mailbox read by IMAP (imapflow) and written through its SMTP
 * server (nodemailer). Settings and secrets: `shared/channels/email-settings.ts`. A mailbox logs in
 * with its passwords, or (`auth_method` oauth2) with an OAuth2 access token by SASL XOAUTH2 /
 * OAUTHBEARER: the channel then carries `accessToken`, the token source (`email-oauth.ts`), and a
 * token the server refuses is replaced once (a forced refresh) and the login tried again.
 */

type Side = 'IMAP' | 'SMTP';

/**
 * A mailbox as the driver uses it. `accessToken` (OAuth2 mailboxes): a current access token;
 * given the token a mail server just refused, a fresh one. Throws a `MailTokenError` when the
 * token endpoint cannot give one.
 */
export interface EmailChannel extends OpenChannel<'email'> {
  accessToken?: (refused?: string) => Promise<string>;
}

/**
 * The token endpoint gave no access token: `message` says why in Vietnamese; `reconnect` when
 * only a new connection by the administrator can help (invalid_grant, no refresh token),
 * `transient` when trying again later may work (the endpoint unreachable, 5xx).
 */
export class MailTokenError extends Error {
  constructor(
    message: string,
    readonly reconnect: boolean,
    readonly transient: boolean,
  ) {
    super(message);
  }
}

const usesOauth = (channel: EmailChannel) => channel.settings.auth_method === 'oauth2';

/** How a side logs in: the password, or an access token (OAuth2 mailboxes). */
type Login = { user: string; pass: string } | { user: string; accessToken: string };

async function loginOf(channel: EmailChannel, side: Side, refused?: string): Promise<Login> {
  const user = side === 'IMAP' ? channel.settings.imap_user : smtpUser(channel.settings);
  if (!usesOauth(channel)) {
    const pass = side === 'IMAP' ? channel.secrets.imap_password : channel.secrets.smtp_password;
    return { user, pass: pass ?? '' };
  }
  if (!channel.accessToken)
    throw new MailTokenError('Hộp thư OAuth2 chưa có nguồn access token trên máy chủ', true, false);
  return { user, accessToken: await channel.accessToken(refused) };
}

const refusedLogin = (error: unknown) => {
  const err = error as NetError;
  return Boolean(err.authenticationFailed) || err.code === 'EAUTH';
};

/** How long a connection may take before the server counts as not answering. */
const TIMEOUT_MS = Number(process.env.EMAIL_TIMEOUT_MS) || 15_000;

export interface OutboundMail {
  to: string[];
  cc: string[];
  subject: string;
  html: string;
  text: string;
  /** Ours, `<…@domain>`: the customer's answer names it in In-Reply-To. */
  messageId: string;
  inReplyTo: string | null;
  references: string[];
  attachments: { filename: string; path: string; contentType: string }[];
}

export interface SentMail {
  messageId: string;
  /** The SMTP server's last answer (`250 2.0.0 Ok: queued as …`). */
  response: string;
}

/**
 * A send the SMTP server (or the way to it) refused: `code` is the SMTP reply code or the
 * connection's error code; `transient` when trying again later may work (4xx, the connection).
 */
export class SmtpRefusal extends Error {
  constructor(
    message: string,
    readonly code: string,
    readonly transient: boolean,
  ) {
    super(message);
  }
}

interface NetError extends Error {
  code?: string;
  responseCode?: number;
  response?: string;
  authenticationFailed?: boolean;
  responseText?: string;
}

const TLS_ERROR = /SSL|TLS|certificate|wrong version number|self[- ]signed|EPROTO/i;
const HOST_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EDNS',
]);
const TIMEOUT_CODES = new Set(['ETIMEDOUT', 'ETIMEOUT', 'GreetingTimeout', 'ConnectionTimeout']);

/** A Vietnamese sentence for a connection's failure: the host, the login, TLS, else the error. */
export function describeFailure(
  side: Side,
  address: string,
  user: string,
  error: unknown,
  oauth = false,
) {
  if (error instanceof MailTokenError) return error.message;
  const err = error as NetError;
  const code = err.code ?? '';
  const detail = err.responseText || err.message || String(error);
  if (err.authenticationFailed || code === 'EAUTH')
    return oauth ? T.tokenRefused(side, user) : T.login(side, user);
  if (code.startsWith('ERR_SSL') || code.startsWith('ERR_TLS') || TLS_ERROR.test(detail))
    return T.tls(side, address, detail);
  if (HOST_CODES.has(code) || /ECONNREFUSED|ENOTFOUND/.test(detail))
    return T.host(side, address, code || detail);
  if (TIMEOUT_CODES.has(code) || /timed? ?out/i.test(detail)) return T.timeout(side, address);
  return T.other(side, detail);
}

const imapAddress = (settings: OpenChannel<'email'>['settings']) =>
  `${settings.imap_host}:${settings.imap_port}`;
const smtpAddress = (settings: OpenChannel<'email'>['settings']) =>
  `${settings.smtp_host}:${settings.smtp_port}`;
const smtpUser = (settings: OpenChannel<'email'>['settings']) =>
  settings.smtp_user || settings.imap_user;

const imapOptions = ({ settings }: OpenChannel<'email'>, login: Login) => ({
  host: settings.imap_host,
  port: settings.imap_port,
  secure: settings.imap_tls,
  auth: login,
  logger: false as const,
  connectionTimeout: TIMEOUT_MS,
  greetingTimeout: TIMEOUT_MS,
  socketTimeout: TIMEOUT_MS * 4,
});

type ImapExtra = Partial<ConstructorParameters<typeof ImapFlow>[0]>;

/**
 * A connected IMAP client of the mailbox. An OAuth2 mailbox whose token the server refuses gets
 * a fresh one (once) and logs in again. Throws the connection's error, or a `MailTokenError`.
 */
async function connectImap(channel: EmailChannel, extra: ImapExtra = {}) {
  const attempt = async (login: Login) => {
    const client = new ImapFlow({ ...imapOptions(channel, login), ...extra });
    // A dropped connection is reported by the command under way; the event itself is no crash.
    client.on('error', () => {});
    await client.connect();
    return client;
  };
  const login = await loginOf(channel, 'IMAP');
  try {
    return await attempt(login);
  } catch (error) {
    if (!('accessToken' in login) || !refusedLogin(error)) throw error;
    return attempt(await loginOf(channel, 'IMAP', login.accessToken));
  }
}

const imapFailure = (channel: EmailChannel, error: unknown) =>
  describeFailure(
    'IMAP',
    imapAddress(channel.settings),
    channel.settings.imap_user,
    error,
    usesOauth(channel),
  );

function smtpTransport(channel: OpenChannel<'email'>, login: Login) {
  const { settings } = channel;
  return nodemailer.createTransport({
    host: settings.smtp_host,
    port: settings.smtp_port,
    secure: settings.smtp_security === 'tls',
    requireTLS: settings.smtp_security === 'starttls',
    ignoreTLS: settings.smtp_security === 'none',
    auth:
      'accessToken' in login
        ? { type: 'OAuth2', user: login.user, accessToken: login.accessToken }
        : { user: login.user, pass: login.pass },
    connectionTimeout: TIMEOUT_MS,
    greetingTimeout: TIMEOUT_MS,
    socketTimeout: TIMEOUT_MS * 4,
  });
}

/**
 * Runs `work` with an SMTP transport of the mailbox (closed after). An OAuth2 mailbox whose token
 * the server refuses gets a fresh one (once) and tries again.
 */
async function withSmtp<T>(
  channel: EmailChannel,
  work: (transport: ReturnType<typeof smtpTransport>) => Promise<T>,
) {
  const attempt = async (login: Login) => {
    const transport = smtpTransport(channel, login);
    try {
      return await work(transport);
    } finally {
      transport.close();
    }
  };
  const login = await loginOf(channel, 'SMTP');
  try {
    return await attempt(login);
  } catch (error) {
    if (!('accessToken' in login) || !refusedLogin(error)) throw error;
    return attempt(await loginOf(channel, 'SMTP', login.accessToken));
  }
}

/** Sends one mail through the mailbox's SMTP server; throws a `SmtpRefusal` naming the reason. */
async function sendMail(channel: EmailChannel, mail: OutboundMail): Promise<SentMail> {
  const { settings } = channel;
  try {
    const info = await withSmtp(channel, (transport) =>
      transport.sendMail({
        from: { name: settings.from_name || channel.name, address: settings.from_address },
        replyTo: settings.from_address,
        to: mail.to,
        cc: mail.cc.length ? mail.cc : undefined,
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
        messageId: mail.messageId,
        inReplyTo: mail.inReplyTo ?? undefined,
        references: mail.references.length ? mail.references : undefined,
        attachments: mail.attachments,
      }),
    );
    return { messageId: mail.messageId, response: String(info.response ?? '') };
  } catch (error) {
    if (error instanceof MailTokenError)
      throw new SmtpRefusal(error.message, 'OAUTH2', error.transient);
    const err = error as NetError;
    const oauth = usesOauth(channel);
    if (err.responseCode) {
      const reply = (err.response || err.message).trim();
      const transient = err.responseCode >= 400 && err.responseCode < 500;
      if (err.code === 'EAUTH')
        throw new SmtpRefusal(
          `${oauth ? T.tokenRefused('SMTP', smtpUser(settings)) : T.login('SMTP', smtpUser(settings))} (${reply})`,
          String(err.responseCode),
          false,
        );
      throw new SmtpRefusal(reply, String(err.responseCode), transient);
    }
    // No answer from the server: the way to it failed (refused, timed out, TLS); worth retrying
    // unless it is the settings themselves (TLS, login).
    const message = describeFailure(
      'SMTP',
      smtpAddress(settings),
      smtpUser(settings),
      error,
      oauth,
    );
    const code = err.code ?? 'ESMTP';
    const transient = !(err.code === 'EAUTH' || TLS_ERROR.test(err.message ?? ''));
    throw new SmtpRefusal(message, code, transient);
  }
}

/** Connects to IMAP (opening the folder) and SMTP, and says per side what failed. */
async function testMailbox(channel: EmailChannel): Promise<ChannelTestView> {
  const { settings } = channel;
  const checks: ChannelTestView['checks'] = [];
  if (usesOauth(channel)) {
    // The token endpoint first: without a token neither side can log in.
    try {
      await loginOf(channel, 'IMAP');
      checks.push({
        name: 'OAuth2',
        ok: true,
        message: EMAIL_OAUTH_MESSAGES.tokenOk(settings.oauth_token_url),
      });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      return { ok: false, message, checks: [{ name: 'OAuth2', ok: false, message }] };
    }
  }
  const imap = async () => {
    let client: ImapFlow;
    try {
      client = await connectImap(channel);
    } catch (error) {
      return { name: 'IMAP', ok: false, message: imapFailure(channel, error) };
    }
    try {
      const lock = await client.getMailboxLock(settings.imap_folder).catch(() => null);
      if (!lock) return { name: 'IMAP', ok: false, message: T.folder(settings.imap_folder) };
      lock.release();
      return { name: 'IMAP', ok: true, message: T.ok('IMAP', imapAddress(settings)) };
    } finally {
      await client.logout().catch(() => client.close());
    }
  };
  const smtp = async () => {
    try {
      await withSmtp(channel, (transport) => transport.verify());
      return { name: 'SMTP', ok: true, message: T.ok('SMTP', smtpAddress(settings)) };
    } catch (error) {
      return {
        name: 'SMTP',
        ok: false,
        message: describeFailure(
          'SMTP',
          smtpAddress(settings),
          smtpUser(settings),
          error,
          usesOauth(channel),
        ),
      };
    }
  };
  checks.push(...(await Promise.all([imap(), smtp()])));
  const failed = checks.filter((check) => !check.ok);
  return {
    ok: failed.length === 0,
    message: failed.length
      ? failed.map((check) => check.message).join('. ')
      : EMAIL_SETTINGS_MESSAGES.testOk,
    checks,
  };
}

/** A mail as the inbound side takes it: parsed, with its raw size and bytes. */
export interface ReceivedMail {
  parsed: ParsedMail;
  raw: Buffer;
}

/**
 * One poll of the mailbox: every unseen mail of the folder (at most `limit`, oldest first),
 * parsed and handed to `take`; flagged \Seen once taken. A mail `take` fails on stays unseen,
 * for the next poll (taking is idempotent by its Message-ID). Throws when the mailbox cannot be
 * reached, with the Vietnamese reason.
 */
async function receiveMail(
  channel: EmailChannel,
  take: (mail: ReceivedMail) => Promise<void>,
  options: { limit?: number; onError?: (error: unknown, uid: number) => void } = {},
) {
  const { settings } = channel;
  let client: ImapFlow;
  try {
    client = await connectImap(channel);
  } catch (error) {
    throw new Error(imapFailure(channel, error));
  }
  let taken = 0;
  try {
    const lock = await client.getMailboxLock(settings.imap_folder).catch(() => null);
    if (!lock) throw new Error(T.folder(settings.imap_folder));
    try {
      const found = await client.search({ seen: false }, { uid: true });
      const uids = (found || []).sort((a, b) => a - b).slice(0, options.limit ?? 50);
      for (const uid of uids) {
        const message = await client.fetchOne(String(uid), { source: true }, { uid: true });
        if (!message || !message.source) continue;
        try {
          await take({ parsed: await simpleParser(message.source), raw: message.source });
        } catch (error) {
          options.onError?.(error, uid);
          continue;
        }
        await client.messageFlagsAdd(String(uid), ['\\Seen'], { uid: true });
        taken++;
      }
    } finally {
      lock.release();
    }
  } finally {
    await client.logout().catch(() => client.close());
  }
  return { taken };
}

/** How long one IDLE lasts before it is restarted (servers drop an IDLE after 29 minutes). */
const IDLE_RESTART_MS = 5 * 60_000;

/**
 * Holds the mailbox's folder open in IMAP IDLE: `onNewMail` is called once connected (mail may
 * have come while nobody listened) and whenever the server announces new mail. Resolves when
 * the connection ends (`stop` ends it); throws when it cannot be opened, with the reason.
 */
async function watchMailbox(channel: EmailChannel, onNewMail: () => void, stop: AbortSignal) {
  const { settings } = channel;
  let client: ImapFlow | undefined;
  let end = () => {};
  let stopped = () => {};
  const aborted = new Promise<void>((resolve) => (stopped = resolve));
  const onAbort = () => (end(), stopped());
  stop.addEventListener('abort', onAbort, { once: true });
  try {
    try {
      client = await connectImap(channel, {
        maxIdleTime: IDLE_RESTART_MS,
        // IDLE from the moment the folder is open (imapflow waits 15 s by default).
        autoIdleDelay: 200,
      });
    } catch (error) {
      throw new Error(imapFailure(channel, error));
    }
    const open = client;
    end = () => void open.logout().catch(() => open.close());
    const closed = new Promise<void>((resolve) => open.once('close', () => resolve()));
    if (stop.aborted) return end();
    if (!(await open.mailboxOpen(settings.imap_folder).catch(() => null)))
      throw new Error(T.folder(settings.imap_folder));
    // A count that grew is new mail (imapflow idles by itself once the folder is open).
    open.on('exists', (update: { count: number; prevCount: number }) => {
      if (update.count > update.prevCount) onNewMail();
    });
    onNewMail();
    await Promise.race([closed, aborted]);
  } finally {
    stop.removeEventListener('abort', onAbort);
    if (client?.usable) end();
  }
}

export const emailDriver = {
  kind: 'email',
  send: sendMail,
  test: testMailbox,
  receive: receiveMail,
  watch: watchMailbox,
} satisfies ChannelDriver<'email', OutboundMail, SentMail> & {
  receive: typeof receiveMail;
  watch: typeof watchMailbox;
};
