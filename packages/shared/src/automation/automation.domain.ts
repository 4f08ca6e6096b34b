import type { DomainDeclaration } from '../platform/domain.js';
import { LEADERS } from '../users/roles.js';

/** Automation workflows, switched by the spec's tenant `workflow` setting. */
export const automationDomain = {
  permissions: {
    /** Read automation workflows and their run histories (every staff role). */
    'automation.view': ['administrator', 'supervisor', 'team_leader', 'agent'],
    /**
     * Create, edit, publish, copy and delete workflows: their actions change any ticket of the
     * tenant and call outside addresses, so leaders and above, not agents.
     */
    'automation.manage': LEADERS,
  },
  auditActions: {
    'workflow.create': 'Tạo kịch bản tự động hóa',
    'workflow.update': 'Cập nhật kịch bản tự động hóa',
    'workflow.change_status': 'Đổi trạng thái kịch bản tự động hóa',
    'workflow.delete': 'Xóa kịch bản tự động hóa',
  },
  features: {
    automation: {
      label: 'Tự động hóa',
      setting: 'workflow',
      offMessage: 'Tự động hóa chưa được bật cho doanh nghiệp của bạn',
    },
  },
} as const satisfies DomainDeclaration;
