import { labelled } from '../platform/labelled.js';

/**
 * A ticket's conversation is its messages, whatever the channel: a public reply written in the
 * app, an internal note, an email, a livechat, Zalo or Facebook message. These are a message's
 * closed lists (the values are what the API and the database carry).
 */

/** Who wrote it: a staff member (`user`, an agent), the customer, a bot, or the system. */
export const MESSAGE_SENDER = labelled({
  user: 'Nhân viên',
  customer: 'Khách hàng',
  bot: 'Bot',
  system: 'Hệ thống',
});
export type MessageSender = (typeof MESSAGE_SENDER.values)[number];

/** From the customer (`in`) or to them (`out`); an internal note is `out` and not public. */
export const MESSAGE_DIRECTION = labelled({ in: 'Tin đến', out: 'Tin đi' });
export type MessageDirection = (typeof MESSAGE_DIRECTION.values)[number];

/** What the message holds; `event` is a line of the conversation's own (assigned, resolved…). */
export const MESSAGE_KIND = labelled({
  text: 'Văn bản',
  image: 'Hình ảnh',
  file: 'Tệp',
  sticker: 'Sticker',
  location: 'Vị trí',
  template: 'Tin mẫu',
  event: 'Sự kiện',
});
export type MessageKind = (typeof MESSAGE_KIND.values)[number];

/** How the body is written: sanitised HTML (ticket replies, email) or plain text (chat). */
export const MESSAGE_FORMAT = labelled({ html: 'HTML', text: 'Văn bản thuần' });
export type MessageFormat = (typeof MESSAGE_FORMAT.values)[number];

/**
 * Where an outgoing message sent through a channel stands, as the provider reports it; `failed`
 * keeps the provider's reason and code. A message no channel carries (a note, a reply on a ticket
 * without a channel) has no delivery state.
 */
export const DELIVERY_STATE = labelled({
  queued: 'Đang chờ gửi',
  sent: 'Đã gửi',
  delivered: 'Đã nhận',
  seen: 'Đã xem',
  failed: 'Gửi lỗi',
});
export type DeliveryState = (typeof DELIVERY_STATE.values)[number];

/** A delivery state only moves forward (a late 'delivered' after 'seen' changes nothing). */
export const DELIVERY_ORDER: Readonly<Record<DeliveryState, number>> = {
  queued: 0,
  sent: 1,
  delivered: 2,
  seen: 3,
  failed: 4,
};

/** Longest provider and client message ids kept (a longer one is refused). */
export const MESSAGE_ID_MAX = 200;
