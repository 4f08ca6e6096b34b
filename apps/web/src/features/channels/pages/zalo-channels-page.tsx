import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link2, Unlink } from 'lucide-react';
import type { ChannelView } from '@omnicare/shared/channels/channels.schemas';
import { formatDateTime } from '@omnicare/shared/platform/time';
import { CatalogueListPage, NameCell } from '@/components/catalogue/catalogue-list-page';
import { SettingsGroupNav } from '@/components/layout/settings-group-nav';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { errorMessage } from '@/lib/errors';
import { toast } from '@/lib/toast';
import { useCan } from '@/lib/use-can';
import { channelKeys, channelsOfKind, disconnectZalo, startZaloConnect } from '../channels.queries';
import { CHANNELS_TEXT, ZNS_TEXT } from '../channels-text';
import {
  ChannelSecretsBadge,
  ChannelStateCell,
  ProviderUrlCell,
} from '../components/channel-state';
import { CopyButton } from '../components/copy-button';
import { ZaloChannelDialog } from '../components/zalo-channel-dialog';
import { ZNS_CHANNELS, ZnsChannelDialog } from '../components/zns-channel-dialog';
import { ZALO_TEXT as TEXT } from '../zalo-text';

const ZALO = channelsOfKind('zalo');

/** Whether the OA's tokens are stored (the OAuth flow wrote them). */
export const isConnected = (channel: ChannelView) => channel.secrets.access_token === true;

/** Where Zalo posts the OA's events for this channel (to declare on developers.zalo.me). */
export const webhookUrlOf = (channel: ChannelView, origin = window.location.origin) =>
  `${origin}/v2/webhooks/zalo/${channel._id}`;

function ConnectionState({ channel }: { channel: ChannelView }) {
  const until = String(channel.settings.token_expires_at ?? '');
  if (channel.status === 'error')
    return (
      <div className="flex flex-col gap-1">
        <Badge variant="destructive" className="self-start">
          {TEXT.error}
        </Badge>
        {channel.status_reason && (
          <span className="text-xs text-red-700">{channel.status_reason}</span>
        )}
      </div>
    );
  if (!isConnected(channel)) return <Badge variant="warning">{TEXT.notConnected}</Badge>;
  return (
    <div className="flex flex-col gap-1">
      <Badge
        variant={channel.status === 'disabled' ? 'secondary' : 'success'}
        className="self-start"
      >
        {channel.status === 'disabled' ? TEXT.paused : TEXT.connected}
      </Badge>
      {until && (
        <span className="text-xs text-slate-500">{TEXT.tokenUntil(formatDateTime(until))}</span>
      )}
    </div>
  );
}

function OaCell({ channel }: { channel: ChannelView }) {
  const name = String(channel.settings.oa_name ?? '');
  const avatar = String(channel.settings.oa_avatar ?? '');
  const [broken, setBroken] = useState(false);
  if (!name) return <span className="text-slate-400">—</span>;
  return (
    <span className="flex items-center gap-2">
      {avatar.startsWith('https://') && !broken ? (
        <img
          src={avatar}
          alt=""
          className="size-7 shrink-0 rounded-full border border-slate-200"
          onError={() => setBroken(true)}
        />
      ) : (
        <span
          aria-hidden="true"
          className="flex size-7 shrink-0 items-center justify-center rounded-full bg-sky-100 text-xs font-semibold text-sky-800"
        >
          {name.slice(0, 1).toUpperCase()}
        </span>
      )}
      <span className="font-medium text-slate-900">{name}</span>
    </span>
  );
}

function ConnectionActions({ channel }: { channel: ChannelView }) {
  const queries = useQueryClient();
  const [busy, setBusy] = useState(false);
  const connect = async () => {
    setBusy(true);
    try {
      const { url } = await startZaloConnect(channel._id);
      toast.info(TEXT.redirecting);
      window.location.assign(url);
    } catch (error) {
      toast.error(errorMessage(error));
      setBusy(false);
    }
  };
  const disconnect = async () => {
    try {
      const { message } = await disconnectZalo(channel._id);
      toast.success(message);
      await queries.invalidateQueries({ queryKey: channelKeys.kind('zalo') });
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };
  return (
    <div className="flex flex-wrap gap-1.5">
      <Button size="sm" variant="outline" disabled={busy} onClick={() => void connect()}>
        <Link2 aria-hidden="true" />
        {isConnected(channel) || channel.status === 'error' ? TEXT.reconnect : TEXT.connect}
      </Button>
      {isConnected(channel) && (
        <ConfirmDialog
          trigger={
            <Button size="sm" variant="ghost">
              <Unlink aria-hidden="true" />
              {TEXT.disconnect}
            </Button>
          }
          title={TEXT.disconnectTitle}
          description={TEXT.disconnectQuestion(channel.name)}
          confirmText={TEXT.disconnect}
          onConfirm={disconnect}
        />
      )}
    </div>
  );
}

/** A ZNS channel's quota as Zalo gave it with the last send (never a number of ours). */
function QuotaCell({ channel }: { channel: ChannelView }) {
  const { daily_quota: daily, remaining_quota: remaining, quota_at: at } = channel.settings;
  if (typeof daily !== 'number' || typeof remaining !== 'number')
    return <span className="text-slate-500">{ZNS_TEXT.quotaUnknown}</span>;
  return (
    <div className="flex flex-col gap-0.5">
      <span className="font-medium text-slate-900 tabular-nums">
        {ZNS_TEXT.quotaLeft(remaining, daily)}
      </span>
      {typeof at === 'string' && (
        <span className="text-xs text-slate-500">{ZNS_TEXT.quotaAt(formatDateTime(at))}</span>
      )}
    </div>
  );
}

/** The tenant's ZNS channels: an OA's access token, its base URL, the quota Zalo reports. */
function ZnsChannels({ canEdit }: { canEdit: boolean }) {
  return (
    <CatalogueListPage
      catalogue={ZNS_CHANNELS}
      nav={null}
      section={{ title: ZNS_TEXT.title }}
      addLabel={ZNS_TEXT.add}
      tableLabel={ZNS_TEXT.table}
      hint={ZNS_TEXT.hint}
      deleteHint={CHANNELS_TEXT.deleteHint}
      canEdit={canEdit}
      dialog={ZnsChannelDialog}
      columns={[
        { head: CHANNELS_TEXT.name, cell: (channel) => <NameCell name={channel.name} /> },
        {
          head: CHANNELS_TEXT.baseUrl,
          cell: (channel) => (
            <ProviderUrlCell channel={channel} fallback={ZNS_TEXT.defaultProvider} />
          ),
        },
        {
          head: CHANNELS_TEXT.keys,
          className: 'w-28',
          cell: (channel) => <ChannelSecretsBadge channel={channel} />,
        },
        {
          head: ZNS_TEXT.quota,
          className: 'w-52',
          cell: (channel) => <QuotaCell channel={channel} />,
        },
        {
          head: CHANNELS_TEXT.status,
          className: 'w-72',
          cell: (channel) => (
            <ChannelStateCell channel={channel} catalogue={ZNS_CHANNELS} canEdit={canEdit} />
          ),
        },
      ]}
    />
  );
}

/**
 * /settings/multi-channels/zalo: the tenant's Zalo Official Accounts. An administrator adds a
 * channel with the Zalo app's keys, then connects it by Zalo's permission page (the OA's name,
 * avatar and token expiry shown once connected), reconnects or disconnects it. Below, the
 * tenant's ZNS channels (template notifications sent with an OA's token).
 */
export function ZaloChannelsPage() {
  const canEdit = useCan('channel.manage');
  return (
    <CatalogueListPage
      catalogue={ZALO}
      nav={<SettingsGroupNav group="channels" />}
      addLabel={TEXT.add}
      tableLabel={TEXT.table}
      hint={`${TEXT.hint} ${TEXT.callbackUrl}: ${window.location.origin}/zalo-redirect`}
      deleteHint={CHANNELS_TEXT.deleteHint}
      canEdit={canEdit}
      dialog={ZaloChannelDialog}
      after={<ZnsChannels canEdit={canEdit} />}
      columns={[
        {
          head: CHANNELS_TEXT.name,
          cell: (channel) => (
            <div className="flex min-w-0 flex-col gap-1">
              <NameCell name={channel.name} />
              <span className="flex min-w-0 items-center gap-1">
                <span
                  className="block max-w-[34rem] truncate font-mono text-xs text-slate-500"
                  title={`${webhookUrlOf(channel)}\n${TEXT.urlsHint}`}
                >
                  {TEXT.webhookUrl}: {webhookUrlOf(channel)}
                </span>
                <CopyButton
                  value={webhookUrlOf(channel)}
                  label={TEXT.copyWebhook}
                  copied={TEXT.copied}
                  failed={TEXT.copyFailed}
                />
              </span>
            </div>
          ),
        },
        { head: TEXT.oa, className: 'w-52', cell: (channel) => <OaCell channel={channel} /> },
        {
          head: TEXT.connection,
          className: 'w-72',
          cell: (channel) => (
            <div className="flex flex-col gap-2">
              <ConnectionState channel={channel} />
              {canEdit && <ConnectionActions channel={channel} />}
            </div>
          ),
        },
      ]}
    />
  );
}
