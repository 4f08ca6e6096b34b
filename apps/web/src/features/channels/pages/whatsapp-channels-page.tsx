import { Copy } from 'lucide-react';
import type { ChannelView } from '@omnicare/shared/channels/channels.schemas';
import { whatsappWebhookPath } from '@omnicare/shared/channels/whatsapp.schemas';
import { CatalogueListPage, NameCell } from '@/components/catalogue/catalogue-list-page';
import { SettingsGroupNav } from '@/components/layout/settings-group-nav';
import { Button } from '@/components/ui/button';
import { toast } from '@/lib/toast';
import { useCan } from '@/lib/use-can';
import { CHANNELS_TEXT } from '../channels-text';
import { ChannelSecretsBadge, ChannelStateCell } from '../components/channel-state';
import {
  WHATSAPP_CHANNELS as WHATSAPP,
  WhatsAppChannelDialog,
} from '../components/whatsapp-channel-dialog';
import { WHATSAPP_TEXT as TEXT } from '../whatsapp-text';

/** Where Meta posts this number's events (declared with the verify token in the Meta app). */
export const webhookUrlOf = (channel: ChannelView, origin = window.location.origin) =>
  `${origin}${whatsappWebhookPath(channel._id)}`;

function WebhookUrl({ channel }: { channel: ChannelView }) {
  const url = webhookUrlOf(channel);
  return (
    <span className="flex min-w-0 items-center gap-1">
      <span
        className="block max-w-[34rem] truncate font-mono text-xs text-slate-500"
        title={`${url}\n${TEXT.urlsHint}`}
      >
        {TEXT.webhookUrl}: {url}
      </span>
      <Button
        type="button"
        size="icon"
        variant="ghost"
        className="size-6 shrink-0"
        aria-label={`${TEXT.copyWebhook}: ${channel.name}`}
        title={TEXT.copyWebhook}
        onClick={() =>
          void navigator.clipboard
            .writeText(url)
            .then(() => toast.success(TEXT.copied))
            .catch(() => toast.error(TEXT.copyFailed))
        }
      >
        <Copy className="size-3.5" aria-hidden="true" />
      </Button>
    </span>
  );
}

/**
 * /settings/multi-channels/whatsapp: the tenant's WhatsApp Business numbers (Cloud API). An
 * administrator adds one with its phone number id and Meta's tokens, copies the webhook URL and
 * verify token into the Meta app, and sees the channel's state (a revoked token shows in error).
 */
export function WhatsAppChannelsPage() {
  const canEdit = useCan('channel.manage');
  return (
    <CatalogueListPage
      catalogue={WHATSAPP}
      nav={<SettingsGroupNav group="channels" />}
      addLabel={TEXT.add}
      tableLabel={TEXT.table}
      hint={TEXT.hint}
      deleteHint={CHANNELS_TEXT.deleteHint}
      canEdit={canEdit}
      dialog={WhatsAppChannelDialog}
      columns={[
        {
          head: CHANNELS_TEXT.name,
          cell: (channel) => (
            <div className="flex min-w-0 flex-col gap-1">
              <NameCell name={channel.name} />
              <WebhookUrl channel={channel} />
            </div>
          ),
        },
        {
          head: TEXT.number,
          className: 'w-56',
          cell: (channel) => (
            <div className="flex flex-col text-sm">
              <span>{String(channel.settings.display_phone_number ?? '') || '—'}</span>
              <span className="whitespace-nowrap font-mono text-xs text-slate-500">
                {TEXT.phoneNumberId}: {String(channel.settings.phone_number_id ?? '')}
              </span>
            </div>
          ),
        },
        {
          head: TEXT.keys,
          className: 'w-28',
          cell: (channel) => <ChannelSecretsBadge channel={channel} />,
        },
        {
          head: TEXT.state,
          className: 'w-72',
          cell: (channel) => (
            <ChannelStateCell channel={channel} catalogue={WHATSAPP} canEdit={canEdit} />
          ),
        },
      ]}
    />
  );
}
