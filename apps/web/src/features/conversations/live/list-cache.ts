import type { InfiniteData } from '@tanstack/react-query';
import type {
  ConversationBox,
  ConversationListAnswer,
  ConversationRow,
} from '@omnicare/shared/conversations/conversations.schemas';
import { CONVERSATION_BOX } from '@omnicare/shared/conversations/conversations.schemas';
import { toSearchKey } from '@omnicare/shared/customers/normalize';
import { isUnsolved } from '@omnicare/shared/tickets/ticket-enums';
import type { TicketCommentView } from '@omnicare/shared/tickets/ticket-comments.schemas';
import type { ConversationFilters } from '../conversations.api';
import type { HeardEvent } from './heard-while-reading';

/**
 * The list as the query cache keeps it, changed by the live events without asking the server:
 * a row that appears or changes goes where its last activity puts it, or leaves the list when
 * it no longer matches the box and filters shown.
 */
export type ListData = InfiniteData<ConversationListAnswer>;

/** Whether the row belongs in this list, as far as the row tells (a search: only known rows). */
export function rowMatches(
  row: ConversationRow,
  filters: ConversationFilters,
  me: string | undefined,
): boolean {
  if (!inBox(row, filters.box, me)) return false;
  if ((filters.state === 'open') !== isUnsolved(row.status)) return false;
  if (filters.source && row.source !== filters.source) return false;
  if (filters.group_id && row.group?._id !== filters.group_id) return false;
  if (filters.tag_id && !row.tags.some((tag) => tag._id === filters.tag_id)) return false;
  return true;
}

export function inBox(row: ConversationRow, box: ConversationBox, me: string | undefined) {
  if (box === 'mine') return !!me && row.assignee?._id === me;
  if (box === 'unassigned') return row.assignee === null;
  return true;
}

/** What the search box could find by the row itself: the customer's name or the code. */
function searchMatches(row: ConversationRow, q: string | undefined): boolean | undefined {
  if (!q) return true;
  const key = toSearchKey(q);
  if (toSearchKey(row.customer?.name).includes(key) || row.code.includes(q.trim())) return true;
  // A phone or an email the row does not carry: the server knows, the row cannot say no.
  return undefined;
}

const newestFirst = (a: ConversationRow, b: ConversationRow) =>
  b.last_activity_at.localeCompare(a.last_activity_at);

/** A conversation counts in a box's unread number while it is open and has unread messages. */
const countsIn = (row: ConversationRow | undefined, box: ConversationBox, me?: string) =>
  !!row && row.unread > 0 && isUnsolved(row.status) && inBox(row, box, me);

/** The boxes' unread numbers once `before` became `after` (either may be unknown or gone). */
export function shiftUnread(
  unread: ConversationListAnswer['unread'],
  before: ConversationRow | undefined,
  after: ConversationRow | undefined,
  me: string | undefined,
): ConversationListAnswer['unread'] {
  const next = { ...unread };
  for (const box of CONVERSATION_BOX) {
    const delta = Number(countsIn(after, box, me)) - Number(countsIn(before, box, me));
    next[box] = Math.max(0, next[box] + delta);
  }
  return next;
}

export const rowsOf = (data: ListData | undefined) =>
  data?.pages.flatMap((page) => page.data) ?? [];

/** The row as this list knows it. */
export const findRow = (data: ListData | undefined, id: string) =>
  rowsOf(data).find((row) => row._id === id);

/**
 * Puts `row` where it belongs (or takes it out): the pages keep their lengths' spirit: a row
 * sorted past the last one loaded is left for the next page to bring.
 */
export function placeRow(
  data: ListData,
  row: ConversationRow,
  filters: ConversationFilters,
  me: string | undefined,
  known: ConversationRow | undefined,
): ListData {
  const present = !!findRow(data, row._id);
  const search = searchMatches(row, filters.q);
  const keep =
    rowMatches(row, filters, me) && (search === true || (search === undefined && present));
  const pages = data.pages.map((page) => ({
    ...page,
    data: page.data.filter((item) => item._id !== row._id),
  }));
  if (keep) {
    const loaded = pages.flatMap((page) => page.data);
    const last = loaded.at(-1);
    const hasMore = pages.at(-1)?.next_cursor != null;
    const pastTheEnd = hasMore && last && newestFirst(row, last) > 0;
    if (!pastTheEnd) {
      const index = pages.findIndex((page) =>
        page.data.some((item) => newestFirst(row, item) <= 0),
      );
      const at = index === -1 ? pages.length - 1 : index;
      const target = pages[at];
      if (target) {
        const rows = [...target.data, row].sort(newestFirst);
        pages[at] = { ...target, data: rows };
      }
    }
  }
  return withUnread(pages, data, known, row, me);
}

/** Takes the row out of the list (it moved away or was deleted). */
export function dropRow(data: ListData, id: string, me: string | undefined): ListData {
  const known = findRow(data, id);
  const pages = data.pages.map((page) => ({
    ...page,
    data: page.data.filter((item) => item._id !== id),
  }));
  return withUnread(pages, data, known, undefined, me);
}

/** The unread numbers live on the first page, as the server answers them. */
function withUnread(
  pages: ListData['pages'],
  data: ListData,
  before: ConversationRow | undefined,
  after: ConversationRow | undefined,
  me: string | undefined,
): ListData {
  const [first, ...rest] = pages;
  if (!first) return { ...data, pages };
  return {
    ...data,
    pages: [{ ...first, unread: shiftUnread(first.unread, before, after, me) }, ...rest],
  };
}

const PREVIEW_LENGTH = 140;

/** The row's last message line, as the server words it (plain text, 140 characters). */
export function previewOf(message: TicketCommentView): string {
  const text =
    message.body_format === 'html'
      ? (new DOMParser().parseFromString(message.body, 'text/html').body.textContent ?? '')
      : message.body;
  return text.replace(/\s+/g, ' ').trim().slice(0, PREVIEW_LENGTH);
}

/**
 * The row after a message written in it: its last message and activity, and one more unread
 * when the customer wrote and nobody is reading it here. A row that already shows this message
 * (its upsert came first) stays as it is.
 */
export function bumpRow(
  row: ConversationRow,
  message: TicketCommentView,
  readingHere: boolean,
): ConversationRow {
  if (row.last_message && row.last_message.created_at >= message.created_at) return row;
  const fromCustomer = message.author_type === 'customer';
  return {
    ...row,
    last_message: {
      author_type: message.author_type,
      kind: message.kind,
      public: message.public,
      preview: previewOf(message),
      created_at: message.created_at,
    },
    last_activity_at:
      row.last_activity_at > message.created_at ? row.last_activity_at : message.created_at,
    unread: fromCustomer && !readingHere ? row.unread + 1 : row.unread,
    waiting_since: fromCustomer
      ? (row.waiting_since ?? message.created_at)
      : message.author_type === 'user' && message.public
        ? null
        : row.waiting_since,
  };
}

/** The list once the events heard while it was read are applied to it again, in their order. */
export function withHeard(
  data: ListData,
  heard: readonly HeardEvent[],
  filters: ConversationFilters,
  me: string | undefined,
): ListData {
  return heard.reduce((list, event) => {
    if (event.kind === 'upsert')
      return placeRow(list, event.row, filters, me, findRow(list, event.row._id));
    if (event.kind === 'remove') return dropRow(list, event.id, me);
    const row = findRow(list, event.conversation_id);
    return row ? placeRow(list, bumpRow(row, event.message, false), filters, me, row) : list;
  }, data);
}
