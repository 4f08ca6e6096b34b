import pg from 'pg';
import type { Platform } from '../../platform/context.js';
import type { OpenChannel } from './channel-driver.js';
import { openChannel, openSecrets, type ChannelRow } from './channel-loader.js';
import { withMailAuth } from './email-oauth.js';
import { CHANNELS_SAVED_SIGNAL } from './channels.service.js';
import { emailDriver, type EmailChannel } from './drivers/email.js';
import { mailboxesRead, queuePoll } from './email.service.js';

/**
 * IMAP IDLE: every mailbox that asks for it (`imap_idle`, on unless turned off) has a connection
 * held open in IDLE; when the server announces new mail, the mailbox's poll job is queued at once
 * (one per mailbox at a time), so mail becomes a ticket in seconds instead of at the next poll.
 * The minute's polling stays as the fallback. One instance of a deployment watches a mailbox
 * (mail servers limit the connections of an account: Gmail to 15): it holds the mailbox's
 * session advisory lock on a connection of its own, and the others try for it every few seconds,
 * so when that instance dies (its connection, and with it the lock, goes) another takes over. A
 * dropped IMAP connection comes back after 1 s, doubling to a minute while it keeps failing.
 */

const LOOK_AGAIN_MS = 60_000;
/** How soon a mailbox another instance watches is tried for again. */
const CLAIM_AGAIN_MS = 5_000;
const RETRY_MAX_MS = 60_000;
const lockKey = (channelId: string) => `omnicare-email-idle:${channelId}`;

interface Watcher {
  /** The settings and secrets it connects with: a change makes a new watcher. */
  version: string;
  stop: AbortController;
}

/**
 * The mailboxes this instance may watch: their advisory locks, held on one connection for as
 * long as it lives. `lost` is called when it drops (every lock with it).
 */
function mailboxClaims(platform: Platform, lost: () => void) {
  let client: pg.Client | undefined;
  const held = new Set<string>();
  const connection = async () => {
    if (client) return client;
    const opened = new pg.Client({
      connectionString: platform.database.url,
      application_name: 'omnicare-email-idle',
    });
    const drop = () => {
      if (client !== opened) return;
      client = undefined;
      held.clear();
      void opened.end().catch(() => undefined);
      lost();
    };
    opened.on('error', drop);
    opened.on('end', drop);
    await opened.connect();
    client = opened;
    return opened;
  };
  return {
    held,
    /** Tries for the mailboxes not held yet; answers those held now. */
    async claim(ids: string[]) {
      const wanted = ids.filter((id) => !held.has(id));
      if (wanted.length > 0) {
        const { rows } = await (
          await connection()
        ).query<{ id: string; taken: boolean }>(
          `select id, pg_try_advisory_lock(hashtextextended('omnicare-email-idle:' || id, 0)) as taken
           from unnest($1::text[]) id`,
          [wanted],
        );
        for (const row of rows) if (row.taken) held.add(row.id);
      }
      return held;
    },
    async release(id: string) {
      if (!held.delete(id) || !client) return;
      await client.query('select pg_advisory_unlock(hashtextextended($1, 0))', [lockKey(id)]);
    },
    async close() {
      const closing = client;
      client = undefined;
      held.clear();
      await closing?.end().catch(() => undefined);
    },
  };
}

/**
 * What a watcher connects with: a change makes a new one. An OAuth2 mailbox's refresh token is
 * left out: a server rotating it at each refresh would restart the connection each time, and the
 * token source reads the newest one itself (a new connection changes `oauth_connected_at`).
 */
function versionOf(platform: Platform, row: ChannelRow) {
  const { oauth_refresh_token: _rotating, ...secrets } = openSecrets(platform, row);
  return JSON.stringify([row.settings, secrets]);
}

export function watchMailboxes(platform: Platform) {
  const watchers = new Map<string, Watcher>();
  let stopped = false;
  let looking: Promise<void> = Promise.resolve();

  const newMail = (channelId: string) =>
    void queuePoll(platform, channelId).catch((error: unknown) =>
      platform.log.warn({ err: error, channelId }, 'email: IDLE poll'),
    );

  async function hold(channel: EmailChannel, stop: AbortSignal) {
    let wait = 1_000;
    while (!stop.aborted) {
      try {
        await emailDriver.watch(channel, () => newMail(channel.id), stop);
        wait = 1_000;
      } catch (error) {
        // The polls report a mailbox that cannot be read (the channel's state); this only waits.
        platform.log.debug({ err: error, channelId: channel.id }, 'email: IDLE connection failed');
        wait = Math.min(wait * 2, RETRY_MAX_MS);
      }
      if (stop.aborted) return;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, wait);
        stop.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
      });
    }
  }

  const claims = mailboxClaims(platform, () => {
    // The locks went with their connection: another instance may be watching already.
    for (const watcher of watchers.values()) watcher.stop.abort();
    watchers.clear();
    schedule();
  });
  let claimAgain: NodeJS.Timeout | undefined;

  async function lookAgain() {
    const wanted = new Map(
      (await mailboxesRead(platform))
        .filter((row) => row.settings.imap_idle !== false)
        .map((row) => [row.id, { row, version: versionOf(platform, row) }]),
    );
    for (const [id, watcher] of watchers)
      if (wanted.get(id)?.version !== watcher.version) {
        watcher.stop.abort();
        watchers.delete(id);
      }
    for (const id of [...claims.held]) if (!wanted.has(id)) await claims.release(id);
    if (stopped) return;
    const held = await claims.claim([...wanted.keys()]);
    for (const [id, { row, version }] of wanted) {
      if (watchers.has(id) || !held.has(id)) continue;
      const watcher = { version, stop: new AbortController() };
      watchers.set(id, watcher);
      const channel = openChannel(platform, row) as OpenChannel<'email'>;
      void hold(withMailAuth(platform, channel), watcher.stop.signal);
    }
    // Watched elsewhere: tried for again soon, to take over when that instance goes.
    clearTimeout(claimAgain);
    if (!stopped && held.size < wanted.size) {
      claimAgain = setTimeout(schedule, CLAIM_AGAIN_MS);
      claimAgain.unref();
    }
  }

  const schedule = () => {
    if (stopped) return;
    looking = looking
      .then(lookAgain)
      .catch((error: unknown) => platform.log.warn({ err: error }, 'email: IDLE watchers'));
  };
  // A saved mailbox is watched (or let go) at once; the minute's look catches the rest.
  platform.realtime.onSignal(CHANNELS_SAVED_SIGNAL, schedule);
  const timer = setInterval(schedule, LOOK_AGAIN_MS);
  schedule();
  return {
    /** The mailboxes this instance watches now. */
    watching: () => [...watchers.keys()],
    async stop() {
      stopped = true;
      clearInterval(timer);
      clearTimeout(claimAgain);
      await looking;
      for (const watcher of watchers.values()) watcher.stop.abort();
      watchers.clear();
      await claims.close();
    },
  };
}
