import { Braces } from 'lucide-react';
import {
  TEMPLATE_PLACEHOLDERS,
  placeholderToken,
  type PlaceholderKey,
} from '@omnicare/shared/templates/placeholders';
import { insertAt } from '../template-form';
import { TEMPLATE_TEXT } from '../templates-text';

/** 'Chèn biến': a button per placeholder of the closed list (message templates, macros). */
export function PlaceholderButtons({ onInsert }: { onInsert: (key: PlaceholderKey) => void }) {
  return (
    <div
      role="group"
      aria-label={TEMPLATE_TEXT.insertPlaceholder}
      className="flex flex-wrap items-center gap-1"
    >
      <span className="mr-1 inline-flex items-center gap-1 text-xs text-slate-500">
        <Braces className="size-3.5" aria-hidden="true" />
        {TEMPLATE_TEXT.insertPlaceholder}:
      </span>
      {TEMPLATE_PLACEHOLDERS.map((placeholder) => (
        <button
          key={placeholder.key}
          type="button"
          title={placeholderToken(placeholder.key)}
          aria-label={TEMPLATE_TEXT.insert(placeholder.label)}
          // Keep the caret where it is in the field.
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => onInsert(placeholder.key)}
          className="rounded-full border border-slate-200 bg-white px-2 py-0.5 text-xs text-slate-700 outline-none hover:border-teal-600 hover:bg-teal-50 hover:text-teal-800 focus-visible:ring-2 focus-visible:ring-teal-600/40"
        >
          {placeholder.label}
        </button>
      ))}
    </div>
  );
}

/**
 * Puts a placeholder's token at the caret (or over the selection) of the text field `elementId`
 * holding `text`; `write` gets the new text, then the caret is put back after the token.
 */
export function insertPlaceholder(
  elementId: string,
  text: string,
  key: PlaceholderKey,
  write: (text: string) => void,
) {
  const element = document.getElementById(elementId) as HTMLInputElement | null;
  const next = insertAt(
    text,
    placeholderToken(key),
    element?.selectionStart,
    element?.selectionEnd,
  );
  write(next.text);
  requestAnimationFrame(() => {
    element?.focus();
    element?.setSelectionRange(next.caret, next.caret);
  });
}
