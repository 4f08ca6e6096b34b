import { z } from 'zod';

export const CREDENTIAL_MESSAGES = {
  notFound: 'Không tìm thấy tài khoản SIP',
  found: 'Thông tin xác thực SIP',
} as const;

/**
 * POST /v2/telephony/credentials (gateway only, header x-gateway-secret): the SIP gateway asks
 * for an agent's digest credential when the agent REGISTERs or places a call. The password
 * itself never leaves the server: the answer is HA1 = md5(username:realm:password).
 */
export const credentialRequest = z.object({
  /** The SIP username (users.sip_username), unique across tenants. */
  username: z.string().trim().min(1).max(255),
  /** The digest realm the gateway challenged with (its SIP domain, e.g. 127.0.0.1). */
  realm: z.string().trim().min(1).max(255),
});
export type CredentialRequest = z.infer<typeof credentialRequest>;

export const credentialAnswer = z.object({
  ha1: z.string().regex(/^[0-9a-f]{32}$/),
  /** The staff member's agent id, for the gateway's logs and events. */
  agent_id: z.string(),
});
export type CredentialAnswer = z.infer<typeof credentialAnswer>;
