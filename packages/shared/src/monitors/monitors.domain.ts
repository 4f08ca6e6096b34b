import type { DomainDeclaration } from '../platform/domain.js';
import { MANAGERS } from '../users/roles.js';

/** Live monitors (spec route table: /monitors, administrator and supervisor). */
export const monitorsDomain = {
  permissions: {
    /** The five monitors, their snapshot pushed live and the rows behind each figure. */
    'monitors.read': MANAGERS,
    /** Set an agent's presence from the agents monitor (never an account above one's own). */
    'monitors.presence': MANAGERS,
  },
} as const satisfies DomainDeclaration;
