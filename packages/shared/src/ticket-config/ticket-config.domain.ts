import type { DomainDeclaration } from '../platform/domain.js';
import { ADMINISTRATORS } from '../users/roles.js';

/** Ticket priorities, types, services and templates. */
export const ticketConfigDomain = {
  permissions: {
    /**
     * Ticket priorities, types, services, templates, working time and SLA policies live under
     * /settings (administrators only, spec section 6); every staff member reads them for the
     * ticket form.
     */
    'ticket_config.manage': ADMINISTRATORS,
  },
  auditActions: {
    'ticket_priority.create': 'Tạo mức độ ưu tiên',
    'ticket_priority.update': 'Cập nhật mức độ ưu tiên',
    'ticket_priority.delete': 'Xóa mức độ ưu tiên',
    'ticket_type.create': 'Tạo loại ticket',
    'ticket_type.update': 'Cập nhật loại ticket',
    'ticket_type.delete': 'Xóa loại ticket',
    'ticket_service.create': 'Tạo dịch vụ',
    'ticket_service.update': 'Cập nhật dịch vụ',
    'ticket_service.delete': 'Xóa dịch vụ',
    'ticket_template.create': 'Tạo mẫu ticket',
    'ticket_template.update': 'Cập nhật mẫu ticket',
    'ticket_template.delete': 'Xóa mẫu ticket',
  },
} as const satisfies DomainDeclaration;
