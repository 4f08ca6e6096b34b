import type { DomainDeclaration } from '../platform/domain.js';
import { ADMINISTRATORS, MANAGERS } from '../users/roles.js';

/** Tickets and their saved views. */
export const ticketsDomain = {
  permissions: {
    /**
     * Delete tickets, one or in bulk (the spec is silent): administrators and supervisors, as
     * Zendesk keeps deleting to admins and agents with the right; team leaders and agents close.
     */
    'ticket.delete': MANAGERS,
    /** Change a closed ticket (closed is final for everyone else). */
    'ticket.change_closed': ADMINISTRATORS,
    /** Views shared with the whole tenant (the spec opens /settings/tickets/view to both). */
    'smart_view.share': ['administrator', 'team_leader'],
  },
  auditActions: {
    'ticket.create': 'Tạo ticket',
    'ticket.update': 'Cập nhật ticket',
    'ticket.delete': 'Xóa ticket',
    'ticket.reopen': 'Mở lại do khách hàng phản hồi',
    'ticket.comment': 'Bình luận',
    'ticket.merge': 'Gộp ticket',
    'ticket.split': 'Tách ticket',
    'ticket.link': 'Liên kết ticket',
    'ticket.unlink': 'Gỡ liên kết ticket',
    'ticket.sla_breach': 'Quá hạn SLA',
    'ticket.call_link': 'Gắn cuộc gọi vào ticket',
    'smart_view.create': 'Tạo view ticket',
    'smart_view.update': 'Cập nhật view ticket',
    'smart_view.delete': 'Xóa view ticket',
  },
  customFields: {
    ticket: {
      label: 'Ticket',
      hint: 'Các trường đang dùng hiện trong biểu mẫu ticket mới và bảng thuộc tính của ticket, theo thứ tự dưới đây.',
    },
  },
} as const satisfies DomainDeclaration;
