import type { Platform } from '../../platform/context.js';
import type { OpenChannel } from './channel-driver.js';
import { CHANNELS_SAVED_SIGNAL, openChannel } from './channels.service.js';
import { emailDriver } from './drivers/email.js';
import { mailboxesRead, queuePoll } from './email.service.js';

/**
 * IMAP IDLE: every mailbox that asks for it (`imap_idle`, on unless turned off) has a connection
 * held open in IDLE; when the server announces new mail, the mailbox's poll job is queued at once
 * (one per mailbox at a time), so mail becomes a ticket in seconds instead of at the next poll.
 * The minute's polling stays as the fallback. Each instance holds its own connections (a poll
 * job is one per mailbox whatever the instance that queued it). A dropped connection comes back
 * after 1 s, doubling to a minute while it keeps failing.
 */

const LOOK_AGAIN_MS = 60_000;
const RETRY_MAX_MS = 60_000;

interface Watcher {
  /** The settings and secrets it connects with: a change makes a new watcher. */
  version: string;
  stop: AbortController;
}

export function watchMailboxes(platform: Platform) {
  const watchers = new Map<string, Watcher>();
  let stopped = false;
  let looking: Promise<void> = Promise.resolve();

  const newMail = (channelId: string) =>
    void queuePoll(platform, channelId).catch((error: unknown) =>
      platform.log.warn({ err: error, channelId }, 'email: IDLE poll'),
    );

  async function hold(channel: OpenChannel<'email'>, stop: AbortSignal) {
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

  async function lookAgain() {
    const wanted = new Map(
      (await mailboxesRead(platform))
        .filter((row) => row.settings.imap_idle !== false)
        .map((row) => [row.id, { row, version: JSON.stringify([row.settings, row.secrets]) }]),
    );
    for (const [id, watcher] of watchers)
      if (wanted.get(id)?.version !== watcher.version) {
        watcher.stop.abort();
        watchers.delete(id);
      }
    if (stopped) return;
    for (const [id, { row, version }] of wanted) {
      if (watchers.has(id)) continue;
      const watcher = { version, stop: new AbortController() };
      watchers.set(id, watcher);
      void hold(openChannel(platform, row) as OpenChannel<'email'>, watcher.stop.signal);
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
    async stop() {
      stopped = true;
      clearInterval(timer);
      await looking;
      for (const watcher of watchers.values()) watcher.stop.abort();
      watchers.clear();
    },
  };
}
