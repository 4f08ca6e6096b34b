import { z } from 'zod';

/**
 * Who else is on a record (a ticket now; conversations later): the browser joins the record's
 * room while its detail is open, says when the user is typing a reply, and hears who is there
 * and when someone else changed the record. Socket.io events, both directions.
 */
export const RECORD_PRESENCE_EVENTS = {
  /** Client → server: `{kind, id}`; acknowledged with `{ok}` (false: not allowed or unknown). */
  join: 'record:join',
  /** Client → server: `{kind, id}`. */
  leave: 'record:leave',
  /** Client → server: `{kind, id, typing}`. */
  typing: 'record:typing',
  /** Server → room: `RecordViewers` after anyone joins, leaves or starts/stops typing. */
  viewers: 'record:viewers',
  /** Server → room: `RecordChanged` after a change is saved. */
  changed: 'record:changed',
  /** Client → server: `{kind}` while a screen shows a list of that kind (joined again on reconnect). */
  listWatch: 'record:list-watch',
  /** Client → server: `{kind}` when no screen shows such a list any more. */
  listUnwatch: 'record:list-unwatch',
  /**
   * Server → the tenant's sockets watching lists of the kind: `{kind, id}` after a record of it
   * changed (the id only, no content). A tab without such a list open hears none of it.
   */
  listChanged: 'record:list-changed',
} as const;

export const WATCHABLE_KINDS = ['ticket'] as const;
export type WatchableKind = (typeof WATCHABLE_KINDS)[number];

export const recordWatchSchema = z.object({
  kind: z.enum(WATCHABLE_KINDS),
  id: z.uuid(),
});
export type RecordWatch = z.infer<typeof recordWatchSchema>;

export const listWatchSchema = z.object({ kind: z.enum(WATCHABLE_KINDS) });

export const recordTypingSchema = recordWatchSchema.extend({ typing: z.boolean() });

export interface RecordViewer {
  user_id: string;
  name: string;
  avatar_url: string | null;
  typing: boolean;
}
export interface RecordViewers extends RecordWatch {
  viewers: RecordViewer[];
}
export interface RecordChanged extends RecordWatch {
  by: { user_id: string; name: string };
  /** The fields that changed (names of the record's API fields), or 'comment'. */
  fields: string[];
  at: string;
}
