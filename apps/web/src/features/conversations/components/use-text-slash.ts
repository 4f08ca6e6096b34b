import { useState, type KeyboardEvent, type RefObject } from 'react';
import type { SlashCommands, SlashMenu } from '@/components/rich-text/rich-text-editor';

/** Where the typed '/…' is: at the start or after a space, up to the caret. */
interface SlashAt {
  start: number;
  end: number;
  query: string;
}

/** The '/query' ending at the caret, if any. */
export function slashBefore(text: string, caret: number): SlashAt | null {
  const match = /(^|\s)\/(\S*)$/.exec(text.slice(0, caret));
  if (!match) return null;
  const start = caret - match[2]!.length - 1;
  return { start, end: caret, query: match[2]! };
}

/**
 * The reply palette's '/' list on a plain textarea (the chat's composer), with the keys the
 * rich editor gives it: ↑/↓ move, Enter or Tab choose, Esc closes. The chosen item's text
 * replaces '/query'.
 */
export function useTextSlash<Item>({
  area,
  value,
  onChange,
  commands,
}: {
  area: RefObject<HTMLTextAreaElement | null>;
  value: string;
  onChange: (text: string) => void;
  commands: SlashCommands<Item>;
}) {
  const [caret, setCaret] = useState(0);
  const [active, setActive] = useState(0);
  // Esc closes the list for that '/' (typing on opens it again).
  const [dismissedAt, setDismissedAt] = useState<string | null>(null);
  const at = slashBefore(value, Math.min(caret, value.length));
  const key = at ? `${at.start}:${at.query}` : null;
  const open = at !== null && key !== dismissedAt;
  const items = open ? commands.search(at.query) : [];
  const highlighted = Math.min(active, Math.max(0, items.length - 1));

  const replace = (text: string) => {
    if (!at) return;
    const next = value.slice(0, at.start) + text + value.slice(at.end);
    onChange(next);
    const position = at.start + text.length;
    setCaret(position);
    requestAnimationFrame(() => {
      area.current?.focus();
      area.current?.setSelectionRange(position, position);
    });
  };
  const choose = (index: number) => {
    const item = items[index];
    if (item === undefined) return;
    replace(commands.choose(item) ?? '');
    setActive(0);
  };
  const menu: SlashMenu<Item> | null = open
    ? {
        query: at.query,
        items,
        active: highlighted,
        highlight: setActive,
        choose,
        dismiss: () => replace(''),
      }
    : null;

  /** The keys the open list takes; true when it took this one. */
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>): boolean => {
    if (!menu) return false;
    if (event.key === 'Escape') {
      setDismissedAt(key);
      return true;
    }
    if (items.length === 0) return false;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((highlighted + step + items.length) % items.length);
      return true;
    }
    if ((event.key === 'Enter' && !event.shiftKey) || event.key === 'Tab') {
      choose(highlighted);
      return true;
    }
    return false;
  };

  /** Call with the textarea's caret after each change, click or key. */
  const track = (position: number) => {
    if (position !== caret) setActive(0);
    setCaret(position);
  };
  return { menu, onKeyDown, track };
}
