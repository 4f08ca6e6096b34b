import { useEffect, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { EditorContent, Extension, useEditor, type Editor, type Range } from '@tiptap/react';
import { PluginKey } from '@tiptap/pm/state';
import StarterKit from '@tiptap/starter-kit';
import Placeholder from '@tiptap/extension-placeholder';
import Mention from '@tiptap/extension-mention';
import { Suggestion, type SuggestionKeyDownProps, type SuggestionProps } from '@tiptap/suggestion';
import { Bold, Italic, List, ListOrdered, Quote } from 'lucide-react';
import type { ComboOption, ComboboxSource } from '@/components/ui/use-combobox-source';
import { cn } from '@/lib/cn';

/** How many staff the @ list offers at once. */
const MENTION_OPTIONS = 8;

interface MentionMenu {
  options: ComboOption[];
  active: number;
  /** Where the typed '@…' sits, relative to the editor box. */
  top: number;
  left: number;
  choose: (option: ComboOption) => void;
}

/**
 * A list the editor opens when '/' is typed at the start of a line or after a space (the reply
 * box's macros and message templates). The caller searches and draws it; the editor keeps the
 * keys: ↑/↓ move, Enter chooses, Esc closes.
 */
export interface SlashCommands<Item> {
  /** The items for the text typed after '/' (may be empty). */
  search: (query: string) => Item[];
  /** What choosing an item puts where '/query' was (HTML), or null for nothing. */
  choose: (item: Item) => string | null;
  render: (menu: SlashMenu<Item>) => ReactNode;
}

/** The open '/' list as its caller draws it. */
export interface SlashMenu<Item> {
  query: string;
  items: Item[];
  active: number;
  highlight: (index: number) => void;
  choose: (index: number) => void;
  /** Closes the list and takes the typed '/…' out of the text (a link out of the list). */
  dismiss: () => void;
}

/** Where the typed '/…' is and which item is highlighted. */
interface SlashState {
  query: string;
  range: Range;
  active: number;
  /** The list opens above the line when there is no room below it. */
  place: { top: number } | { bottom: number };
}

/**
 * Rich text as our users write replies and descriptions: bold, italic, lists, quotes, links, and
 * @mentions of staff (with `mentionSource`), stored as HTML (the server sanitises it again).
 * A mention goes out as `<span data-mention="{userId}">@name</span>`, the form the server keeps.
 */
export function RichTextEditor<Item = never>({
  value,
  onChange,
  placeholder,
  mentionSource,
  slashCommands,
  onKeystroke,
  label,
  invalid,
  className,
}: {
  value: string;
  onChange: (html: string) => void;
  placeholder?: string;
  mentionSource?: ComboboxSource;
  /** The '/' list; given or not for the editor's whole life. */
  slashCommands?: SlashCommands<Item>;
  /** Every edit (for "is typing" signals). */
  onKeystroke?: () => void;
  label: string;
  invalid?: boolean;
  className?: string;
}) {
  const [menuStore] = useState(createMenuStore);
  const menu = useSyncExternalStore(menuStore.subscribe, menuStore.get);
  const [slashStore] = useState(() => createStore<SlashState>());
  const slash = useSyncExternalStore(slashStore.subscribe, slashStore.get);
  const slashItems = slash && slashCommands ? slashCommands.search(slash.query) : [];
  const callbacks = useRef({ onChange, onKeystroke });
  // What the '/' plugin's key handler reads: the items shown now and how to choose one.
  const [slashNow] = useState(() => createStore<SlashNow>());
  useEffect(() => {
    callbacks.current = { onChange, onKeystroke };
  });

  const editor = useEditor({
    extensions: [
      StarterKit.configure({ heading: false, codeBlock: false, horizontalRule: false }),
      Placeholder.configure({ placeholder: placeholder ?? '' }),
      ...(mentionSource ? [mentionExtension(mentionSource, menuStore)] : []),
      ...(slashCommands ? [slashExtension(slashStore, slashNow)] : []),
    ],
    content: value,
    editorProps: {
      attributes: {
        'aria-label': label,
        'aria-multiline': 'true',
        role: 'textbox',
        class: 'prose-sm min-h-24 px-3 py-2 outline-none',
      },
    },
    onUpdate: ({ editor: changed }) => {
      callbacks.current.onChange(changed.isEmpty ? '' : changed.getHTML());
      callbacks.current.onKeystroke?.();
    },
  });

  const chooseSlash = (index: number) => {
    const item = slashItems[index];
    if (!editor || !slash || item === undefined || !slashCommands) return;
    const html = slashCommands.choose(item);
    slashStore.set(null);
    editor
      .chain()
      .focus()
      .insertContentAt(slash.range, html ?? '')
      .run();
  };
  const dismissSlash = () => {
    if (!editor || !slash) return;
    slashStore.set(null);
    editor.chain().deleteRange(slash.range).run();
  };
  useEffect(() => {
    slashNow.set({ items: slashItems, choose: chooseSlash });
  });

  // A value set from outside (a template applied, a draft restored, cleared after sending).
  useEffect(() => {
    if (!editor) return;
    const current = editor.isEmpty ? '' : editor.getHTML();
    if (value !== current) editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  return (
    <div
      data-rich-text
      className={cn(
        'relative rounded-md border border-slate-300 bg-white focus-within:border-teal-600 focus-within:ring-2 focus-within:ring-teal-600/25',
        invalid && 'border-red-500',
        className,
      )}
    >
      {editor && <Toolbar editor={editor} />}
      <EditorContent editor={editor} />
      {menu && menu.options.length > 0 && (
        <ul
          role="listbox"
          aria-label="Nhắc tên nhân viên"
          className="absolute z-50 max-h-64 w-64 overflow-auto rounded-md border bg-popover p-1 shadow-md"
          style={{ top: menu.top, left: menu.left }}
        >
          {menu.options.map((option, index) => (
            <li
              key={option.value}
              role="option"
              aria-selected={index === menu.active}
              className={cn(
                'cursor-pointer rounded px-2 py-1 text-sm',
                index === menu.active && 'bg-accent',
              )}
              onMouseDown={(event) => {
                event.preventDefault();
                menu.choose(option);
              }}
            >
              <div>{option.label}</div>
              {option.hint && <div className="text-xs text-muted-foreground">{option.hint}</div>}
            </li>
          ))}
        </ul>
      )}
      {slash && slashCommands && (
        <div className="absolute right-0 left-0 z-50" style={slash.place}>
          {slashCommands.render({
            query: slash.query,
            items: slashItems,
            active: Math.min(slash.active, Math.max(slashItems.length - 1, 0)),
            highlight: (index) => slashStore.set({ ...slash, active: index }),
            choose: chooseSlash,
            dismiss: dismissSlash,
          })}
        </div>
      )}
    </div>
  );
}

function Toolbar({ editor }: { editor: Editor }) {
  const buttons = [
    { label: 'In đậm', icon: Bold, active: 'bold', run: () => editor.chain().focus().toggleBold() },
    {
      label: 'In nghiêng',
      icon: Italic,
      active: 'italic',
      run: () => editor.chain().focus().toggleItalic(),
    },
    {
      label: 'Danh sách',
      icon: List,
      active: 'bulletList',
      run: () => editor.chain().focus().toggleBulletList(),
    },
    {
      label: 'Danh sách đánh số',
      icon: ListOrdered,
      active: 'orderedList',
      run: () => editor.chain().focus().toggleOrderedList(),
    },
    {
      label: 'Trích dẫn',
      icon: Quote,
      active: 'blockquote',
      run: () => editor.chain().focus().toggleBlockquote(),
    },
  ];
  return (
    <div className="flex gap-1 border-b border-slate-200 px-2 py-1">
      {buttons.map(({ label, icon: Icon, active, run }) => (
        <button
          key={label}
          type="button"
          title={label}
          aria-label={label}
          aria-pressed={editor.isActive(active)}
          className={cn(
            'rounded p-1 text-muted-foreground hover:bg-accent',
            editor.isActive(active) && 'bg-accent text-foreground',
          )}
          onClick={() => run().run()}
        >
          <Icon className="size-4" aria-hidden />
        </button>
      ))}
    </div>
  );
}

/** The open @ list, outside React so the editor's plugin can drive it. */
const createMenuStore = () => createStore<MentionMenu>();

/** A value outside React (an open list) that the editor's plugins set and React renders. */
function createStore<T>() {
  let menu: T | null = null;
  const listeners = new Set<() => void>();
  return {
    get: () => menu,
    set(next: T | null) {
      menu = next;
      for (const listener of listeners) listener();
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
type MenuStore = ReturnType<typeof createMenuStore>;

/** Room the '/' list needs below the line before it opens above it instead. */
const SLASH_LIST_HEIGHT = 340;

/** The items the '/' list shows now and how to choose one (read by the plugin's keys). */
interface SlashNow {
  items: unknown[];
  choose: (index: number) => void;
}

function slashExtension(
  store: ReturnType<typeof createStore<SlashState>>,
  now: { get: () => SlashNow | null },
) {
  const open = (props: SuggestionProps) => {
    const rect = props.clientRect?.();
    const outer = props.editor.view.dom.closest('[data-rich-text]')?.getBoundingClientRect();
    const below = !rect || window.innerHeight - rect.bottom > SLASH_LIST_HEIGHT;
    const place =
      rect && outer
        ? below
          ? { top: rect.bottom - outer.top + 4 }
          : { bottom: outer.bottom - rect.top + 4 }
        : { top: 0 };
    const before = store.get();
    store.set({
      query: props.query,
      range: props.range,
      // The highlight goes back to the first item whenever the search changes.
      active: before && before.query === props.query ? before.active : 0,
      place,
    });
  };
  return Extension.create({
    name: 'slashCommands',
    addProseMirrorPlugins() {
      return [
        Suggestion({
          editor: this.editor,
          pluginKey: new PluginKey('slashCommands'),
          char: '/',
          render: () => ({
            onStart: open,
            onUpdate: open,
            onExit: () => store.set(null),
            onKeyDown: ({ event }: SuggestionKeyDownProps) => {
              const state = store.get();
              if (!state) return false;
              if (event.key === 'Escape') {
                store.set(null);
                return true;
              }
              const { items = [], choose } = now.get() ?? {};
              if (!choose || items.length === 0) return false;
              if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
                const step = event.key === 'ArrowDown' ? 1 : items.length - 1;
                store.set({ ...state, active: (state.active + step) % items.length });
                return true;
              }
              if (event.key === 'Enter' || event.key === 'Tab') {
                choose(Math.min(state.active, items.length - 1));
                return true;
              }
              return false;
            },
          }),
        }),
      ];
    },
  });
}

function mentionExtension(source: ComboboxSource, store: MenuStore) {
  const setMenu = store.set;
  const place = (props: SuggestionProps<ComboOption>, active: number): MentionMenu => {
    const rect = props.clientRect?.();
    const outer = props.editor.view.dom.closest('[data-rich-text]')?.getBoundingClientRect();
    return {
      options: props.items,
      active,
      top: rect && outer ? rect.bottom - outer.top + 4 : 0,
      left: rect && outer ? rect.left - outer.left : 0,
      choose: (option) => props.command({ id: option.value, label: option.label }),
    };
  };
  return Mention.configure({
    HTMLAttributes: { class: 'rounded bg-accent px-0.5 font-medium' },
    // The editor reads back its own attributes (a restored draft); the server keeps data-mention.
    renderHTML: ({ options, node }) => [
      'span',
      {
        ...options.HTMLAttributes,
        'data-type': 'mention',
        'data-id': node.attrs.id,
        'data-label': node.attrs.label,
        'data-mention': node.attrs.id,
      },
      `@${node.attrs.label ?? ''}`,
    ],
    suggestion: {
      char: '@',
      items: async ({ query }) => {
        const controller = new AbortController();
        const page = await source
          .search({ keyword: query, page: 1, signal: controller.signal })
          .catch(() => ({ options: [], hasMore: false }));
        return page.options.slice(0, MENTION_OPTIONS);
      },
      render: () => ({
        onStart: (props) => setMenu(place(props, 0)),
        onUpdate: (props) => setMenu(place(props, 0)),
        onExit: () => setMenu(null),
        onKeyDown: ({ event }: SuggestionKeyDownProps) => {
          const menu = store.get();
          if (!menu || menu.options.length === 0) return false;
          const count = menu.options.length;
          if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
            const step = event.key === 'ArrowDown' ? 1 : count - 1;
            setMenu({ ...menu, active: (menu.active + step) % count });
            return true;
          }
          if (event.key === 'Enter' || event.key === 'Tab') {
            const option = menu.options[menu.active];
            if (option) menu.choose(option);
            return true;
          }
          if (event.key === 'Escape') {
            setMenu(null);
            return true;
          }
          return false;
        },
      }),
    },
  });
}

/** The staff ids mentioned in a piece of rich text (each once, in order). */
export function mentionedIds(html: string): string[] {
  const ids: string[] = [];
  const document = new DOMParser().parseFromString(html, 'text/html');
  for (const node of document.querySelectorAll('span[data-mention]')) {
    const id = node.getAttribute('data-mention');
    if (id && !ids.includes(id)) ids.push(id);
  }
  return ids;
}
