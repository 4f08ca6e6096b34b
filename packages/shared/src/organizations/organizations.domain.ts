import type { DomainDeclaration } from '../platform/domain.js';
import { ADMINISTRATORS } from '../users/roles.js';

export const organizationsDomain = {
  permissions: {
    'organization.manage': ADMINISTRATORS,
  },
  auditActions: {
    'organization.create': 'Tạo tổ chức',
    'organization.update': 'Cập nhật tổ chức',
    'organization.delete': 'Xóa tổ chức',
  },
} as const satisfies DomainDeclaration;
