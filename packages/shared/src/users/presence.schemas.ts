import { z } from 'zod';
import { PRESENCE, type Presence } from './presence.js';

export const presenceField = z.enum(PRESENCE.values as [Presence, ...Presence[]], {
  error: 'Trạng thái không hợp lệ',
});

export const presenceBody = z.object({ presence: presenceField });

/** The answer of PUT /v2/my-presence. */
export const presenceView = z.object({ presence: presenceField });
export type PresenceView = z.infer<typeof presenceView>;
