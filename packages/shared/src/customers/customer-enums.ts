import { labelled } from '../platform/labelled.js';

/** Customer tier codes 0-3. */
export const CUSTOMER_TIER = labelled({ 0: 'Thường', 1: 'Bạc', 2: 'Vàng', 3: 'Kim cương' });
export type CustomerTier = (typeof CUSTOMER_TIER.values)[number];
/** The English names the spec gives each tier code. */
export const CUSTOMER_TIER_CODE_NAMES = {
  0: 'economy',
  1: 'silver',
  2: 'gold',
  3: 'diamond',
} as const;

export const GENDER = labelled({ male: 'Nam', female: 'Nữ', other: 'Khác' });
export type Gender = (typeof GENDER.values)[number];

/** Customer-group target value (spec section 9). */
export const CUSTOMER_GROUP_TARGET = 'end_user';

/** A customer's fields as timelines name them (the keys of the customer as the API gives it). */
export const CUSTOMER_FIELD_LABEL = {
  name: 'Tên khách hàng',
  gender: 'Giới tính',
  birthday: 'Ngày sinh',
  phones: 'Số điện thoại',
  emails: 'Email',
  address: 'Địa chỉ',
  city_code: 'Tỉnh/Thành phố',
  district_code: 'Quận/Huyện',
  tier: 'Hạng khách hàng',
  groups: 'Nhóm khách hàng',
  tags: 'Tags',
  organization: 'Tổ chức',
  owner: 'Người phụ trách',
  source: 'Nguồn',
  notes: 'Ghi chú',
} as const;
export type CustomerFieldKey = keyof typeof CUSTOMER_FIELD_LABEL;
