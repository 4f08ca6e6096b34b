import { create } from 'zustand';

/** A message the composer sent that the server has not answered yet (or refused). */
export interface PendingMessage {
  /** The sender's id of it (`client_message_id`): a retry sends it again, never a second one. */
  clientId: string;
  ticketId: string;
  body: string;
  public: boolean;
  files: readonly File[];
  created_at: string;
  state: 'sending' | 'failed';
  error?: string;
}

interface PendingState {
  byTicket: Record<string, PendingMessage[]>;
  add: (message: PendingMessage) => void;
  update: (ticketId: string, clientId: string, patch: Partial<PendingMessage>) => void;
  remove: (ticketId: string, clientId: string) => void;
}

/**
 * The bubbles of messages on their way, per conversation, kept while the agent moves between
 * conversations (a failed one waits for 'Gửi lại' with its files).
 */
export const usePendingMessages = create<PendingState>()((set) => ({
  byTicket: {},
  add: (message) =>
    set((state) => ({
      byTicket: {
        ...state.byTicket,
        [message.ticketId]: [...(state.byTicket[message.ticketId] ?? []), message],
      },
    })),
  update: (ticketId, clientId, patch) =>
    set((state) => ({
      byTicket: {
        ...state.byTicket,
        [ticketId]: (state.byTicket[ticketId] ?? []).map((message) =>
          message.clientId === clientId ? { ...message, ...patch } : message,
        ),
      },
    })),
  remove: (ticketId, clientId) =>
    set((state) => ({
      byTicket: {
        ...state.byTicket,
        [ticketId]: (state.byTicket[ticketId] ?? []).filter(
          (message) => message.clientId !== clientId,
        ),
      },
    })),
}));

const NONE: PendingMessage[] = [];
export const usePendingOf = (ticketId: string) =>
  usePendingMessages((state) => state.byTicket[ticketId] ?? NONE);
