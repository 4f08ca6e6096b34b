import type { DomainDeclaration } from '../platform/domain.js';

/** SLA policies (managed under `ticket_config.manage`). */
export const slaDomain = {
  auditActions: {
    'sla_policy.create': 'Tạo chính sách SLA',
    'sla_policy.update': 'Cập nhật chính sách SLA',
    'sla_policy.delete': 'Xóa chính sách SLA',
  },
} as const satisfies DomainDeclaration;
