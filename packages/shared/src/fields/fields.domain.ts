import type { DomainDeclaration } from '../platform/domain.js';
import { ADMINISTRATORS } from '../users/roles.js';

/** Custom field definitions (the records carrying them are declared by their own domains). */
export const fieldsDomain = {
  permissions: {
    'custom_field.manage': ADMINISTRATORS,
  },
  auditActions: {
    'field.create': 'Tạo trường tùy chỉnh',
    'field.update': 'Cập nhật trường tùy chỉnh',
    'field.delete': 'Xóa trường tùy chỉnh',
  },
} as const satisfies DomainDeclaration;
