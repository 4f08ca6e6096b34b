import { io } from 'socket.io-client';
import type { VisitorMessageBody, VisitorMessageView, VisitorStatusEvent } from './contract';
import { LIVECHAT_EVENTS, LIVECHAT_MESSAGES, LIVECHAT_NAMESPACE } from './contract';

export type SendAck = { ok: true; message: VisitorMessageView } | { ok: false; message: string };

export interface TransportHandlers {
  connected(): void;
  disconnected(): void;
  /** The server refused the visitor token (unknown, expired): start again. */
  refused(): void;
  message(message: VisitorMessageView): void;
  typing(typing: boolean): void;
  seen(messageIds: string[]): void;
  status(status: VisitorStatusEvent): void;
}

const ACK_TIMEOUT_MS = 10_000;

/** The visitor's socket on the `/livechat` namespace of the OmniCare server. */
export function connectVisitor(
  base: string,
  channel: string,
  visitorToken: string,
  on: TransportHandlers,
) {
  const socket = io(`${base}${LIVECHAT_NAMESPACE}`, {
    path: '/socket.io',
    auth: { channel_id: channel, visitor_token: visitorToken },
    // WebSocket first (no CORS involved); long polling if a proxy refuses it.
    transports: ['websocket', 'polling'],
  });
  socket.on('connect', on.connected);
  socket.on('disconnect', (reason) => {
    on.disconnected();
    // socket.io retries by itself except after a disconnect from the server's side (a restart
    // behind some proxies, a kick): try again; a refused token then ends in `refused`.
    if (reason === 'io server disconnect') setTimeout(() => socket.connect(), 1_000);
  });
  socket.on('connect_error', (error: Error & { data?: { statusCode?: number } }) => {
    const status = error.data && error.data.statusCode;
    if (status === 401 || status === 403 || error.message === LIVECHAT_MESSAGES.visitorExpired) {
      on.refused();
      return;
    }
    // A refusal by the namespace's middleware stops socket.io's own retries: try again later.
    if (!socket.active) setTimeout(() => socket.connect(), 3_000);
  });
  socket.on(LIVECHAT_EVENTS.message, on.message);
  socket.on(LIVECHAT_EVENTS.typing, (event: { typing?: boolean }) => on.typing(!!event.typing));
  socket.on(LIVECHAT_EVENTS.seen, (event: { message_ids?: string[] }) =>
    on.seen(event.message_ids || []),
  );
  socket.on(LIVECHAT_EVENTS.status, on.status);

  return {
    get connected() {
      return socket.connected;
    },
    /** Resolves with the server's answer; rejects when none came in time (the message stays queued). */
    send(body: VisitorMessageBody): Promise<SendAck> {
      return socket.timeout(ACK_TIMEOUT_MS).emitWithAck(LIVECHAT_EVENTS.send, body);
    },
    typing(typing: boolean) {
      if (socket.connected) socket.volatile.emit(LIVECHAT_EVENTS.typing, { typing });
    },
    close() {
      socket.disconnect();
    },
  };
}

export type VisitorTransport = ReturnType<typeof connectVisitor>;
