import type { DomainDeclaration } from '../platform/domain.js';
import { LEADERS } from '../users/roles.js';

/** Reports (`/report/*`). */
export const reportsDomain = {
  permissions: {
    /**
     * The ticket, group, customer, custom and agent reports (spec route table); the summary and
     * call reports are every staff member's, within their data scope.
     */
    'report.view': LEADERS,
  },
} as const satisfies DomainDeclaration;
