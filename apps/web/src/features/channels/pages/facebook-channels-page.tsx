import type { ChannelView } from '@omnicare/shared/channels/channels.schemas';
import { facebookWebhookPath } from '@omnicare/shared/channels/facebook.schemas';
import { CatalogueListPage, NameCell } from '@/components/catalogue/catalogue-list-page';
import { SettingsGroupNav } from '@/components/layout/settings-group-nav';
import { Badge } from '@/components/ui/badge';
import { useCan } from '@/lib/use-can';
import { CHANNELS_TEXT } from '../channels-text';
import { ChannelStateCell } from '../components/channel-state';
import { CopyButton } from '../components/copy-button';
import {
  FACEBOOK_CHANNELS as FACEBOOK,
  FacebookChannelDialog,
} from '../components/facebook-channel-dialog';
import { FACEBOOK_TEXT as TEXT } from '../facebook-text';

/** Where Meta posts the Page's events for this channel (Callback URL of the app's webhook). */
export const facebookWebhookUrlOf = (channel: ChannelView, origin = window.location.origin) =>
  `${origin}${facebookWebhookPath(channel._id)}`;

const SECRETS = [
  ['page_access_token', TEXT.pageToken],
  ['app_secret', TEXT.appSecret],
  ['verify_token', TEXT.verifyToken],
] as const;

function SecretsCell({ channel }: { channel: ChannelView }) {
  return (
    <ul className="flex flex-col items-start gap-1">
      {SECRETS.map(([name, label]) => {
        const set = channel.secrets[name] === true;
        return (
          <li key={name}>
            <Badge variant={set ? 'success' : 'warning'}>{TEXT.secretState(label, set)}</Badge>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * /settings/multi-channels/facebook: the tenant's Facebook Pages on Messenger. An administrator
 * adds a Page with its token, the Meta app's secret and a verify token, then declares the
 * webhook URL shown here (and the verify token) in the Meta app.
 */
export function FacebookChannelsPage() {
  const canEdit = useCan('channel.manage');
  return (
    <CatalogueListPage
      catalogue={FACEBOOK}
      nav={<SettingsGroupNav group="channels" />}
      addLabel={TEXT.add}
      tableLabel={TEXT.table}
      hint={TEXT.hint}
      deleteHint={CHANNELS_TEXT.deleteHint}
      canEdit={canEdit}
      dialog={FacebookChannelDialog}
      columns={[
        {
          head: CHANNELS_TEXT.name,
          cell: (channel) => (
            <div className="flex min-w-0 flex-col gap-1">
              <NameCell name={channel.name} />
              <span className="flex min-w-0 items-center gap-1">
                <span
                  className="block max-w-[24rem] truncate font-mono text-xs text-slate-500"
                  title={`${facebookWebhookUrlOf(channel)}\n${TEXT.urlsHint}`}
                >
                  {TEXT.webhookUrl}: {facebookWebhookUrlOf(channel)}
                </span>
                <CopyButton
                  value={facebookWebhookUrlOf(channel)}
                  label={TEXT.copyWebhook}
                  copied={TEXT.copied}
                  failed={TEXT.copyFailed}
                />
              </span>
            </div>
          ),
        },
        {
          head: TEXT.page,
          className: 'w-44',
          cell: (channel) => (
            <div className="flex flex-col">
              <span className="font-medium text-slate-900">
                {String(channel.settings.page_name ?? '') || '—'}
              </span>
              <span className="font-mono text-xs text-slate-500">
                {String(channel.settings.page_id ?? '')}
              </span>
            </div>
          ),
        },
        {
          head: CHANNELS_TEXT.keys,
          className: 'w-52',
          cell: (channel) => <SecretsCell channel={channel} />,
        },
        {
          head: CHANNELS_TEXT.status,
          className: 'w-48',
          cell: (channel) => (
            <ChannelStateCell channel={channel} catalogue={FACEBOOK} canEdit={canEdit} />
          ),
        },
      ]}
    />
  );
}
