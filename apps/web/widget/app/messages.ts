import type { PendingMessage } from '../lib/storage';
import type { VisitorMessageView } from './contract';

/**
 * The conversation as the visitor sees it: the messages the server has (by `_id`), and the
 * visitor's own not yet acknowledged (by `client_message_id`). A message may arrive several
 * times (the socket's echo, the send's ack, the re-read after a reconnect): it is shown once.
 */

/** A line of the list: a server message, or one of ours still on its way or refused. */
export interface ShownMessage extends VisitorMessageView {
  local?: 'sending' | 'failed';
  error?: string;
}

const byTime = (a: { created_at: string }, b: { created_at: string }) =>
  a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : 0;

/** `known` with `incoming` folded in: same `_id` or same client id is the same message. */
export function mergeMessages(
  known: readonly VisitorMessageView[],
  incoming: readonly VisitorMessageView[],
): VisitorMessageView[] {
  const result = known.slice();
  const indexById = new Map<string, number>();
  const indexByClientId = new Map<string, number>();
  const remember = (message: VisitorMessageView, index: number) => {
    indexById.set(message._id, index);
    if (message.client_message_id) indexByClientId.set(message.client_message_id, index);
  };
  result.forEach(remember);
  for (const message of incoming) {
    const index =
      indexById.get(message._id) ??
      (message.client_message_id ? indexByClientId.get(message.client_message_id) : undefined);
    if (index === undefined) {
      result.push(message);
      remember(message, result.length - 1);
    } else {
      const before = result[index] as VisitorMessageView;
      // 'seen' only moves forward: a late copy read before the agent saw it does not undo it.
      result[index] = { ...before, ...message, seen: before.seen || message.seen };
      remember(result[index] as VisitorMessageView, index);
    }
  }
  // Array.prototype.sort is stable (ES2019): equal times keep their arrival order.
  return result.sort(byTime);
}

/** The pending messages the server does not have yet (an acknowledged one leaves the queue). */
export function unsettled(
  pending: readonly PendingMessage[],
  messages: readonly VisitorMessageView[],
): PendingMessage[] {
  const written = new Set(messages.map((message) => message.client_message_id));
  return pending.filter((item) => !written.has(item.client_message_id));
}

/** Marks the visitor's messages an agent has read. */
export function markSeen(
  messages: readonly VisitorMessageView[],
  ids: readonly string[],
): VisitorMessageView[] {
  const read = new Set(ids);
  return messages.map((message) =>
    read.has(message._id) && !message.seen ? { ...message, seen: true } : message,
  );
}

/** A pending message drawn like a sent one, flagged as on its way (or refused, with why). */
export function pendingAsShown(
  item: PendingMessage,
  failed?: string,
  attachmentName?: string,
): ShownMessage {
  return {
    _id: `local:${item.client_message_id}`,
    client_message_id: item.client_message_id,
    direction: 'in',
    author_name: null,
    author_avatar_url: null,
    kind: 'text',
    body: item.body || attachmentName || '',
    attachments: [],
    seen: false,
    created_at: item.created_at,
    local: failed === undefined ? 'sending' : 'failed',
    error: failed,
  };
}

/** Everything to draw: the server's messages, then ours still pending, in the order written. */
export function shownMessages(
  messages: readonly VisitorMessageView[],
  pending: readonly PendingMessage[],
  failed: ReadonlyMap<string, string>,
): ShownMessage[] {
  const waiting = unsettled(pending, messages).map((item) =>
    pendingAsShown(item, failed.get(item.client_message_id)),
  );
  return [...messages, ...waiting];
}

/** The latest message of the team's (what a 'seen' is about). */
export function lastTeamMessage(
  messages: readonly VisitorMessageView[],
): VisitorMessageView | undefined {
  for (let index = messages.length - 1; index >= 0; index--) {
    const message = messages[index] as VisitorMessageView;
    if (message.direction === 'out') return message;
  }
  return undefined;
}

/** A fresh client message id: `crypto.randomUUID` where the page is secure, else a v4 by hand. */
export function newClientMessageId(): string {
  const cryptoApi = typeof crypto !== 'undefined' ? crypto : undefined;
  if (cryptoApi && typeof cryptoApi.randomUUID === 'function') return cryptoApi.randomUUID();
  const bytes = new Uint8Array(16);
  if (cryptoApi && cryptoApi.getRandomValues) cryptoApi.getRandomValues(bytes);
  else for (let i = 0; i < 16; i++) bytes[i] = Math.floor(Math.random() * 256);
  bytes[6] = ((bytes[6] as number) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] as number) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => (byte + 0x100).toString(16).slice(1)).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
