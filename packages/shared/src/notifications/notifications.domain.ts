import type { DomainDeclaration } from '../platform/domain.js';
import { ADMINISTRATORS } from '../users/roles.js';

export const notificationsDomain = {
  permissions: {
    /** Send an announcement to staff through the bell. */
    'notification.announce': ADMINISTRATORS,
  },
} as const satisfies DomainDeclaration;
