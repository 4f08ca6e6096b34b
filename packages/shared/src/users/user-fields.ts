/** Whether a staff account may sign in, as people read it. */
export const USER_STATUS_LABEL = {
  active: 'Hoạt động',
  disabled: 'Vô hiệu hóa',
} as const;

/** The fields of a staff account a change history names, in the order it lists them. */
export const USER_FIELD_LABEL = {
  name: 'Họ tên',
  email: 'Email',
  phone: 'Số điện thoại',
  role: 'Vai trò',
  agent_id: 'Mã nhân viên',
  active: 'Trạng thái',
  organization_name: 'Tổ chức',
  groups: 'Phòng ban',
  sip_username: 'Tài khoản SIP',
  sip_gateway_url: 'SIP gateway',
  hotline: 'Hotline',
  is_admin: 'Quản trị nền tảng',
  default_presence: 'Trạng thái làm việc mặc định',
  avatar_url: 'Ảnh đại diện',
} as const;
export type UserFieldKey = keyof typeof USER_FIELD_LABEL;
