import { useEffect, useId, useState, type ReactNode } from 'react';
import { Loader2, Pencil } from 'lucide-react';
import { SAVED_MARK_MS, SavedMark } from '@/components/ui/saved-mark';
import { customerUpdateBody } from '@omnicare/shared/customers/customers.schemas';
import type { CustomerUpdateBody } from '@omnicare/shared/customers/customers.schemas';
import { Button } from '@/components/ui/button';
import { errorMessage, isApiError } from '@/lib/errors';
import { COMMON_TEXT, PANEL_TEXT } from '../customers-text';

/** Field errors by param, as the server names them ('name', 'phones.0.phone'). */
export type InlineErrors = Record<string, string>;

export interface InlineFieldProps<T> {
  label: string;
  /** The value shown while not editing. */
  view: ReactNode;
  /** The draft an edit starts from (the stored value). */
  initial: () => T;
  editor: (props: {
    id: string;
    draft: T;
    setDraft: (next: T) => void;
    errors: InlineErrors;
    /** Saves the draft (Enter in a text box). */
    submit: () => void;
  }) => ReactNode;
  /** What the draft sends (`PUT /v2/customers/{id}` with only this field). */
  toPatch: (draft: T) => CustomerUpdateBody;
  /** Maps the errors of what was sent onto the editor's own rows (contact lists). */
  mapErrors?: (draft: T, errors: InlineErrors) => InlineErrors;
  save: (patch: CustomerUpdateBody) => Promise<unknown>;
  /** The editor shows field errors on its own rows: the field's failure line then only says so. */
  editorShowsErrors?: boolean;
  /** The value alone, without its label beside it (the card's heading: the name). */
  bare?: boolean;
  /** The editor shows the label itself (a contact list's legend): not repeated above it. */
  editorLabelled?: boolean;
  disabled?: boolean;
}

/**
 * One field of a record shown as text and edited in place: the pencil opens its editor, 'Lưu'
 * checks the change with the shared customer schema, then the server (which applies all the
 * customer rules) saves it; the field says 'Đã lưu' or why it failed, and keeps the draft then.
 */
export function InlineField<T>({
  label,
  view,
  initial,
  editor,
  toPatch,
  mapErrors = (_draft, errors) => errors,
  save,
  editorShowsErrors = false,
  bare = false,
  editorLabelled = false,
  disabled,
}: InlineFieldProps<T>) {
  const id = useId();
  const [draft, setDraft] = useState<T | null>(null);
  const [errors, setErrors] = useState<InlineErrors>({});
  /** Why the last save failed ('' for field errors the editor shows itself). */
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState(false);
  useEffect(() => {
    if (!saved) return;
    const timer = setTimeout(() => setSaved(false), SAVED_MARK_MS);
    return () => clearTimeout(timer);
  }, [saved]);

  const editing = draft !== null;
  const start = () => {
    setDraft(initial());
    setErrors({});
    setFailure(null);
    setSaved(false);
  };
  const cancel = () => {
    setDraft(null);
    setErrors({});
    setFailure(null);
  };
  const submit = async () => {
    if (draft === null || saving) return;
    const patch = toPatch(draft);
    const parsed = customerUpdateBody.safeParse(patch);
    if (!parsed.success) {
      const found: InlineErrors = {};
      for (const issue of parsed.error.issues) found[issue.path.join('.')] ??= issue.message;
      return fail(draft, found, null);
    }
    setSaving(true);
    try {
      await save(patch);
      setDraft(null);
      setErrors({});
      setFailure(null);
      setSaved(true);
    } catch (error) {
      const found = isApiError(error)
        ? Object.fromEntries(error.fieldErrors.map((item) => [item.param, item.message]))
        : {};
      fail(draft, found, Object.keys(found).length === 0 ? errorMessage(error) : null);
    } finally {
      setSaving(false);
    }
  };
  const fail = (current: T, found: InlineErrors, message: string | null) => {
    const mapped = mapErrors(current, found);
    setErrors(mapped);
    setFailure(message ?? (editorShowsErrors ? '' : (Object.values(mapped)[0] ?? '')));
  };

  const savedMark = saved && <SavedMark />;
  const pencil = !disabled && (
    <Button
      variant="ghost"
      size="icon-sm"
      className="size-6 shrink-0 text-slate-400 hover:text-slate-700"
      aria-label={PANEL_TEXT.edit(label)}
      onClick={start}
    >
      <Pencil className="size-3.5" />
    </Button>
  );

  if (editing)
    return (
      <form
        className="flex flex-col gap-2 rounded-md bg-slate-50 p-2"
        aria-labelledby={`${id}-label`}
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            event.stopPropagation();
            cancel();
          }
        }}
      >
        <span
          id={`${id}-label`}
          className={editorLabelled ? 'sr-only' : 'text-xs font-medium text-slate-500'}
        >
          {label}
        </span>
        {editor({ id, draft, setDraft, errors, submit: () => void submit() })}
        {failure !== null && (
          <p role="alert" className="text-xs text-red-600">
            {PANEL_TEXT.failed(failure || null)}
          </p>
        )}
        <div className="flex gap-2">
          <Button type="submit" size="sm" disabled={saving}>
            {saving && <Loader2 className="animate-spin" aria-hidden="true" />}
            {COMMON_TEXT.save}
          </Button>
          <Button type="button" size="sm" variant="ghost" onClick={cancel} disabled={saving}>
            {COMMON_TEXT.cancel}
          </Button>
        </div>
      </form>
    );
  // Bare: the value alone (a heading), its label for assistive technology only.
  if (bare)
    return (
      <div className="flex min-w-0 flex-col gap-0.5" data-field={label}>
        <div className="flex min-w-0 items-center gap-1">
          <span className="sr-only">{label}</span>
          <div className="min-w-0">{view}</div>
          {pencil}
        </div>
        {savedMark}
      </div>
    );
  return (
    <div
      className="grid grid-cols-[6.5rem_minmax(0,1fr)_1.5rem] items-start gap-x-2 text-sm"
      data-field={label}
    >
      <span className="pt-0.5 text-xs font-medium text-slate-500">{label}</span>
      <div className="flex min-w-0 flex-col gap-0.5 pt-px text-slate-900">
        {view}
        {savedMark}
      </div>
      {pencil}
    </div>
  );
}
