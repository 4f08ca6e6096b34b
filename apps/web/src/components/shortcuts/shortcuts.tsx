import { useEffect, useRef } from 'react';
import { Keyboard } from 'lucide-react';
import { create } from 'zustand';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';

/** One keyboard shortcut of a screen: the key, what it does in words, and the act. */
export interface Shortcut {
  /** A single key as `KeyboardEvent.key` gives it ('r', 'a', 'j', '/'). */
  key: string;
  label: string;
  run: () => void;
}

export const SHORTCUTS_TEXT = {
  title: 'Phím tắt',
  description: 'Dùng khi con trỏ không ở trong ô nhập liệu.',
  help: 'Hiện danh sách phím tắt',
  button: 'Phím tắt (?)',
  none: 'Màn hình này chưa có phím tắt riêng.',
} as const;

/** The shortcuts of the screen on show (one screen at a time) and whether their list is open. */
const useShortcutsStore = create<{
  screen: { current: readonly Shortcut[] } | null;
  open: boolean;
  setOpen: (open: boolean) => void;
}>((set) => ({ screen: null, open: false, setOpen: (open) => set({ open }) }));

/**
 * A screen's shortcuts (actions as data): active while it is shown, listed on '?' and by the
 * header's button. The latest `shortcuts` given are the ones run.
 */
export function useShortcuts(shortcuts: readonly Shortcut[]): void {
  const current = useRef(shortcuts);
  useEffect(() => {
    current.current = shortcuts;
  });
  useEffect(() => {
    const screen = current;
    useShortcutsStore.setState({ screen });
    return () => {
      if (useShortcutsStore.getState().screen === screen)
        useShortcutsStore.setState({ screen: null });
    };
  }, []);
}

/** Typing in a field, an editor or a menu owns the keys. */
const isTyping = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable ||
    ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName) ||
    target.closest('[role="listbox"], [role="menu"], [role="dialog"]') !== null);

/**
 * The frame's one listener: '?' lists the screen's shortcuts, a listed key runs its act. Keys with
 * a modifier, or pressed while typing, are left alone.
 */
export function ShortcutsHost() {
  const { screen, open, setOpen } = useShortcutsStore();
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented) return;
      if (isTyping(event.target)) return;
      if (event.key === '?') {
        event.preventDefault();
        useShortcutsStore.getState().setOpen(true);
        return;
      }
      const shortcuts = useShortcutsStore.getState().screen?.current ?? [];
      const shortcut = shortcuts.find((item) => item.key === event.key.toLowerCase());
      if (!shortcut) return;
      event.preventDefault();
      shortcut.run();
    };
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('keydown', onKey);
      useShortcutsStore.getState().setOpen(false);
    };
  }, []);
  const shortcuts = screen?.current ?? [];
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogContent className="max-w-sm">
        <DialogHeader>
          <DialogTitle>{SHORTCUTS_TEXT.title}</DialogTitle>
          <DialogDescription>{SHORTCUTS_TEXT.description}</DialogDescription>
        </DialogHeader>
        {shortcuts.length === 0 && <p className="text-sm text-slate-600">{SHORTCUTS_TEXT.none}</p>}
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

/** The header's '?': the list of the screen's shortcuts, for those who do not know the key. */
export function ShortcutsButton() {
  const setOpen = useShortcutsStore((state) => state.setOpen);
  return (
    <Button
      variant="ghost"
      size="icon-sm"
      aria-label={SHORTCUTS_TEXT.button}
      title={SHORTCUTS_TEXT.button}
      onClick={() => setOpen(true)}
      className="hidden sm:inline-flex"
    >
      <Keyboard aria-hidden="true" />
    </Button>
  );
}
