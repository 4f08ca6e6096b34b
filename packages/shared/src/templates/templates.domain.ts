import type { DomainDeclaration } from '../platform/domain.js';
import { ADMINISTRATORS, MANAGERS } from '../users/roles.js';

/** Message templates and their catalogues. */
export const templatesDomain = {
  permissions: {
    'template_catalog.manage': ADMINISTRATORS,
    /** Shared message templates (everyone or departments); personal ones are their owner's. */
    'template.manage_shared': ADMINISTRATORS,
    /** Read every shared template, and the templates any user may use. */
    'template.read_all': MANAGERS,
  },
  auditActions: {
    'template.create': 'Tạo mẫu',
    'template.update': 'Cập nhật mẫu',
    'template.delete': 'Xóa mẫu',
    'template_catalog.create': 'Tạo danh mục mẫu',
    'template_catalog.update': 'Cập nhật danh mục mẫu',
    'template_catalog.delete': 'Xóa danh mục mẫu',
  },
} as const satisfies DomainDeclaration;
