import { JOB_MESSAGES } from '@omnicare/shared/jobs/jobs.schemas';
import type { Platform } from '../../platform/context.js';
import { contextForUser, type AuthContext } from '../../platform/auth.js';
import { AppError } from '../../platform/errors.js';

/** Who started a job: its work runs with their tenant, role and data scope. */
export const actorOf = (auth: AuthContext) => ({ userId: auth.userId });

/** The job runs as its user does now: tenant, role and data scope read afresh. */
export async function authOfActor(
  platform: Platform,
  actor: { userId: string },
): Promise<AuthContext> {
  const auth = await contextForUser(platform.database.pool, actor.userId);
  if (!auth) throw new AppError(403, JOB_MESSAGES.actorGone);
  return auth;
}
