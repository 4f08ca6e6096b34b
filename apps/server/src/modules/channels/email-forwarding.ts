import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer, type SMTPServerAddress, type SMTPServerSession } from 'smtp-server';
import { channelIdOfForwarding } from '@omnicare/shared/channels/email-settings';
import type { Platform } from '../../platform/context.js';
import { emailChannel } from './email.service.js';
import { takeInMail } from './email-inbound.js';

/**
 * The built-in SMTP listener: mail forwarded to a mailbox's forwarding address (its channel id
 * on the listener's domain) is taken in exactly as if IMAP had read it (`takeInMail`). A mail is
 * accepted (250) only once it is written: a failure answers 451 and the sending server tries
 * again later, so a crash loses nothing. No AUTH: it receives like an MX, and only for the
 * addresses of existing mailboxes. A sending server (its address) may hand over `ratePerMinute`
 * mails a minute, counted for every instance (`platform.throttle`); past it, a mail is deferred
 * (450 4.7.1) and the sender tries again later, as Postfix's client message rate limit does.
 */

/** The largest mail accepted, whole (the files a ticket keeps are limited again inside). */
export const FORWARDED_MAIL_MAX_BYTES = 30 * 1024 * 1024;

/** Where it listens, and the domain its addresses are on (`Config['inboundSmtp']`). */
interface ListenerOptions {
  port: number;
  host: string;
  domain: string;
  /** PEM files: with both, STARTTLS is offered. */
  tlsKey?: string;
  tlsCert?: string;
  /** Mails a minute one sending server's address may hand over (default 60). */
  ratePerMinute?: number;
}

const RATE_WINDOW_MS = 60_000;

class SmtpAnswer extends Error {
  constructor(
    readonly responseCode: number,
    message: string,
  ) {
    super(message);
  }
}

/** The mailbox a recipient names, or the SMTP answer refusing it. */
async function mailboxOf(platform: Platform, domain: string, address: string) {
  const id = channelIdOfForwarding(address, domain);
  const found = id ? await emailChannel(platform, id) : undefined;
  if (!found) throw new SmtpAnswer(550, '5.1.1 No such mailbox here');
  // A paused mailbox: the sender keeps the mail and tries again (as IMAP leaves it unread).
  if (found.row.status === 'disabled') throw new SmtpAnswer(450, '4.2.1 Mailbox paused, try later');
  return found;
}

async function readAll(stream: NodeJS.ReadableStream) {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function startForwardingListener(platform: Platform, options: ListenerOptions) {
  const tls = options.tlsKey && options.tlsCert;
  const server = new SMTPServer({
    banner: 'OmniCare',
    authOptional: true,
    disabledCommands: tls ? ['AUTH'] : ['AUTH', 'STARTTLS'],
    ...(tls ? { key: readFileSync(options.tlsKey!), cert: readFileSync(options.tlsCert!) } : {}),
    size: FORWARDED_MAIL_MAX_BYTES,
    maxClients: 100,
    socketTimeout: 60_000,
    logger: false,
    onMailFrom(_address, session, callback) {
      const key = `smtp-forwarding:${session.remoteAddress}`;
      platform.throttle.hit(key, RATE_WINDOW_MS).then(
        (count) =>
          callback(
            count > (options.ratePerMinute ?? 60)
              ? new SmtpAnswer(450, '4.7.1 Too much mail from your address, try again later')
              : undefined,
          ),
        (error: unknown) => callback(answerOf(error)),
      );
    },
    onRcptTo(address: SMTPServerAddress, _session: SMTPServerSession, callback) {
      mailboxOf(platform, options.domain, address.address).then(
        () => callback(),
        (error: unknown) => callback(error instanceof SmtpAnswer ? error : answerOf(error)),
      );
    },
    onData(stream, session, callback) {
      takeInForwarded(platform, options.domain, stream, session).then(
        () => callback(),
        (error: unknown) => callback(error instanceof SmtpAnswer ? error : answerOf(error)),
      );
    },
  });
  const answerOf = (error: unknown) => {
    platform.log.warn({ err: error }, 'email: a forwarded mail was not taken in');
    return new SmtpAnswer(451, '4.3.0 Temporary failure, try again later');
  };
  server.on('error', (error) => platform.log.warn({ err: error }, 'email: SMTP listener'));
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.server.address() as AddressInfo;
  platform.log.info({ port, domain: options.domain }, 'email: forwarding listener started');
  return {
    port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function takeInForwarded(
  platform: Platform,
  domain: string,
  stream: NodeJS.ReadableStream & { sizeExceeded?: boolean },
  session: SMTPServerSession,
) {
  const raw = await readAll(stream);
  if (stream.sizeExceeded) throw new SmtpAnswer(552, '5.3.4 Message too big');
  const parsed = await simpleParser(raw);
  // A mail forwarded to two mailboxes of the tenant is one ticket message per mailbox.
  const addresses = [...new Set(session.envelope.rcptTo.map((to) => to.address.toLowerCase()))];
  for (const address of addresses) {
    const found = await mailboxOf(platform, domain, address);
    await takeInMail(platform, found.open, { parsed, raw });
  }
}
