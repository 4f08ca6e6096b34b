import { LIVECHAT_NAMESPACE } from '@omnicare/shared/conversations/livechat.schemas';
import type { Platform } from '../../platform/context.js';

/**
 * The widgets' socket.io rooms: one per visitor (their tabs), one per conversation (the widgets
 * whose current conversation it is). A conversation's news is emitted to its room, on every
 * instance through the adapter, with no lookup of its visitors.
 */
export const visitorRoom = (visitorId: string) => `visitor:${visitorId}`;
export const conversationRoom = (ticketId: string) => `conversation:${ticketId}`;

const widgets = (platform: Platform) => platform.realtime.io.of(LIVECHAT_NAMESPACE);

/** The visitor's open widgets move from their previous conversation to the new one. */
export function followConversation(
  platform: Platform,
  visitorId: string,
  previous: string | null,
  next: string,
) {
  const sockets = widgets(platform).in(visitorRoom(visitorId));
  if (previous) sockets.socketsLeave(conversationRoom(previous));
  sockets.socketsJoin(conversationRoom(next));
}

/** Emits to the widgets whose current conversation this ticket is. */
export function tellVisitors(
  platform: Platform,
  ticketId: string,
  event: string,
  payload: unknown,
) {
  widgets(platform).to(conversationRoom(ticketId)).emit(event, payload);
}
