import type { DomainDeclaration } from '../platform/domain.js';
import { ADMINISTRATORS, MANAGERS } from '../users/roles.js';

/** Departments and customer groups. */
export const groupsDomain = {
  permissions: {
    'department.manage': ADMINISTRATORS,
    /**
     * Customer groups are a catalogue shared by the whole tenant: renaming or deleting one
     * changes customers outside a team leader's scope, so, as Zendesk's admins, administrators
     * and supervisors manage them.
     */
    'customer_group.manage': MANAGERS,
  },
  auditActions: {
    'group.create': 'Tạo nhóm',
    'group.update': 'Cập nhật nhóm',
    'group.delete': 'Xóa nhóm',
  },
} as const satisfies DomainDeclaration;
