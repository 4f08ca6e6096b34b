import { Fragment } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  Mail,
  MessageCircle,
  MessageSquareReply,
  MessageSquareText,
  Smartphone,
} from 'lucide-react';
import type { TemplateKind } from '@omnicare/shared/templates/template-enums';
import { TEMPLATE_KIND } from '@omnicare/shared/templates/template-enums';
import {
  SAMPLE_VALUES,
  TEMPLATE_PLACEHOLDERS,
  findPlaceholders,
  isPlaceholderKey,
  usedPlaceholders,
  type PlaceholderKey,
} from '@omnicare/shared/templates/placeholders';
import { formatPhone } from '@omnicare/shared/customers/phone-format';
import type { CustomerListItem } from '@omnicare/shared/customers/customers.schemas';
import { cn } from '@/lib/cn';
import { fetchCustomers } from '@/features/customers/customers.api';
import { TEMPLATE_TEXT } from '../templates-text';

/**
 * The customer a preview is filled with: the one last updated in the caller's scope (not the
 * caller); `undefined` while it loads, null when the tenant has none.
 */
export function usePreviewCustomer(): CustomerListItem | null | undefined {
  const sample = useQuery({
    queryKey: ['customers', 'template-sample'],
    queryFn: ({ signal }) =>
      fetchCustomers({ sort: 'updated_at', order: 'desc', page: 1, page_size: 1 }, signal),
    staleTime: 60_000,
    meta: { silent: true },
  });
  return sample.isSuccess ? (sample.data.data[0] ?? null) : undefined;
}

type Values = Readonly<Record<PlaceholderKey, string>>;

/**
 * The values the preview fills in: the customer variables from a real customer of the tenant
 * when there is one (`sample`), the fictional sample values otherwise.
 */
export function previewValues(sample: CustomerListItem | null | undefined): Values {
  if (!sample) return SAMPLE_VALUES;
  return {
    ...SAMPLE_VALUES,
    'customer.name': sample.name,
    'customer.phone': formatPhone(sample.phone),
    'customer.email': sample.email ?? '',
  };
}

/** A text with its placeholders filled by the sample values, marked; unknown ones in red. */
export function SampleText({
  text,
  dark = false,
  values = SAMPLE_VALUES,
}: {
  text: string;
  dark?: boolean;
  values?: Values;
}) {
  const parts: { text: string; kind: 'plain' | 'value' | 'unknown' }[] = [];
  let cursor = 0;
  for (const found of findPlaceholders(text)) {
    if (found.index > cursor) parts.push({ text: text.slice(cursor, found.index), kind: 'plain' });
    parts.push(
      isPlaceholderKey(found.key)
        ? { text: values[found.key], kind: 'value' }
        : { text: found.raw, kind: 'unknown' },
    );
    cursor = found.index + found.raw.length;
  }
  if (cursor < text.length) parts.push({ text: text.slice(cursor), kind: 'plain' });
  return (
    <>
      {parts.map((part, index) => (
        <Fragment key={index}>
          {part.kind === 'plain' ? (
            part.text
          ) : (
            <mark
              className={cn(
                'rounded-sm px-0.5',
                part.kind === 'unknown'
                  ? 'bg-red-100 text-red-700 line-through decoration-red-400'
                  : dark
                    ? 'bg-white/20 text-white ring-1 ring-white/30'
                    : 'bg-amber-100 text-slate-900',
              )}
            >
              {part.text}
            </mark>
          )}
        </Fragment>
      ))}
    </>
  );
}

/** What a preview shows: a message template's kind, or a reply on a ticket (macros). */
export type PreviewKind = TemplateKind | 'reply';

const ICONS: Record<PreviewKind, typeof Mail> = {
  reply: MessageSquareReply,
  sms: Smartphone,
  zns: MessageSquareText,
  chat: MessageCircle,
  whatsapp: MessageCircle,
  email: Mail,
};

/** The live preview of the dialog: the message as the customer would get it, sample values in. */
export function TemplatePreview({
  kind,
  content,
  subject,
  znsTemplateId,
  sample,
}: {
  kind: PreviewKind;
  content: string;
  subject?: string;
  znsTemplateId?: string;
  /** A customer of the tenant to fill the customer variables; null when it has none. */
  sample?: CustomerListItem | null;
}) {
  const Icon = ICONS[kind];
  const values = previewValues(sample);
  const used = usedPlaceholders(`${kind === 'email' ? subject : ''}\n${content}`);
  const empty = content.trim() === '';
  return (
    <section
      aria-label={TEMPLATE_TEXT.preview}
      className="flex min-w-0 flex-col gap-3 rounded-lg border border-slate-200 bg-slate-50 p-3"
    >
      <div className="flex items-center justify-between gap-2">
        <h3 className="text-sm font-semibold text-slate-800">{TEMPLATE_TEXT.preview}</h3>
        <span className="inline-flex items-center gap-1 text-xs text-slate-500">
          <Icon className="size-3.5" aria-hidden="true" />
          {kind === 'reply' ? TEMPLATE_TEXT.replyKind : TEMPLATE_KIND.label(kind)}
        </span>
      </div>
      <div data-testid="template-preview" className="text-sm text-slate-800">
        {empty ? (
          <p className="py-6 text-center text-xs text-slate-400">{TEMPLATE_TEXT.previewEmpty}</p>
        ) : kind === 'reply' ? (
          <p className="rounded-md border border-slate-200 bg-white px-3 py-2 break-words whitespace-pre-wrap">
            <SampleText text={content} values={values} />
          </p>
        ) : kind === 'email' ? (
          <div className="overflow-hidden rounded-md border border-slate-200 bg-white">
            <div className="border-b border-slate-100 px-3 py-2 text-[13px] font-semibold break-words">
              <SampleText text={subject ?? ''} values={values} />
            </div>
            <p className="px-3 py-2 break-words whitespace-pre-wrap">
              <SampleText text={content} values={values} />
            </p>
          </div>
        ) : kind === 'zns' ? (
          <div className="overflow-hidden rounded-md border border-sky-200 bg-white">
            <div className="bg-sky-600 px-3 py-1.5 text-xs font-medium text-white">
              Zalo ZNS{znsTemplateId ? ` · #${znsTemplateId}` : ''}
            </div>
            <p className="px-3 py-2 break-words whitespace-pre-wrap">
              <SampleText text={content} values={values} />
            </p>
          </div>
        ) : (
          <div className={cn('flex', kind === 'sms' ? 'justify-start' : 'justify-end')}>
            <p
              className={cn(
                'max-w-[95%] rounded-2xl px-3 py-2 break-words whitespace-pre-wrap shadow-xs',
                kind === 'sms' && 'rounded-bl-sm bg-white ring-1 ring-slate-200',
                kind === 'chat' && 'rounded-br-sm bg-teal-700 text-white',
                kind === 'whatsapp' && 'rounded-br-sm bg-emerald-100 text-slate-900',
              )}
            >
              <SampleText text={content} dark={kind === 'chat'} values={values} />
            </p>
          </div>
        )}
      </div>
      {used.length > 0 && (
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-2 gap-y-0.5 border-t border-slate-200 pt-2 text-xs">
          {TEMPLATE_PLACEHOLDERS.filter((placeholder) => used.includes(placeholder.key)).map(
            (placeholder) => (
              <Fragment key={placeholder.key}>
                <dt className="text-slate-500">{placeholder.label}</dt>
                <dd className="truncate text-slate-700">{values[placeholder.key]}</dd>
              </Fragment>
            ),
          )}
        </dl>
      )}
      <p data-testid="template-preview-sample" className="text-[11px] text-slate-400">
        {sample ? TEMPLATE_TEXT.previewWith(sample.name) : TEMPLATE_TEXT.previewFictional}
      </p>
    </section>
  );
}

/** A template text as written, its placeholders marked (tables). */
export function TokenText({ text }: { text: string }) {
  const parts: { text: string; token: boolean }[] = [];
  let cursor = 0;
  for (const found of findPlaceholders(text)) {
    if (found.index > cursor) parts.push({ text: text.slice(cursor, found.index), token: false });
    parts.push({ text: found.raw, token: true });
    cursor = found.index + found.raw.length;
  }
  if (cursor < text.length) parts.push({ text: text.slice(cursor), token: false });
  return (
    <>
      {parts.map((part, index) =>
        part.token ? (
          <span key={index} className="rounded-sm bg-teal-50 px-0.5 text-teal-800">
            {part.text}
          </span>
        ) : (
          <Fragment key={index}>{part.text}</Fragment>
        ),
      )}
    </>
  );
}
