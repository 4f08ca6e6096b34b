import type { z } from 'zod';
import type { CHANNEL_CONFIG, ConnectableKind } from '@omnicare/shared/channels/channels.schemas';
import type { ChannelTestView } from '@omnicare/shared/channels/email-settings';

/** A channel as its driver sees it: its settings, and its secrets opened (server memory only). */
export interface OpenChannel<Kind extends ConnectableKind = ConnectableKind> {
  id: string;
  tenantId: string;
  kind: Kind;
  name: string;
  settings: z.output<(typeof CHANNEL_CONFIG)[Kind]['settings']>;
  secrets: Partial<Record<SecretName<Kind>, string>>;
}

/** The names of a kind's secrets: those entered and those its connection flow writes. */
type SecretName<Kind extends ConnectableKind> =
  | keyof (typeof CHANNEL_CONFIG)[Kind]['secrets']
  | ((typeof CHANNEL_CONFIG)[Kind] extends { oauthSecrets: infer Extra } ? keyof Extra : never);

/**
 * What a kind of channel does with its provider. Every channel has one driver; the rest of the
 * product (the chat workspace, ticket replies, automation) goes through it and never calls a
 * provider itself. Today: outbound sends (SMS, ZNS, email), `test` (email) and, for email, a
 * `receive` that polls the mailbox. The channels to come add, on this same interface, `receive`
 * (verify a webhook's signature and parse its messages, idempotent by the provider's id) and
 * `deliveryUpdates` (the provider's delivered / seen / failed reports).
 */
export interface ChannelDriver<Kind extends ConnectableKind, Outbound, Sent> {
  kind: Kind;
  /** Sends one message; throws an Error whose message names the provider's reason and code. */
  send(channel: OpenChannel<Kind>, message: Outbound): Promise<Sent>;
  /**
   * The settings screen's connection check (`POST /v2/channels/{id}/test`): never throws; says
   * per side, in Vietnamese, what failed.
   */
  test?(channel: OpenChannel<Kind>): Promise<ChannelTestView>;
}
