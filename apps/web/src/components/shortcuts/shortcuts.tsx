import { useEffect, useRef, useState } from 'react';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';

/** One keyboard shortcut of a screen: the key, what it does in words, and the act. */
export interface Shortcut {
  /** A single key as `KeyboardEvent.key` gives it ('r', 'a', 'j'). */
  key: string;
  label: string;
  run: () => void;
}

export const SHORTCUTS_TEXT = {
  title: 'Phím tắt',
  description: 'Dùng khi con trỏ không ở trong ô nhập liệu.',
  help: 'Hiện danh sách phím tắt',
} as const;

/** Typing in a field, an editor or a menu owns the keys. */
const isTyping = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable ||
    ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName) ||
    target.closest('[role="listbox"], [role="menu"], [role="dialog"]') !== null);

/**
 * A screen's shortcuts (actions as data: key, label, act) and '?' to list them. Keys with a
 * modifier, or pressed while typing, are left alone.
 */
export function ShortcutsOverlay({ shortcuts }: { shortcuts: readonly Shortcut[] }) {
  const [open, setOpen] = useState(false);
  const current = useRef(shortcuts);
  useEffect(() => {
    current.current = shortcuts;
  });
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented) return;
      if (isTyping(event.target)) return;
      if (event.key === '?') {
        event.preventDefault();
        setOpen(true);
        return;
      }
      const shortcut = current.current.find((item) => item.key === event.key.toLowerCase());
      if (!shortcut) return;
      event.preventDefault();
      shortcut.run();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogContent className="max-w-sm">
        <DialogHeader>
          <DialogTitle>{SHORTCUTS_TEXT.title}</DialogTitle>
          <DialogDescription>{SHORTCUTS_TEXT.description}</DialogDescription>
        </DialogHeader>
        <dl className="grid grid-cols-[auto_1fr] items-center gap-x-4 gap-y-2 text-sm">
          {[...shortcuts, { key: '?', label: SHORTCUTS_TEXT.help }].map((item) => (
            <div key={item.key} className="contents">
              <dt>
                <kbd className="rounded border border-slate-300 bg-slate-50 px-2 py-0.5 font-mono text-xs uppercase">
                  {item.key}
                </kbd>
              </dt>
              <dd>{item.label}</dd>
            </div>
          ))}
        </dl>
      </DialogContent>
    </Dialog>
  );
}
