/** Words of the own-profile screen. */
export const PROFILE_PATH = '/profile';
export const PROFILE_TITLE = 'Hồ sơ của tôi';

export const PROFILE_TEXT = {
  info: 'Thông tin cá nhân',
  infoHint: 'Tên hiển thị với đồng nghiệp và trên lịch sử thay đổi.',
  name: 'Họ tên',
  email: 'Email',
  role: 'Vai trò',
  agentId: 'Mã nhân viên',
  defaultPresence: 'Trạng thái mặc định khi đăng nhập',
  keepLastPresence: 'Giữ trạng thái lần trước',
  emailSignature: 'Chữ ký email',
  emailSignatureHint: 'Thêm vào cuối mỗi trả lời công khai bạn gửi qua email.',
  emailSignaturePlaceholder: 'Nguyễn Văn An\nBộ phận Chăm sóc khách hàng · 1900 1234',
  save: 'Lưu thay đổi',
  password: 'Đổi mật khẩu',
  passwordHint:
    'Mật khẩu mới có ít nhất 8 ký tự, gồm chữ và số. Các phiên đăng nhập khác sẽ kết thúc.',
  currentPassword: 'Mật khẩu hiện tại',
  newPassword: 'Mật khẩu mới',
  confirmPassword: 'Nhập lại mật khẩu mới',
  mismatch: 'Mật khẩu nhập lại không khớp',
  changePassword: 'Đổi mật khẩu',
  sessions: 'Phiên đăng nhập',
  sessionsHint:
    'Đăng xuất khỏi mọi trình duyệt và thiết bị khác đang dùng tài khoản này; phiên hiện tại vẫn giữ.',
  signOutOthers: 'Đăng xuất khỏi các phiên khác',
  signOutOthersConfirm: 'Đăng xuất tài khoản của bạn khỏi mọi phiên khác?',
  viewAsReadOnly: 'Đang xem dưới quyền người khác: không đổi được mật khẩu hay phiên đăng nhập.',
} as const;
