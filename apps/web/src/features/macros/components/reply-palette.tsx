import { useId } from 'react';
import { Link } from 'react-router';
import { FileText, X, Zap } from 'lucide-react';
import type { Macro, TicketPlaceholderValues } from '@omnicare/shared/macros/macros.schemas';
import { replyHtml } from '@omnicare/shared/macros/macros.schemas';
import { toSearchKey } from '@omnicare/shared/customers/normalize';
import {
  TEMPLATE_PLACEHOLDERS,
  renderTemplate,
  type PlaceholderKey,
} from '@omnicare/shared/templates/placeholders';
import type { MessageTemplate } from '@omnicare/shared/templates/templates.schemas';
import type { SlashCommands, SlashMenu } from '@/components/rich-text/rich-text-editor';
import { cn } from '@/lib/cn';
import { useCurrentUser } from '@/stores/session-store';
import { SampleText } from '@/features/templates/components/template-preview';
import { describeMacroChanges, hasMacroChanges, type MacroNames } from '../macro-changes';
import { useMacros, useReplyTemplates, useTicketPlaceholders } from '../macros.queries';
import { MACRO_TEXT, MY_MACROS_PATH } from '../macros-text';
import { useMacroNames } from '../use-macro-names';

/** One line of the '/' list: a macro or a message template. */
export type PaletteItem =
  | { kind: 'macro'; id: string; name: string; text: string; macro: Macro }
  | { kind: 'template'; id: string; name: string; text: string; shortcut: string | null };

/** How many lines the list shows at most. */
const PALETTE_MAX = 20;

const paletteItems = (macros: Macro[], templates: MessageTemplate[]): PaletteItem[] => [
  ...macros.map((macro) => ({
    kind: 'macro' as const,
    id: macro._id,
    name: macro.name,
    text: macro.body,
    macro,
  })),
  ...templates.map((template) => ({
    kind: 'template' as const,
    id: template._id,
    name: template.name,
    text: template.content,
    shortcut: template.shortcut,
  })),
];

/**
 * The items for the text typed after '/': its words in the name (case and diacritics aside),
 * or the start of a template's shortcut ('/chao' is found by 'ch'); macros (most used first)
 * before templates.
 */
export function searchPalette(items: PaletteItem[], query: string): PaletteItem[] {
  const key = toSearchKey(query);
  const words = key.split(' ').filter(Boolean);
  const shortcutKey = query.replace(/^\//, '').toLowerCase();
  return items
    .filter((item) => {
      if (words.length === 0) return true;
      const name = toSearchKey(item.name);
      if (words.every((word) => name.includes(word))) return true;
      return (
        item.kind === 'template' &&
        !!item.shortcut &&
        item.shortcut.replace(/^\//, '').toLowerCase().startsWith(shortcutKey)
      );
    })
    .slice(0, PALETTE_MAX);
}

/** Every placeholder's value for the preview: what the server did not fill stays empty. */
const previewValues = (values: TicketPlaceholderValues | undefined) =>
  Object.fromEntries(
    TEMPLATE_PLACEHOLDERS.map((placeholder) => [placeholder.key, values?.[placeholder.key] ?? '']),
  ) as Record<PlaceholderKey, string>;

/**
 * The reply box's '/' list for a ticket: macros and reply templates, a preview filled for this
 * ticket, and on Enter the filled text in the editor (as HTML, or as plain text for the chat's
 * composer). A public reply's macro with changes is given to `onMacro` (the chip above the
 * editor); a note takes the text only.
 */
export function useReplyPalette({
  ticketId,
  mode,
  onMacro,
  format = 'html',
}: {
  ticketId: string;
  mode: 'public' | 'internal';
  onMacro: (macro: Macro) => void;
  format?: 'html' | 'text';
}): SlashCommands<PaletteItem> {
  const me = useCurrentUser();
  const macros = useMacros();
  const templates = useReplyTemplates(me?._id);
  const placeholders = useTicketPlaceholders(ticketId, true);
  const items = paletteItems(macros.data?.data ?? [], templates.data ?? []);
  const names = useMacroNames((macros.data?.data ?? []).map((macro) => macro.actions));
  // Before the values arrive the placeholders stay as written, so nothing is lost.
  const fill = (text: string) =>
    placeholders.data ? renderTemplate(text, placeholders.data, 'blank') : text;
  return {
    search: (query) => searchPalette(items, query),
    choose: (item) => {
      if (item.kind === 'macro' && mode === 'public' && hasMacroChanges(item.macro.actions))
        onMacro(item.macro);
      if (!item.text.trim()) return null;
      return format === 'text' ? fill(item.text) : replyHtml(fill(item.text));
    },
    render: (menu) => (
      <PaletteMenu
        menu={menu}
        mode={mode}
        names={names}
        values={placeholders.data}
        loading={macros.isPending || templates.isPending}
      />
    ),
  };
}

function PaletteMenu({
  menu,
  mode,
  names,
  values,
  loading,
}: {
  menu: SlashMenu<PaletteItem>;
  mode: 'public' | 'internal';
  names: MacroNames;
  values: TicketPlaceholderValues | undefined;
  loading: boolean;
}) {
  const listId = useId();
  const active = menu.items[menu.active];
  const optionId = (index: number) => `${listId}-${index}`;
  return (
    <div
      data-testid="reply-palette"
      className="flex max-h-80 overflow-hidden rounded-lg border border-slate-200 bg-white text-sm shadow-lg"
      // Clicks inside keep the editor's focus and its typed '/…'.
      onMouseDown={(event) => event.preventDefault()}
    >
      <div className="flex w-72 shrink-0 flex-col border-r border-slate-100">
        {menu.items.length === 0 ? (
          <p className="px-3 py-4 text-xs text-slate-500">
            {loading ? 'Đang tải…' : MACRO_TEXT.paletteEmpty(menu.query)}
          </p>
        ) : (
          <ul
            id={listId}
            role="listbox"
            aria-label={MACRO_TEXT.palette}
            aria-activedescendant={active ? optionId(menu.active) : undefined}
            className="min-h-0 flex-1 overflow-y-auto p-1"
          >
            {menu.items.map((item, index) => (
              <li
                key={`${item.kind}-${item.id}`}
                id={optionId(index)}
                role="option"
                aria-selected={index === menu.active}
                className={cn(
                  'flex cursor-pointer items-start gap-2 rounded-md px-2 py-1.5',
                  index === menu.active ? 'bg-teal-50 text-teal-900' : 'text-slate-700',
                )}
                onMouseEnter={() => menu.highlight(index)}
                onClick={() => menu.choose(index)}
              >
                {item.kind === 'macro' ? (
                  <Zap className="mt-0.5 size-3.5 shrink-0 text-amber-600" aria-hidden />
                ) : (
                  <FileText className="mt-0.5 size-3.5 shrink-0 text-slate-400" aria-hidden />
                )}
                <span className="min-w-0 flex-1">
                  <span className="block truncate font-medium">{item.name}</span>
                  <span className="block truncate text-xs text-slate-500">
                    {item.kind === 'macro'
                      ? [
                          item.macro.shared ? MACRO_TEXT.shared : MACRO_TEXT.personal,
                          ...(hasMacroChanges(item.macro.actions)
                            ? [describeMacroChanges(item.macro.actions, names).join(', ')]
                            : []),
                        ].join(' · ')
                      : [MACRO_TEXT.templateKind, item.shortcut].filter(Boolean).join(' · ')}
                  </span>
                </span>
              </li>
            ))}
          </ul>
        )}
        <div className="flex items-center justify-between gap-2 border-t border-slate-100 px-3 py-1.5 text-[11px] text-slate-400">
          <span>{MACRO_TEXT.paletteHint}</span>
          <Link
            to={MY_MACROS_PATH}
            onClick={menu.dismiss}
            className="shrink-0 font-medium text-teal-700 hover:underline"
          >
            {MACRO_TEXT.manage}
          </Link>
        </div>
      </div>
      <section
        aria-label={MACRO_TEXT.preview}
        data-testid="reply-palette-preview"
        className="flex min-w-0 flex-1 flex-col gap-2 overflow-y-auto bg-slate-50 p-3"
      >
        {active && (
          <>
            <div className="flex items-center gap-2">
              <span
                className={cn(
                  'rounded px-1.5 py-0.5 text-[11px] font-medium',
                  active.kind === 'macro'
                    ? 'bg-amber-100 text-amber-900'
                    : 'bg-slate-200 text-slate-700',
                )}
              >
                {active.kind === 'macro' ? MACRO_TEXT.macroKind : MACRO_TEXT.templateKind}
              </span>
              <h3 className="truncate font-semibold text-slate-800">{active.name}</h3>
            </div>
            {active.text.trim() ? (
              <p className="rounded-md border border-slate-200 bg-white px-3 py-2 break-words whitespace-pre-wrap text-slate-800">
                <SampleText text={active.text} values={previewValues(values)} />
              </p>
            ) : (
              <p className="text-xs text-slate-500">{MACRO_TEXT.previewEmpty}</p>
            )}
            {active.kind === 'macro' && hasMacroChanges(active.macro.actions) && (
              <div className="text-xs">
                <p className="font-medium text-slate-600">{MACRO_TEXT.changes}</p>
                <ul className="mt-0.5 list-inside list-disc text-slate-700">
                  {describeMacroChanges(active.macro.actions, names).map((change) => (
                    <li key={change}>{change}</li>
                  ))}
                </ul>
                {mode === 'internal' && (
                  <p className="mt-1 text-amber-800">{MACRO_TEXT.chipInternal}</p>
                )}
              </div>
            )}
          </>
        )}
      </section>
    </div>
  );
}

/** The chosen macro above the editor: its name, what it will change, and a way to drop it. */
export function MacroChip({
  macro,
  mode,
  onRemove,
}: {
  macro: Macro;
  mode: 'public' | 'internal';
  onRemove: () => void;
}) {
  const names = useMacroNames([macro.actions]);
  const changes = describeMacroChanges(macro.actions, names);
  return (
    <div
      data-testid="macro-chip"
      className={cn(
        'flex items-start gap-2 rounded-md border px-2.5 py-1.5 text-xs',
        mode === 'public'
          ? 'border-amber-200 bg-amber-50 text-amber-950'
          : 'border-slate-200 bg-slate-50 text-slate-500',
      )}
    >
      <Zap className="mt-0.5 size-3.5 shrink-0 text-amber-600" aria-hidden />
      <span className="min-w-0 flex-1">
        <span className={cn(mode === 'internal' && 'line-through')}>
          <span className="font-medium">{MACRO_TEXT.chip(macro.name)}</span>
          {changes.length > 0 && <> · {changes.join(', ')}</>}
        </span>
        {mode === 'internal' && <span className="block">{MACRO_TEXT.chipInternal}</span>}
      </span>
      <button
        type="button"
        aria-label={MACRO_TEXT.removeChip(macro.name)}
        onClick={onRemove}
        className="rounded p-0.5 text-slate-500 hover:bg-white/70 hover:text-slate-900"
      >
        <X className="size-3.5" aria-hidden />
      </button>
    </div>
  );
}
