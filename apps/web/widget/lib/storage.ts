/**
 * What the widget keeps in the page's local storage, one key per channel
 * (`omnicare-livechat:<channel>`): the visitor token, the messages not yet acknowledged, and
 * whether the panel was open (so a navigation reopens it). Storage may be refused (private
 * modes, sandboxed frames): the widget then works for the page's lifetime only.
 */
export interface PendingMessage {
  client_message_id: string;
  body: string;
  created_at: string;
}

export interface VisitorRecord {
  token?: string;
  name?: string;
  pending?: PendingMessage[];
  open?: boolean;
}

export const storageKey = (channel: string) => `omnicare-livechat:${channel}`;

const memory = new Map<string, string>();

function storage(): Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> {
  try {
    const probe = window.localStorage;
    probe.getItem('');
    return probe;
  } catch {
    return {
      getItem: (key) => memory.get(key) ?? null,
      setItem: (key, value) => void memory.set(key, value),
      removeItem: (key) => void memory.delete(key),
    };
  }
}

export function readRecord(channel: string): VisitorRecord {
  try {
    const raw = storage().getItem(storageKey(channel));
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    return parsed && typeof parsed === 'object' ? (parsed as VisitorRecord) : {};
  } catch {
    return {};
  }
}

export function updateRecord(channel: string, change: Partial<VisitorRecord>): VisitorRecord {
  const next = { ...readRecord(channel), ...change };
  try {
    storage().setItem(storageKey(channel), JSON.stringify(next));
  } catch {
    // Full or refused: the page keeps working, a reload forgets.
  }
  return next;
}
