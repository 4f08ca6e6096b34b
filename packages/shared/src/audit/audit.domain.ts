import type { DomainDeclaration } from '../platform/domain.js';
import { ADMINISTRATORS } from '../users/roles.js';

/** The audit log itself (what other domains record in it, they declare themselves). */
export const auditDomain = {
  permissions: {
    'audit.read': ADMINISTRATORS,
  },
} as const satisfies DomainDeclaration;
