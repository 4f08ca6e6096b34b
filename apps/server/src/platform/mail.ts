import nodemailer from 'nodemailer';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Files sent with the mail (a scheduled report's). */
  attachments?: { filename: string; path: string }[];
}

/**
 * Sends through SMTP_URL; without one, writes each mail as an .eml file under DATA_DIR/outbox
 * and logs its path, so a local install can still finish a password reset.
 */
export function createMailer(
  options: { smtpUrl?: string; from: string; outboxDir: string },
  log: FastifyBaseLogger,
) {
  const transport = options.smtpUrl
    ? nodemailer.createTransport(options.smtpUrl)
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message: MailMessage) {
      const info = await transport.sendMail({ from: options.from, ...message });
      if (options.smtpUrl) return { delivered: 'smtp' as const };
      await mkdir(options.outboxDir, { recursive: true });
      const safeTo = message.to.replace(/[^a-z0-9@._-]/gi, '_');
      const file = path.join(
        options.outboxDir,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${safeTo}.eml`,
      );
      await writeFile(file, info.message as Buffer);
      log.info({ file }, 'mail written to outbox (no SMTP_URL configured)');
      return { delivered: 'outbox' as const, file };
    },
  };
}
export type Mailer = ReturnType<typeof createMailer>;
