import { CatalogueListPage, NameCell } from '@/components/catalogue/catalogue-list-page';
import { SettingsGroupNav } from '@/components/layout/settings-group-nav';
import { useCan } from '@/lib/use-can';
import { CHANNELS_TEXT as TEXT } from '../channels-text';
import {
  ChannelSecretsBadge,
  ChannelStateCell,
  ProviderUrlCell,
} from '../components/channel-state';
import { SMS_CHANNELS as SMS, SmsChannelDialog } from '../components/sms-channel-dialog';

/** /settings/multi-channels/sms: the tenant's brandname SMS channels (eSMS.vn). */
export function SmsChannelsPage() {
  const canEdit = useCan('channel.manage');
  return (
    <CatalogueListPage
      catalogue={SMS}
      nav={<SettingsGroupNav group="channels" />}
      addLabel={TEXT.smsAdd}
      tableLabel={TEXT.smsTable}
      hint={TEXT.smsHint}
      deleteHint={TEXT.deleteHint}
      canEdit={canEdit}
      dialog={SmsChannelDialog}
      columns={[
        { head: TEXT.name, cell: (channel) => <NameCell name={channel.name} /> },
        { head: TEXT.brandname, cell: (channel) => String(channel.settings.brandname ?? '') },
        {
          head: TEXT.baseUrl,
          cell: (channel) => <ProviderUrlCell channel={channel} fallback={TEXT.defaultProvider} />,
        },
        {
          head: TEXT.keys,
          className: 'w-28',
          cell: (channel) => <ChannelSecretsBadge channel={channel} />,
        },
        {
          head: TEXT.status,
          className: 'w-72',
          // The state, and beside it pause or resume (the row's own actions edit and delete).
          cell: (channel) => (
            <ChannelStateCell channel={channel} catalogue={SMS} canEdit={canEdit} />
          ),
        },
      ]}
    />
  );
}
