import {
  LIVECHAT_EVENTS,
  LIVECHAT_NAMESPACE,
  visitorMessageBody,
} from '@omnicare/shared/conversations/livechat.schemas';
import { CONVERSATION_EVENTS } from '@omnicare/shared/conversations/conversations.schemas';
import type { Platform } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { conversationRoom, tellVisitors, visitorRoom } from './livechat-rooms.js';
import * as livechat from './livechat.service.js';

interface VisitorSocketState {
  channel: livechat.WidgetChannel;
  visitor: livechat.Visitor;
}

/** What a failed send answers the widget (its Vietnamese message, never a stack). */
function failure(error: unknown) {
  if (error instanceof AppError) return { ok: false, message: error.message };
  const zod = error as { issues?: { message: string }[] };
  if (zod.issues?.[0]) return { ok: false, message: zod.issues[0].message };
  return { ok: false, message: 'Không gửi được tin nhắn, vui lòng thử lại' };
}

/**
 * The widgets' socket.io namespace: a visitor's socket, authenticated by their token on their
 * channel (the page's origin allowed), sends messages with an acknowledgement (a resend with the
 * same client id answers the message written), says it types, and hears the team's messages,
 * typing and the conversation's status in its own room.
 */
export function attachLivechatNamespace(platform: Platform) {
  const namespace = platform.realtime.io.of(LIVECHAT_NAMESPACE);
  namespace.use(async (socket, next) => {
    try {
      const auth = socket.handshake.auth as { channel_id?: unknown; visitor_token?: unknown };
      const channel = await livechat.widgetChannel(
        platform,
        typeof auth.channel_id === 'string' ? auth.channel_id : '',
        socket.handshake.headers.origin,
      );
      const token = typeof auth.visitor_token === 'string' ? auth.visitor_token : undefined;
      const visitor = await livechat.visitorOf(platform, channel, token);
      socket.data = { channel, visitor } satisfies VisitorSocketState;
      next();
    } catch (error) {
      next(new Error(error instanceof AppError ? error.message : 'forbidden'));
    }
  });
  namespace.on('connection', (socket) => {
    const state = socket.data as VisitorSocketState;
    void socket.join(visitorRoom(state.visitor.id));
    if (state.visitor.ticketId) void socket.join(conversationRoom(state.visitor.ticketId));
    socket.on(LIVECHAT_EVENTS.send, async (raw: unknown, ack?: unknown) => {
      const reply = typeof ack === 'function' ? (ack as (body: unknown) => void) : () => {};
      try {
        const body = visitorMessageBody.parse(raw);
        const message = await livechat.sendVisitorMessage(
          platform,
          state.channel,
          state.visitor,
          body,
        );
        reply({ ok: true, message });
      } catch (error) {
        reply(failure(error));
      }
    });
    socket.on(LIVECHAT_EVENTS.typing, (raw: unknown) => {
      const ticketId = state.visitor.ticketId;
      if (!ticketId) return;
      const typing = (raw as { typing?: unknown } | null)?.typing === true;
      void livechat.assigneeOf(platform, ticketId).then((assigneeId) => {
        if (assigneeId)
          platform.realtime.toUser(assigneeId, CONVERSATION_EVENTS.customerTyping, {
            conversation_id: ticketId,
            typing,
          });
      });
    });
  });
  // Staff typing on a conversation: its visitors see 'typing'.
  platform.realtime.onTyping((_auth, typing) => {
    if (typing.kind !== 'ticket') return;
    tellVisitors(platform, typing.id, LIVECHAT_EVENTS.typing, { typing: typing.typing });
  });
  return namespace;
}
