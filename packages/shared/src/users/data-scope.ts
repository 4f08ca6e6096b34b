import { labelled } from '../platform/labelled.js';

export const DATA_SCOPE = labelled({
  all: 'Tất cả',
  my_organization: 'Tổ chức của tôi',
  my_group: 'Nhóm của tôi',
  me: 'Khách hàng của tôi',
});
export type DataScope = (typeof DATA_SCOPE.values)[number];
