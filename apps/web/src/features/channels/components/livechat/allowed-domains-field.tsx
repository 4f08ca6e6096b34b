import { useState, type KeyboardEvent } from 'react';
import { Plus, X } from 'lucide-react';
import { livechatSettings } from '@omnicare/shared/channels/livechat-settings';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { FieldError } from '@/components/ui/label';
import { cn } from '@/lib/cn';
import { LIVECHAT_TEXT as TEXT } from '../../livechat-text';

const DOMAINS = livechatSettings.shape.allowed_domains;

/**
 * The sites allowed to embed the widget, as chips: a domain is checked by the contract when it
 * is added (its message under the field), and one the server refuses is marked with its message.
 */
export function AllowedDomainsField({
  id,
  value,
  onChange,
  error,
  errorAt,
}: {
  id: string;
  value: string[];
  onChange: (domains: string[]) => void;
  /** The list's own error (too many). */
  error?: string;
  /** A domain's error by its index. */
  errorAt: (index: number) => string | undefined;
}) {
  const [draft, setDraft] = useState('');
  const [draftError, setDraftError] = useState<string>();
  const refused = value.flatMap((domain, index) => {
    const message = errorAt(index);
    return message ? [`${domain}: ${message}`] : [];
  });
  const message = draftError ?? error ?? refused[0];

  const add = () => {
    const typed = draft.trim();
    if (!typed) return;
    const checked = DOMAINS.safeParse([...value, typed]);
    if (!checked.success) return setDraftError(checked.error.issues[0]?.message);
    const domain = checked.data.at(-1) ?? typed;
    setDraft('');
    setDraftError(undefined);
    if (!value.includes(domain)) onChange([...value, domain]);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
    event.preventDefault();
    add();
  };

  return (
    <div className="flex flex-col gap-2">
      {value.length > 0 ? (
        <ul className="flex flex-wrap gap-1.5" aria-label={TEXT.domainsAdded}>
          {value.map((domain, index) => (
            <li
              key={domain}
              className={cn(
                'flex items-center gap-1 rounded-full border border-slate-300 bg-slate-50 py-0.5 pr-0.5 pl-2.5 text-[13px] text-slate-800',
                errorAt(index) && 'border-red-500 bg-red-50 text-red-700',
              )}
            >
              {domain}
              <button
                type="button"
                aria-label={TEXT.domainRemove(domain)}
                className="rounded-full p-0.5 text-slate-500 hover:bg-slate-200 hover:text-slate-900 focus-visible:ring-2 focus-visible:ring-teal-600/50 focus-visible:outline-none"
                onClick={() => onChange(value.filter((_, at) => at !== index))}
              >
                <X className="size-3.5" aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-[13px] text-slate-600">{TEXT.domainsEmpty}</p>
      )}
      <div className="flex gap-2">
        <Input
          id={id}
          value={draft}
          inputMode="url"
          placeholder="shop.vn"
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? `${id}-error` : `${id}-hint`}
          onChange={(event) => {
            setDraft(event.target.value);
            setDraftError(undefined);
          }}
          onKeyDown={onKeyDown}
        />
        <Button variant="outline" onClick={add} aria-label={TEXT.domainAddLabel}>
          <Plus aria-hidden="true" />
          {TEXT.domainAdd}
        </Button>
      </div>
      {message ? (
        <FieldError id={`${id}-error`} message={message} />
      ) : (
        <p id={`${id}-hint`} className="text-xs text-slate-500">
          {TEXT.domainsHint}
        </p>
      )}
    </div>
  );
}
