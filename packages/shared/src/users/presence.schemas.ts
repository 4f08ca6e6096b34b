import { z } from 'zod';
import { PRESENCE } from './presence.js';

export const presenceBody = z.object({
  presence: z.enum(PRESENCE.values as [string, ...string[]], { error: 'Trạng thái không hợp lệ' }),
});
