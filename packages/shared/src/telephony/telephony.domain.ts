import type { DomainDeclaration } from '../platform/domain.js';
import { MANAGERS } from '../users/roles.js';

/** The switchboard. */
export const telephonyDomain = {
  permissions: {
    /** Call queues of the switchboard (hotlines, members, overflow); every staff member reads them. */
    'queue.manage': MANAGERS,
  },
  auditActions: {
    'queue.create': 'Tạo hàng chờ',
    'queue.update': 'Cập nhật hàng chờ',
    'queue.delete': 'Xóa hàng chờ',
  },
} as const satisfies DomainDeclaration;
