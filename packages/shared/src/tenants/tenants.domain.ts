import type { DomainDeclaration } from '../platform/domain.js';
import { ADMINISTRATORS } from '../users/roles.js';

/** A tenant's own configuration, and the platform administrator's view of every tenant. */
export const tenantsDomain = {
  permissions: {
    'tenant.configure': ADMINISTRATORS,
    /** Read and configure every tenant (with the admin flag). */
    'platform.administer': ADMINISTRATORS,
  },
  auditActions: {
    'tenant.update': 'Cập nhật cấu hình',
    'tenant.private_webhooks': 'Đổi quyền gọi webhook tới địa chỉ nội bộ',
  },
} as const satisfies DomainDeclaration;
