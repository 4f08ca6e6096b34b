import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmod, chown, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import { ImapFlow } from 'imapflow';
import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import { testPort } from './ports.js';

/** A private Dovecot IMAP server for one test file: its users, its port, its maildirs. */
export interface TestDovecot {
  host: string;
  port: number;
  /** Appends a raw RFC 5322 message to a user's INBOX, unseen (what a delivered mail looks like). */
  deliver(user: string, raw: string | Buffer | Promise<Buffer>, mailbox?: string): Promise<void>;
  /** The flags of every message of a user's INBOX, oldest first. */
  flags(user: string, mailbox?: string): Promise<string[][]>;
  stop(): Promise<void>;
}

/** A raw mail as a sender's client writes it (for `deliver`). */
export const rawMail = (options: ConstructorParameters<typeof MailComposer>[0]) =>
  new MailComposer(options).compile().build();

/** Where the dovecot binary is, or null when it is not installed. */
export function dovecotBinary(): string | null {
  for (const candidate of ['dovecot', '/usr/sbin/dovecot']) {
    const probe = spawnSync(candidate, ['--version'], { encoding: 'utf8' });
    if (probe.status === 0) return candidate;
  }
  return null;
}

/** Why the email tests are skipped on this machine (null: they run). */
export const DOVECOT_MISSING = dovecotBinary()
  ? null
  : 'dovecot is not installed (Debian: apt-get install dovecot-imapd): the email channel tests are skipped';

const answers = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('data', (data) => {
      socket.destroy();
      resolve(data.toString().startsWith('* OK'));
    });
    socket.once('error', () => resolve(false));
  });

/**
 * Starts Dovecot in the foreground with a configuration of its own in a temporary folder (no
 * system service, no /etc/dovecot): IMAP on 127.0.0.1 without TLS, plain logins checked against a
 * passwd-file of `users` (name → password), maildirs in the folder. Tries another port when the
 * one chosen is taken.
 *
 * `oauth2`: XOAUTH2 and OAUTHBEARER logins too, checked by Dovecot's own oauth2 passdb (built
 * into Debian's dovecot-core, no extra package) against an RFC 7662 introspection endpoint
 * (`introspection_mode = post`; the token is live when it answers `active: true`, and the
 * `username` it names must be the one logging in).
 */
export async function startDovecot(
  users: Record<string, string>,
  options: {
    /** `mechanisms`: those offered (default both; imapflow prefers OAUTHBEARER when offered). */
    oauth2?: { introspectionUrl: string; mechanisms?: ('xoauth2' | 'oauthbearer')[] };
  } = {},
): Promise<TestDovecot> {
  const binary = dovecotBinary();
  if (!binary) throw new Error(DOVECOT_MISSING ?? 'dovecot missing');
  const dir = await mkdtemp(path.join(tmpdir(), 'omnicare-dovecot-'));
  await chmod(dir, 0o755);
  const me = userInfo();
  // As root the mail belongs to the package's unprivileged `dovecot` user; otherwise to us.
  const root = me.uid === 0;
  const owner = root ? userInfoOf('dovecot') : { uid: me.uid, gid: me.gid, name: me.username };
  await mkdir(path.join(dir, 'mail'), { recursive: true });
  await chown(path.join(dir, 'mail'), owner.uid, owner.gid);
  await writeFile(
    path.join(dir, 'passwd'),
    Object.entries(users)
      .map(([name, password]) => `${name}:{PLAIN}${password}::::::`)
      .join('\n') + '\n',
  );
  const oauthMechanisms = options.oauth2
    ? (options.oauth2.mechanisms ?? ['xoauth2', 'oauthbearer']).join(' ')
    : '';
  if (options.oauth2)
    await writeFile(
      path.join(dir, 'oauth2.conf.ext'),
      [
        `introspection_url = ${options.oauth2.introspectionUrl}`,
        'introspection_mode = post',
        'force_introspection = yes',
        'username_attribute = username',
        'active_attribute = active',
        'active_value = true',
        'timeout_msecs = 5000',
        '',
      ].join('\n'),
    );
  let lastError = '';
  for (let attempt = 0; attempt < 5; attempt++) {
    const port = testPort('dovecot');
    const config = [
      `base_dir = ${dir}/run`,
      `state_dir = ${dir}/state`,
      `instance_name = omnicare-test-${port}`,
      `log_path = ${dir}/dovecot.log`,
      'protocols = imap',
      'listen = 127.0.0.1',
      'ssl = no',
      'disable_plaintext_auth = no',
      `auth_mechanisms = plain login ${oauthMechanisms}`.trim(),
      // Refusals answered at once: no 2 s delay, no per-IP penalty growing to 15 s (the tests
      // refuse logins on purpose, and a refused token is followed by a retry at once).
      'auth_failure_delay = 0',
      'service anvil {\n  unix_listener anvil-auth-penalty {\n    mode = 0\n  }\n}',
      `mail_location = maildir:${dir}/mail/%n`,
      'first_valid_uid = 1',
      'first_valid_gid = 1',
      ...(root
        ? []
        : [
            `default_internal_user = ${owner.name}`,
            `default_login_user = ${owner.name}`,
            `default_internal_group = ${owner.name}`,
          ]),
      'passdb {',
      '  driver = passwd-file',
      ...(options.oauth2 ? ['  mechanisms = plain login'] : []),
      `  args = scheme=PLAIN username_format=%u ${dir}/passwd`,
      '}',
      ...(options.oauth2
        ? [
            'passdb {',
            '  driver = oauth2',
            `  mechanisms = ${oauthMechanisms}`,
            `  args = ${dir}/oauth2.conf.ext`,
            '}',
          ]
        : []),
      'userdb {',
      '  driver = static',
      `  args = uid=${owner.uid} gid=${owner.gid} home=${dir}/mail/%n`,
      '}',
      'service imap-login {',
      `  inet_listener imap {\n    address = 127.0.0.1\n    port = ${port}\n  }`,
      '  inet_listener imaps {\n    port = 0\n  }',
      '}',
      '',
    ].join('\n');
    const file = path.join(dir, `dovecot-${port}.conf`);
    await writeFile(file, config);
    const child: ChildProcess = spawn(binary, ['-F', '-c', file], { stdio: 'ignore' });
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    let up = false;
    let gone = false;
    void exited.then(() => (gone = true));
    // Dovecot says nothing on stdout when it is ready: its IMAP greeting is the sign.
    for (let i = 0; i < 100 && !up && !gone; i++) {
      up = await answers(port);
      if (!up) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    if (up) return handle(dir, port, users, child, exited);
    child.kill();
    await exited;
    lastError = await readFile(path.join(dir, 'dovecot.log'), 'utf8').catch(() => '');
  }
  await rm(dir, { recursive: true, force: true });
  throw new Error(`dovecot did not start: ${lastError.slice(-2000)}`);
}

function userInfoOf(name: string) {
  const line = spawnSync('id', ['-u', name], { encoding: 'utf8' });
  const group = spawnSync('id', ['-g', name], { encoding: 'utf8' });
  if (line.status !== 0) throw new Error(`no system user ${name}`);
  return { uid: Number(line.stdout.trim()), gid: Number(group.stdout.trim()), name };
}

function handle(
  dir: string,
  port: number,
  users: Record<string, string>,
  child: ChildProcess,
  exited: Promise<void>,
): TestDovecot {
  const client = async (user: string) => {
    const imap = new ImapFlow({
      host: '127.0.0.1',
      port,
      secure: false,
      auth: { user, pass: users[user] ?? '' },
      logger: false,
    });
    await imap.connect();
    return imap;
  };
  return {
    host: '127.0.0.1',
    port,
    async deliver(user, raw, mailbox = 'INBOX') {
      const imap = await client(user);
      try {
        if (mailbox !== 'INBOX') await imap.mailboxCreate(mailbox).catch(() => undefined);
        await imap.append(mailbox, await raw, []);
      } finally {
        await imap.logout();
      }
    },
    async flags(user, mailbox = 'INBOX') {
      const imap = await client(user);
      try {
        const lock = await imap.getMailboxLock(mailbox);
        try {
          const all: string[][] = [];
          for await (const message of imap.fetch('1:*', { flags: true }))
            all.push([...(message.flags ?? [])]);
          return all;
        } finally {
          lock.release();
        }
      } finally {
        await imap.logout();
      }
    },
    async stop() {
      child.kill();
      await exited;
      await rm(dir, { recursive: true, force: true });
    },
  };
}
