import type {
  ChannelBody,
  ChannelStatus,
  ChannelView,
} from '@omnicare/shared/channels/channels.schemas';
import { CHANNEL_STATUS } from '@omnicare/shared/channels/channels.schemas';
import { formatDateTime } from '@omnicare/shared/platform/time';
import type { Catalogue } from '@/components/catalogue/catalogue-api';
import { useSaveCatalogue } from '@/components/catalogue/use-catalogue';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { toast } from '@/lib/toast';
import { CHANNELS_TEXT } from '../channels-text';

const VARIANT = { active: 'success', disabled: 'secondary', error: 'destructive' } as const;

/**
 * A channel's state: active, paused, or an error with the provider's reason (and, when given,
 * when it was last met). Every channel screen and the channels' index show it alike.
 */
export function ChannelStateBadge({
  status,
  reason,
  at,
}: {
  status: ChannelStatus;
  reason?: string | null;
  at?: string;
}) {
  const badge = (
    <Badge variant={VARIANT[status]} className="self-start">
      {CHANNEL_STATUS.label(status)}
    </Badge>
  );
  if (status !== 'error') return badge;
  return (
    <div className="flex min-w-0 flex-col items-start gap-1">
      {badge}
      {reason && <p className="text-xs [overflow-wrap:anywhere] text-red-700">{reason}</p>}
      {at && (
        <p className="text-xs text-slate-500">
          {CHANNELS_TEXT.errorAt} {formatDateTime(at)}
        </p>
      )}
    </div>
  );
}

/** Pauses a channel (nothing in or out through it) or resumes it; settings and keys stay. */
export function ChannelPauseButton({
  channel,
  catalogue,
  text = CHANNELS_TEXT,
}: {
  channel: ChannelView;
  catalogue: Catalogue<ChannelView, ChannelBody>;
  text?: { pause: string; resume: string; paused: string; resumed: string };
}) {
  const save = useSaveCatalogue(catalogue);
  const paused = channel.status === 'disabled';
  const toggle = async () => {
    await save.mutateAsync({
      id: channel._id,
      body: {
        kind: channel.kind,
        name: channel.name,
        status: paused ? 'active' : 'disabled',
        group_id: channel.group?._id ?? null,
        settings: channel.settings,
        // Blank: the stored keys are kept.
        secrets: {},
      },
    });
    toast.success(paused ? text.resumed : text.paused);
  };
  return (
    <Button
      variant="ghost"
      size="sm"
      disabled={save.isPending}
      onClick={() => void toggle().catch(() => undefined)}
      aria-label={`${paused ? text.resume : text.pause}: ${channel.name}`}
    >
      {paused ? text.resume : text.pause}
    </Button>
  );
}

/** Whether every secret of the channel is stored ('Đã lưu' / 'Chưa có'), never their values. */
export function ChannelSecretsBadge({ channel }: { channel: ChannelView }) {
  const set = Object.values(channel.secrets).every(Boolean);
  return (
    <Badge variant={set ? 'success' : 'warning'}>
      {set ? CHANNELS_TEXT.keysSet : CHANNELS_TEXT.keysMissing}
    </Badge>
  );
}

/** A list's state cell: the state (with the provider's error), and pause or resume beside it. */
export function ChannelStateCell({
  channel,
  catalogue,
  canEdit,
}: {
  channel: ChannelView;
  catalogue: Catalogue<ChannelView, ChannelBody>;
  canEdit: boolean;
}) {
  return (
    <div className="flex flex-wrap items-start justify-between gap-1">
      <ChannelStateBadge
        status={channel.status}
        reason={channel.status_reason}
        at={channel.updated_at}
      />
      {canEdit && <ChannelPauseButton channel={channel} catalogue={catalogue} />}
    </div>
  );
}

/** A provider's API address, or the provider's own default when the channel names none. */
export function ProviderUrlCell({ channel, fallback }: { channel: ChannelView; fallback: string }) {
  return (
    String(channel.settings.base_url ?? '') || <span className="text-slate-500">{fallback}</span>
  );
}
