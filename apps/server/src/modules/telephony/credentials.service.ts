import { createHash } from 'node:crypto';
import { and, eq, isNotNull } from 'drizzle-orm';
import {
  CREDENTIAL_MESSAGES,
  type CredentialRequest,
} from '@omnicare/shared/telephony/credentials.schemas';
import { users } from '../../db/schema/users.js';
import type { Platform } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';

/**
 * The digest credential of an agent for the SIP gateway: HA1 = md5(username:realm:password)
 * from the decrypted SIP password, so the gateway checks REGISTER and INVITE without ever
 * holding the password. SIP usernames are unique across tenants (users.service refuses a
 * taken one); a username that is nevertheless held by two accounts is refused rather than
 * guessed, like an unknown one, an inactive account or one without a SIP password: 404.
 */
export async function credentialOf(platform: Platform, body: CredentialRequest) {
  const rows = await platform.db
    .select({
      agentId: users.agentId,
      active: users.active,
      sealed: users.sipPasswordEncrypted,
    })
    .from(users)
    .where(and(eq(users.sipUsername, body.username), isNotNull(users.sipPasswordEncrypted)))
    .limit(2);
  const [row] = rows;
  if (rows.length !== 1 || !row?.active || !row.sealed)
    throw new AppError(404, CREDENTIAL_MESSAGES.notFound);
  let password: string;
  try {
    password = platform.secrets.open(row.sealed);
  } catch {
    // Sealed with another data key (a copied database): nobody can sign in with it.
    throw new AppError(404, CREDENTIAL_MESSAGES.notFound);
  }
  const ha1 = createHash('md5').update(`${body.username}:${body.realm}:${password}`).digest('hex');
  return { ha1, agent_id: row.agentId };
}
