import { h, icon } from '../../lib/dom';
import { ICON } from '../../lib/icons';
import { formatSize, isImageType } from '../files';
import type { ShownMessage } from '../messages';
import { clock, withDays } from '../time';

export interface MessageListDeps {
  /** An object URL of an attachment's bytes (fetched once with the visitor's token). */
  objectUrl(url: string): Promise<string>;
  retry(clientMessageId: string): void;
}

const STATUS = { sending: 'Đang gửi…', sent: 'Đã gửi', seen: 'Đã xem' } as const;

/**
 * The conversation's list: day lines, the team's messages on the left with the writer's name,
 * the visitor's on the right with their state. Every text goes in as `textContent`. Rows are
 * kept by message and redrawn only when what they show changed, so images load once.
 */
export function createMessageList(deps: MessageListDeps) {
  const list = h('div', {
    class: 'oc-list',
    role: 'log',
    'aria-live': 'polite',
    'aria-label': 'Tin nhắn',
    tabindex: 0,
  });
  const typing = h('div', { class: 'oc-typing', 'aria-label': 'Nhân viên đang nhập…' });
  typing.append(h('i'), h('i'), h('i'));
  const rows = new Map<string, { signature: string; element: HTMLElement }>();
  // Follow the end while the visitor is there; leave them where they scrolled to otherwise.
  let stick = true;
  list.addEventListener('scroll', () => {
    stick = list.scrollHeight - list.scrollTop - list.clientHeight < 80;
  });
  const follow = () => {
    if (stick) list.scrollTop = list.scrollHeight;
  };

  function attachment(item: ShownMessage['attachments'][number]): HTMLElement {
    const open = (download: boolean) =>
      deps.objectUrl(item.url).then((href) => {
        const link = h('a', { href, target: '_blank', rel: 'noopener' });
        if (download) link.download = item.file_name;
        link.click();
      });
    if (isImageType(item.content_type)) {
      const image = h('img', { alt: item.file_name });
      const button = h('button', { type: 'button', class: 'oc-img', title: item.file_name }, image);
      deps.objectUrl(item.url).then(
        (src) => {
          image.addEventListener('load', follow, { once: true });
          image.src = src;
        },
        () => {
          button.textContent = item.file_name;
        },
      );
      button.addEventListener('click', () => void open(false).catch(() => undefined));
      return button;
    }
    const button = h(
      'button',
      { type: 'button', class: 'oc-file', title: `Tải xuống ${item.file_name}` },
      icon(ICON.file, 22),
      h('span', {}, h('span', {}, item.file_name), h('small', {}, formatSize(item.size))),
    );
    button.addEventListener('click', () => void open(true).catch(() => undefined));
    return button;
  }

  function messageRow(message: ShownMessage, showAuthor: boolean, showStatus: boolean) {
    if (message.kind === 'event') return h('div', { class: 'oc-event' }, message.body);
    const mine = message.direction === 'in';
    const onlyImages =
      !message.body && message.attachments.every((item) => isImageType(item.content_type));
    const bubble = h('div', { class: onlyImages ? 'oc-bubble oc-media' : 'oc-bubble' });
    for (const item of message.attachments) bubble.append(attachment(item));
    const captionIsName = message.attachments.some((item) => item.file_name === message.body);
    if (message.body && !captionIsName) bubble.append(h('p', { class: 'oc-text' }, message.body));
    const meta = h('div', { class: 'oc-meta' }, h('span', {}, clock(message.created_at)));
    if (message.local === 'failed') {
      const retry = h('button', { type: 'button', class: 'oc-link' }, 'Gửi lại');
      retry.addEventListener('click', () => deps.retry(message.client_message_id as string));
      meta.append(h('span', { class: 'oc-failed' }, message.error || 'Gửi lỗi'), retry);
    } else if (mine && (showStatus || message.local)) {
      meta.append(
        h('span', {}, message.local ? STATUS.sending : message.seen ? STATUS.seen : STATUS.sent),
      );
    }
    return h(
      'div',
      {
        class: `oc-row oc-row-${mine ? 'in' : 'out'}${showAuthor ? '' : ' oc-row-same'}${
          message.local === 'sending' ? ' oc-sending' : ''
        }`,
      },
      !mine && showAuthor && message.author_name
        ? h('div', { class: 'oc-author' }, message.author_name)
        : null,
      bubble,
      meta,
    );
  }

  function render(messages: ShownMessage[], agentTyping: boolean, tail?: HTMLElement): void {
    const lastMine = messages.reduce(
      (last, message, index) => (message.direction === 'in' && !message.local ? index : last),
      -1,
    );
    const next: HTMLElement[] = [];
    const used = new Set<string>();
    let previous: ShownMessage | undefined;
    for (const row of withDays(messages)) {
      if (row.kind === 'day') {
        previous = undefined;
        const key = `day:${row.key}`;
        const kept = rows.get(key);
        const element =
          kept && kept.signature === row.label
            ? kept.element
            : h('div', { class: 'oc-day' }, row.label);
        rows.set(key, { signature: row.label, element });
        used.add(key);
        next.push(element);
        continue;
      }
      const message = row.message;
      const showAuthor =
        !previous ||
        previous.direction !== message.direction ||
        previous.author_name !== message.author_name ||
        previous.kind === 'event';
      const showStatus = messages.indexOf(message) === lastMine;
      const key = message.client_message_id || message._id;
      const signature = [
        message._id,
        message.body,
        message.seen,
        message.local,
        message.error,
        message.attachments.length,
        showAuthor,
        showStatus,
        clock(message.created_at),
      ].join('|');
      const kept = rows.get(key);
      const element =
        kept && kept.signature === signature
          ? kept.element
          : messageRow(message, showAuthor, showStatus);
      rows.set(key, { signature, element });
      used.add(key);
      next.push(element);
      previous = message;
    }
    for (const key of Array.from(rows.keys())) if (!used.has(key)) rows.delete(key);
    if (agentTyping) next.push(typing);
    if (tail) next.push(tail);
    // Move what stays, add what is new, drop what went (kept nodes keep their loaded images).
    next.forEach((element, index) => {
      if (list.children[index] !== element)
        list.insertBefore(element, list.children[index] || null);
    });
    while (list.children.length > next.length) list.removeChild(list.lastChild as Node);
    follow();
  }

  return {
    element: list,
    render,
    scrollToEnd() {
      stick = true;
      follow();
    },
  };
}
