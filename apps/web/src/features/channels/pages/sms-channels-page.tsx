import type { ChannelView } from '@omnicare/shared/channels/channels.schemas';
import { CatalogueListPage, NameCell } from '@/components/catalogue/catalogue-list-page';
import { SettingsGroupNav } from '@/components/layout/settings-group-nav';
import { Badge } from '@/components/ui/badge';
import { useCan } from '@/lib/use-can';
import { channelsOfKind } from '../channels.queries';
import { CHANNELS_TEXT as TEXT } from '../channels-text';
import { SmsChannelDialog } from '../components/sms-channel-dialog';

const SMS = channelsOfKind('sms');

/** Whether every secret of the channel is stored (never their values). */
const keysSet = (channel: ChannelView) => Object.values(channel.secrets).every(Boolean);

/** /settings/multi-channels/sms: the tenant's brandname SMS channels (eSMS.vn). */
export function SmsChannelsPage() {
  return (
    <CatalogueListPage
      catalogue={SMS}
      nav={<SettingsGroupNav group="channels" />}
      addLabel={TEXT.smsAdd}
      tableLabel={TEXT.smsTable}
      hint={TEXT.smsHint}
      deleteHint={TEXT.deleteHint}
      canEdit={useCan('channel.manage')}
      dialog={SmsChannelDialog}
      columns={[
        { head: TEXT.name, cell: (channel) => <NameCell name={channel.name} /> },
        { head: TEXT.brandname, cell: (channel) => String(channel.settings.brandname ?? '') },
        {
          head: TEXT.baseUrl,
          cell: (channel) =>
            String(channel.settings.base_url ?? '') || (
              <span className="text-slate-500">{TEXT.defaultProvider}</span>
            ),
        },
        {
          head: TEXT.keys,
          className: 'w-28',
          cell: (channel) => (
            <Badge variant={keysSet(channel) ? 'success' : 'warning'}>
              {keysSet(channel) ? TEXT.keysSet : TEXT.keysMissing}
            </Badge>
          ),
        },
        {
          head: TEXT.status,
          className: 'w-36',
          cell: (channel) => (
            <Badge variant={channel.status === 'active' ? 'success' : 'secondary'}>
              {channel.status === 'active' ? TEXT.active : TEXT.disabled}
            </Badge>
          ),
        },
      ]}
    />
  );
}
