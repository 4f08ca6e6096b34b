import { labelled } from '../platform/labelled.js';

/** Where a ticket, conversation or customer came from (spec section 3). */
export const CHANNEL_SOURCE = labelled({
  web: 'Livechat',
  chat: 'Livechat',
  CALL_INBOUND: 'Gọi vào',
  CALL_OUTBOUND: 'Gọi ra',
  call: 'Cuộc gọi',
  zalo: 'Zalo',
  facebook: 'Facebook',
  email: 'Email',
  hand: 'Thủ công',
  api: 'Từ CRM',
  import: 'Nhập từ tệp',
  whatsapp: 'WhatsApp',
});
export type ChannelSource = (typeof CHANNEL_SOURCE.values)[number];
