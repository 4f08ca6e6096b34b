import { and, eq, ne } from 'drizzle-orm';
import { ROUTABLE_PRESENCE } from '@omnicare/shared/routing/routing-rules';
import { users } from '../../db/schema/users.js';

/**
 * Who may be handed new work automatically, of any kind (tickets, conversations, calls): active
 * staff whose presence is AVAILABLE (`ROUTABLE_PRESENCE`), as a condition on `users`. Each kind
 * adds its own capacity: the department's or the chat settings' open items (`nextMember`), one
 * call at a time (`nextCallMember`).
 */
export const routableStaff = () =>
  and(eq(users.active, true), ne(users.role, 'end_user'), eq(users.presence, ROUTABLE_PRESENCE));
