import { labelled } from '../platform/labelled.js';

/** Agent presence (spec section 3). Labels the spec leaves out are ours. */
export const PRESENCE = labelled({
  AVAILABLE: 'Sẵn sàng làm việc',
  'NOT AVAILABLE': 'Không sẵn sàng',
  NOACD: 'Sẵn sàng NoACD',
  ONCAMPAIGN: 'Thực hiện chiến dịch',
  TYPING: 'Đang soạn tin',
  ATLUNCH: 'Ăn trưa',
  MEETING: 'Đi họp',
  TRAINING: 'Đào tạo',
  GOOUT: 'Đi ra ngoài',
  LOGOUT: 'Đăng xuất',
});
export type Presence = (typeof PRESENCE.values)[number];

/** Presences an agent picks by hand; TYPING and LOGOUT are set by the system. */
export const SELECTABLE_PRESENCES: readonly Presence[] = [
  'AVAILABLE',
  'NOT AVAILABLE',
  'NOACD',
  'ONCAMPAIGN',
  'ATLUNCH',
  'MEETING',
  'TRAINING',
  'GOOUT',
];
