import { useState } from 'react';
import type { Macro, MacroApplied } from '@omnicare/shared/macros/macros.schemas';
import { applyMacro } from './macros.api';
import { MacroChip, useReplyPalette } from './components/reply-palette';

/** Where a reply box keeps its chosen macro (the ticket tab's draft, the chat's conversation). */
export interface MacroStore {
  read: () => Macro | null;
  write: (macro: Macro | null) => void;
}

/** What a send made: the reply posted on its own, and the macro applied (with its message). */
export interface ReplySent<Posted> {
  posted?: Posted;
  applied?: MacroApplied & { message: string };
}

/**
 * One reply box's macro, shared by the ticket's reply box and the chat's composer: the '/' list
 * (`palette`), the macro a public reply will apply (`macro`, shown by `chip` above the editor,
 * kept by `store`), and `send`, which posts the reply and applies the macro's changes:
 *
 * - no macro, or an internal note: the reply alone, by `post`;
 * - `inMacro` given (the reply box's rich text without files): the reply and the changes in one
 *   request, `POST /v2/tickets/{id}/macros/{macroId}`;
 * - otherwise (files, the chat's plain text with its client id): the reply by `post` first, then
 *   the macro's changes alone.
 *
 * The macro is dropped once applied; a failure leaves it chosen, to send again.
 */
export function useReplyMacro({
  ticketId,
  mode,
  format = 'html',
  store,
}: {
  ticketId: string;
  mode: 'public' | 'internal';
  format?: 'html' | 'text';
  store?: MacroStore;
}) {
  const [macro, setMacro] = useState<Macro | null>(() => store?.read() ?? null);
  const choose = (value: Macro | null) => {
    setMacro(value);
    store?.write(value);
  };
  const palette = useReplyPalette({ ticketId, mode, onMacro: choose, format });
  /** Whether sending now applies the macro (a public reply with one chosen). */
  const applies = macro !== null && mode === 'public';
  async function send<Posted>({
    post,
    inMacro,
  }: {
    /** The reply on its own; null: there is none (a macro making its changes only). */
    post: (() => Promise<Posted>) | null;
    /** The reply as the macro's request takes it, when it may go there. */
    inMacro?: string;
  }): Promise<ReplySent<Posted>> {
    const chosen = macro;
    if (!chosen || mode !== 'public') return { posted: post ? await post() : undefined };
    const posted = inMacro === undefined && post ? await post() : undefined;
    const { data, message } = await applyMacro(ticketId, chosen._id, { body: inMacro ?? '' });
    choose(null);
    return { posted, applied: { ...data, message } };
  }
  return {
    macro,
    choose,
    palette,
    applies,
    send,
    chip: macro ? <MacroChip macro={macro} mode={mode} onRemove={() => choose(null)} /> : null,
  };
}
