import type { DomainDeclaration } from '../platform/domain.js';
import { ADMINISTRATORS, LEADERS } from './roles.js';

/** Staff accounts: who reads and manages them, who views as them, what their history records. */
export const usersDomain = {
  permissions: {
    /** Staff lists with their details (`/v2/users`). */
    'staff.read': LEADERS,
    /** Create, edit, disable staff and reset their passwords. */
    'staff.manage': ADMINISTRATORS,
    /** Open a session as another staff member (with the admin flag). */
    'view_as.use': ADMINISTRATORS,
  },
  auditActions: {
    'user.create': 'Tạo mới',
    'user.update': 'Cập nhật',
    'user.activate': 'Kích hoạt',
    'user.disable': 'Vô hiệu hóa',
    'user.reset_password': 'Đặt lại mật khẩu',
    'user.view_as': 'Được xem với tư cách',
    'user.invite': 'Gửi lời mời',
    'user.accept_invite': 'Nhận lời mời',
    'user.change_password': 'Đổi mật khẩu',
    'user.avatar': 'Đổi ảnh đại diện',
    'user.presence': 'Đổi trạng thái làm việc',
    'user.wrap_up_end': 'Kết thúc xử lý sau cuộc gọi',
  },
} as const satisfies DomainDeclaration;
