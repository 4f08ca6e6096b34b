import type { DomainDeclaration } from '../platform/domain.js';
import { LEADERS, MANAGERS } from '../users/roles.js';

/** Reports (`/report/*`). */
export const reportsDomain = {
  permissions: {
    /**
     * The ticket, group, customer, custom and agent reports (spec route table); the summary and
     * call reports are every staff member's, within their data scope.
     */
    'report.view': LEADERS,
    /** Custom reports saved for everyone who reads them; one's own are anyone's with `report.view`. */
    'report.share': MANAGERS,
    /** Reports mailed to chosen staff on a schedule. */
    'report.schedule': MANAGERS,
    /** The ad spend behind the ad-funnel report's cost per conversation. */
    'report.ad_spend': MANAGERS,
  },
  auditActions: {
    'saved_report.create': 'Lưu báo cáo tùy chỉnh',
    'saved_report.update': 'Cập nhật báo cáo tùy chỉnh',
    'saved_report.delete': 'Xóa báo cáo tùy chỉnh',
    'report_schedule.create': 'Tạo lịch gửi báo cáo',
    'report_schedule.update': 'Cập nhật lịch gửi báo cáo',
    'report_schedule.delete': 'Xóa lịch gửi báo cáo',
  },
} as const satisfies DomainDeclaration;
