import { Globe, MessageCircle, Phone } from 'lucide-react';
import { CHANNEL_SOURCE } from '@omnicare/shared/channels/channel-source';
import { cn } from '@/lib/cn';

const MARKS: Record<string, { className: string; glyph: 'globe' | 'z' | 'facebook' | 'whatsapp' }> =
  {
    web: { className: 'bg-teal-600', glyph: 'globe' },
    chat: { className: 'bg-teal-600', glyph: 'globe' },
    zalo: { className: 'bg-sky-600', glyph: 'z' },
    facebook: { className: 'bg-blue-600', glyph: 'facebook' },
    whatsapp: { className: 'bg-emerald-600', glyph: 'whatsapp' },
  };

/** The channel's name as the spec labels sources ('Livechat' for web and chat). */
export const channelLabel = (source: string) =>
  CHANNEL_SOURCE.is(source) ? CHANNEL_SOURCE.label(source) : source;

/** A small coloured mark of the channel a conversation came through, named for readers. */
export function ChannelMark({ source, className }: { source: string; className?: string }) {
  const mark = MARKS[source];
  const label = channelLabel(source);
  return (
    <span
      role="img"
      aria-label={label}
      title={label}
      className={cn(
        'inline-flex size-4 shrink-0 items-center justify-center rounded-full text-[9px] font-bold text-white',
        mark?.className ?? 'bg-slate-400',
        className,
      )}
    >
      {mark?.glyph === 'z' ? (
        'Z'
      ) : mark?.glyph === 'facebook' ? (
        'f'
      ) : mark?.glyph === 'whatsapp' ? (
        <Phone className="size-2.5" aria-hidden />
      ) : mark?.glyph === 'globe' ? (
        <Globe className="size-2.5" aria-hidden />
      ) : (
        <MessageCircle className="size-2.5" aria-hidden />
      )}
    </span>
  );
}
