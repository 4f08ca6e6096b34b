import { channelsOfKind } from '../channels.queries';
import { CHANNELS_TEXT as TEXT } from '../channels-text';
import { providerChannelDialog } from './provider-channel-dialog';

export const SMS_CHANNELS = channelsOfKind('sms');

/** An eSMS.vn brandname channel: its brandname, the API address, the API key and secret key. */
export const SmsChannelDialog = providerChannelDialog({
  kind: 'sms',
  catalogue: SMS_CHANNELS,
  add: TEXT.smsAdd,
  edit: TEXT.smsEdit,
  description: TEXT.smsDescription,
  settings: [{ name: 'brandname', label: TEXT.brandname }],
  baseUrl: { hint: TEXT.baseUrlHint, placeholder: 'https://rest.esms.vn' },
  secrets: [
    { name: 'api_key', label: TEXT.apiKey },
    { name: 'secret_key', label: TEXT.secretKey },
  ],
});
