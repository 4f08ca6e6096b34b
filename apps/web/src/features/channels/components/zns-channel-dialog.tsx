import { channelsOfKind } from '../channels.queries';
import { ZNS_TEXT } from '../channels-text';
import { providerChannelDialog } from './provider-channel-dialog';

export const ZNS_CHANNELS = channelsOfKind('zns');

/** A Zalo ZNS channel: the OA's access token and, optionally, Zalo's API address. */
export const ZnsChannelDialog = providerChannelDialog({
  kind: 'zns',
  catalogue: ZNS_CHANNELS,
  add: ZNS_TEXT.add,
  edit: ZNS_TEXT.edit,
  description: ZNS_TEXT.description,
  settings: [],
  baseUrl: { hint: ZNS_TEXT.baseUrlHint, placeholder: 'https://business.openapi.zalo.me' },
  secrets: [{ name: 'access_token', label: ZNS_TEXT.accessToken }],
});
