import type { UserStatus } from './users.api';

/** Words of the staff screens that packages/shared does not catalogue. */
export const USER_STATUS_LABEL: Record<UserStatus, string> = {
  active: 'Hoạt động',
  disabled: 'Vô hiệu hóa',
};

export const USERS_TEXT = {
  activate: 'Kích hoạt',
  disable: 'Vô hiệu hóa',
  edit: 'Chỉnh sửa',
  resetPassword: 'Đặt lại mật khẩu',
  history: 'Lịch sử thay đổi',
  addMember: 'Thêm nhân viên',
  createTitle: 'Thêm nhân viên',
  inviteMember: 'Mời nhân viên',
  inviteTitle: 'Mời nhân viên qua email',
  inviteDescription: 'Người được mời nhận email có liên kết để tự đặt mật khẩu (hiệu lực 7 ngày).',
  sendInvite: 'Gửi lời mời',
  resendInvite: 'Gửi lại lời mời',
  invitePending: 'Chờ nhận lời mời',
  agentIdAuto: 'Để trống để tự cấp mã tiếp theo.',
  editTitle: 'Cập nhật nhân viên',
  keepSipPassword: 'Để trống để giữ mật khẩu hiện tại',
  // Short enough to show whole at 1366 wide beside four filters.
  searchPlaceholder: 'Tìm tên, email, mã NV',
  allRoles: 'Tất cả vai trò',
  allDepartments: 'Tất cả phòng ban',
  allOrganizations: 'Tất cả tổ chức',
  allStates: 'Tất cả trạng thái',
  noOrganization: 'Không thuộc tổ chức',
  selected: (count: number) => `Đã chọn ${count} nhân viên`,
  clearSelection: 'Bỏ chọn',
  bulkActivateTitle: 'Kích hoạt nhân viên',
  bulkDisableTitle: 'Vô hiệu hóa nhân viên',
  bulkActivateQuestion: (count: number) => `Kích hoạt ${count} nhân viên đã chọn?`,
  bulkDisableQuestion: (count: number) =>
    `Vô hiệu hóa ${count} nhân viên đã chọn? Họ sẽ bị đăng xuất ngay lập tức.`,
  activateQuestion: (name: string) => `Kích hoạt lại tài khoản của ${name}?`,
  disableQuestion: (name: string) =>
    `Vô hiệu hóa tài khoản của ${name}? Người này sẽ bị đăng xuất ngay lập tức.`,
  bulkResultTitle: 'Kết quả thực hiện',
  bulkFailedList: 'Không thực hiện được:',
  resetPasswordHint: (name: string) =>
    `Đặt mật khẩu mới cho ${name}. Mọi phiên đăng nhập của người này sẽ kết thúc.`,
  newPassword: 'Mật khẩu mới',
  confirmPassword: 'Nhập lại mật khẩu',
  sipSection: 'Tài khoản SIP (softphone)',
  sipGatewayHint: 'Một hoặc hai địa chỉ wss:// cách nhau bởi dấu phẩy (chính trước, dự phòng sau)',
  noHistory: 'Chưa có thay đổi nào được ghi lại.',
  system: 'Hệ thống',
  viewedBy: (name: string) => `(${name} xem dưới quyền)`,
} as const;

/** Field names of a user record in the change history. */
export const USER_FIELD_LABEL: Readonly<Record<string, string>> = {
  name: 'Họ tên',
  email: 'Email',
  phone: 'Số điện thoại',
  role: 'Vai trò',
  agent_id: 'Mã nhân viên',
  active: 'Trạng thái',
  organization_id: 'Tổ chức',
  organization_name: 'Tổ chức',
  groups: 'Phòng ban',
  sip_username: 'Tài khoản SIP',
  sip_gateway_url: 'SIP gateway',
  hotline: 'Hotline',
  is_admin: 'Quản trị nền tảng',
};
