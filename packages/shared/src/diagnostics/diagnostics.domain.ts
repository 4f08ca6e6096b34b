import type { DomainDeclaration } from '../platform/domain.js';
import { ADMINISTRATORS } from '../users/roles.js';

export const diagnosticsDomain = {
  permissions: {
    'diagnostics.read': ADMINISTRATORS,
  },
} as const satisfies DomainDeclaration;
