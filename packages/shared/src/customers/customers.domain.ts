import type { DomainDeclaration } from '../platform/domain.js';
import { LEADERS, MANAGERS } from '../users/roles.js';

/** Customers, their tags and tag groups; their timeline reads the `customer.*` audit actions. */
export const customersDomain = {
  permissions: {
    'customer.delete': LEADERS,
    'customer.merge': LEADERS,
    /**
     * Tag groups are a catalogue shared by the whole tenant: renaming or deleting one changes
     * customers outside a team leader's scope, so administrators and supervisors manage them.
     */
    'tag_group.manage': MANAGERS,
  },
  auditActions: {
    'customer.create': 'Tạo khách hàng',
    'customer.update': 'Cập nhật thông tin',
    'customer.avatar': 'Đổi ảnh đại diện',
    'customer.add_group': 'Thêm vào nhóm khách hàng',
    'customer.remove_group': 'Bỏ khỏi nhóm khách hàng',
    'customer.add_tag': 'Gắn tag',
    'customer.remove_tag': 'Gỡ tag',
    'customer.assign_owner': 'Đổi người phụ trách',
    'customer.merge': 'Gộp khách hàng',
    'customer.delete': 'Xóa khách hàng',
    'customer.import_create': 'Tạo từ tệp nhập',
    'customer.import_update': 'Cập nhật từ tệp nhập',
    /** Written by tickets and calls onto the customer's timeline. */
    'customer.ticket_created': 'Tạo ticket',
    'customer.call': 'Cuộc gọi',
    'tag_group.create': 'Tạo nhóm tags',
    'tag_group.update': 'Cập nhật nhóm tags',
    'tag_group.delete': 'Xóa nhóm tags',
  },
  customFields: {
    customer: {
      label: 'Khách hàng',
      hint: 'Các trường đang dùng hiện trong hồ sơ khách hàng và bộ lọc danh sách khách hàng, theo thứ tự dưới đây.',
    },
  },
} as const satisfies DomainDeclaration;
