import type { InfiniteData } from '@tanstack/react-query';
import type { TicketCommentView } from '@omnicare/shared/tickets/ticket-comments.schemas';
import { DELIVERY_ORDER } from '@omnicare/shared/conversations/message-enums';
import { MESSAGES_PAGE_SIZE, type MessagePage } from '../conversations.api';

/** The conversation as the query cache keeps it: pages oldest first (page 0 asked the latest). */
export type MessagesData = InfiniteData<MessagePage>;

/** Every message once, oldest first (pages read at different times may overlap). */
export function messagesOf(data: MessagesData | undefined): TicketCommentView[] {
  const seen = new Map<string, TicketCommentView>();
  for (const page of data?.pages ?? [])
    for (const message of page.data) seen.set(message._id, message);
  return [...seen.values()].sort((a, b) => a.created_at.localeCompare(b.created_at));
}

/**
 * A copy heard again, keeping the further delivery state of the two: the answer to a send can
 * arrive after the conversation was read again with the provider's 'Đã gửi' (a delivery state
 * only moves forward).
 */
function newerCopy(held: TicketCommentView, heard: TicketCommentView): TicketCommentView {
  if (
    held.delivery &&
    heard.delivery &&
    DELIVERY_ORDER[held.delivery.state] > DELIVERY_ORDER[heard.delivery.state]
  )
    return { ...heard, delivery: held.delivery };
  return heard;
}

/** The conversation with this message in it (a message heard again replaces its copy). */
export function withMessage(data: MessagesData, message: TicketCommentView): MessagesData {
  const there = data.pages.some((page) => page.data.some((item) => item._id === message._id));
  if (there)
    return {
      ...data,
      pages: data.pages.map((page) => ({
        ...page,
        data: page.data.map((item) => (item._id === message._id ? newerCopy(item, message) : item)),
      })),
    };
  const last = data.pages.at(-1);
  if (!last) return data;
  return {
    ...data,
    pages: [
      ...data.pages.slice(0, -1),
      { ...last, data: [...last.data, message], total: last.total + 1 },
    ],
  };
}

/**
 * The page after `last` toward the latest. The conversation is first read at its latest page and
 * older ones are added before it; read again (after a gap), the pages are read from the oldest
 * loaded one forward, so this brings the latest messages back.
 */
export const nextMessagePage = (last: MessagePage): number | undefined =>
  last.page < Math.ceil(last.total / MESSAGES_PAGE_SIZE) ? last.page + 1 : undefined;
