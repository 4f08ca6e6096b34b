import { useState, type CSSProperties } from 'react';
import { MessageCircle } from 'lucide-react';
import {
  WIDGET_POSITION,
  type PreChatFieldMode,
  type WidgetPosition,
} from '@omnicare/shared/channels/livechat-settings';
// The widget's own colour rule, so the preview's text colour is the one visitors will see.
import { safeColour, textOn } from '../../../../../widget/lib/colour';
import { LIVECHAT_TEXT as TEXT, PRE_CHAT_LABEL } from '../../livechat-text';

export interface WidgetLook {
  color: string;
  title: string;
  position: WidgetPosition;
  avatar_url: string;
  pre_chat: Record<keyof typeof PRE_CHAT_LABEL, PreChatFieldMode>;
  /** The tenant's greeting (chat settings). */
  greeting: string;
}

const FIELDS = Object.keys(PRE_CHAT_LABEL) as (keyof typeof PRE_CHAT_LABEL)[];

/**
 * A still drawing of the widget on a site's page, as the form has it now: the launcher in the
 * channel's colour and corner, and the opened panel (title, avatar, greeting, pre-chat form).
 * Not the widget itself: nothing in it can be focused or clicked.
 */
export function WidgetPreview({ look }: { look: WidgetLook }) {
  const color = safeColour(look.color);
  const ink = textOn(color);
  const side = look.position === 'left' ? 'left' : 'right';
  const title = look.title.trim() || '…';
  const corner: CSSProperties = { [side]: 12 };
  return (
    <figure className="flex flex-col gap-2">
      <figcaption>
        <p className="text-sm font-medium text-slate-800">{TEXT.preview}</p>
        <p className="text-xs text-slate-500">{TEXT.previewHint}</p>
      </figcaption>
      <section
        aria-label={TEXT.preview}
        className="relative h-[540px] overflow-hidden rounded-lg border border-slate-200 bg-white select-none"
      >
        <SitePage />
        <div
          data-testid="widget-preview-panel"
          className="absolute bottom-[72px] flex max-h-[calc(100%-84px)] w-[272px] max-w-[calc(100%-24px)] flex-col overflow-hidden rounded-2xl bg-white text-[13px] shadow-[0_12px_36px_rgba(15,23,42,.22)]"
          style={corner}
        >
          <div
            className="flex items-center gap-2.5 px-3 py-3"
            style={{ background: color, color: ink }}
          >
            <PreviewAvatar url={look.avatar_url} title={title} />
            <div className="min-w-0 flex-1">
              <p className="truncate text-[14px] leading-tight font-semibold">{title}</p>
              <p className="mt-0.5 flex items-center gap-1.5 text-[11.5px] opacity-90">
                <span className="size-1.5 shrink-0 rounded-full bg-green-500 ring-2 ring-white/60" />
                <span className="truncate">{TEXT.online}</span>
              </p>
            </div>
          </div>
          <div className="flex min-h-0 flex-col gap-2.5 overflow-hidden bg-[#f5f6f8] p-3">
            {look.greeting.trim() && (
              <div className="flex max-w-[85%] flex-col gap-0.5">
                <span className="ml-1 text-[11px] font-medium text-slate-500">{title}</span>
                <p
                  data-testid="widget-preview-greeting"
                  className="rounded-2xl rounded-bl-md bg-white px-3 py-2 whitespace-pre-wrap text-slate-900 shadow-xs"
                >
                  {look.greeting}
                </p>
              </div>
            )}
            <PreChatForm modes={look.pre_chat} color={color} ink={ink} />
          </div>
        </div>
        <div
          role="img"
          aria-label={TEXT.launcher(WIDGET_POSITION.label(side))}
          data-testid="widget-preview-launcher"
          className="absolute bottom-3 flex size-12 items-center justify-center rounded-full shadow-[0_6px_20px_rgba(15,23,42,.25)]"
          style={{ ...corner, background: color, color: ink }}
        >
          <MessageCircle className="size-6" aria-hidden="true" />
        </div>
      </section>
    </figure>
  );
}

/** Grey blocks standing for the customer's site behind the widget. */
function SitePage() {
  return (
    <div className="flex flex-col gap-3 p-4" aria-hidden="true">
      <div className="h-3 w-24 rounded bg-slate-200" />
      <div className="h-20 rounded-md bg-slate-100" />
      <div className="h-2 w-4/5 rounded bg-slate-100" />
      <div className="h-2 w-3/5 rounded bg-slate-100" />
    </div>
  );
}

/** The widget's round picture: the avatar, else the title's first letter. */
export function PreviewAvatar({ url, title }: { url: string; title: string }) {
  const [failed, setFailed] = useState<string | null>(null);
  const shown = /^(https:\/\/|\/files\/)\S+$/.test(url.trim()) && failed !== url ? url.trim() : '';
  return (
    <span className="flex size-9 shrink-0 items-center justify-center overflow-hidden rounded-full bg-white/25 text-[15px] font-semibold ring-2 ring-white/50">
      {shown ? (
        <img src={shown} alt="" className="size-full object-cover" onError={() => setFailed(url)} />
      ) : (
        title.trim().charAt(0).toUpperCase()
      )}
    </span>
  );
}

function PreChatForm({
  modes,
  color,
  ink,
}: {
  modes: WidgetLook['pre_chat'];
  color: string;
  ink: string;
}) {
  const asked = FIELDS.filter((field) => modes[field] !== 'hidden');
  if (asked.length === 0) return null;
  return (
    <div
      className="flex flex-col gap-2 rounded-xl bg-white p-3 shadow-xs"
      data-testid="widget-preview-form"
    >
      <p className="text-[12px] text-slate-600">{TEXT.preChatIntro}</p>
      {asked.map((field) => (
        <div key={field} className="flex flex-col gap-1">
          <span className="text-[12px] font-semibold text-slate-700">
            {PRE_CHAT_LABEL[field]}
            {modes[field] === 'required' ? (
              ' *'
            ) : (
              <span className="font-normal text-slate-400"> {TEXT.optional}</span>
            )}
          </span>
          <span className="h-7 rounded-lg border border-slate-300 bg-white" />
        </div>
      ))}
      <span
        className="mt-1 rounded-lg py-1.5 text-center text-[13px] font-semibold"
        style={{ background: color, color: ink }}
      >
        {TEXT.start}
      </span>
    </div>
  );
}
