import type { ServerModule } from '../../platform/modules.js';

/**
 * Routing (README.md): who receives tickets and conversations automatically. It has no routes
 * of its own; tickets (creation, changes), users (presence), groups (a department's settings)
 * and conversations call its decisions.
 */
export const routingModule: ServerModule = { name: 'routing', routes: () => {} };
