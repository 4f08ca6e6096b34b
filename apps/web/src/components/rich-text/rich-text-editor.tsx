import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { EditorContent, useEditor, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import Placeholder from '@tiptap/extension-placeholder';
import Mention from '@tiptap/extension-mention';
import type { SuggestionKeyDownProps, SuggestionProps } from '@tiptap/suggestion';
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
 * Rich text as our users write replies and descriptions: bold, italic, lists, quotes, links, and
 * @mentions of staff (with `mentionSource`), stored as HTML (the server sanitises it again).
 * A mention goes out as `<span data-mention="{userId}">@name</span>`, the form the server keeps.
 */
export function RichTextEditor({
  value,
  onChange,
  placeholder,
  mentionSource,
  onKeystroke,
  label,
  invalid,
  className,
}: {
  value: string;
  onChange: (html: string) => void;
  placeholder?: string;
  mentionSource?: ComboboxSource;
  /** Every edit (for "is typing" signals). */
  onKeystroke?: () => void;
  label: string;
  invalid?: boolean;
  className?: string;
}) {
  const [menuStore] = useState(createMenuStore);
  const menu = useSyncExternalStore(menuStore.subscribe, menuStore.get);
  const callbacks = useRef({ onChange, onKeystroke });
  useEffect(() => {
    callbacks.current = { onChange, onKeystroke };
  });

  const editor = useEditor({
    extensions: [
      StarterKit.configure({ heading: false, codeBlock: false, horizontalRule: false }),
      Placeholder.configure({ placeholder: placeholder ?? '' }),
      ...(mentionSource ? [mentionExtension(mentionSource, menuStore)] : []),
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
function createMenuStore() {
  let menu: MentionMenu | null = null;
  const listeners = new Set<() => void>();
  return {
    get: () => menu,
    set(next: MentionMenu | null) {
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
