import { and, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { ChannelSource } from '@omnicare/shared/channels/channel-source';
import type { ConversationReferral } from '@omnicare/shared/conversations/conversations.schemas';
import type { MessageKind } from '@omnicare/shared/conversations/message-enums';
import { ticketBody } from '@omnicare/shared/tickets/tickets.schemas';
import { TICKET_CONVERSATION_MESSAGES } from '@omnicare/shared/tickets/ticket-comments.schemas';
import { createBatcher } from '../../platform/batcher.js';
import type { Platform } from '../../platform/context.js';
import type { Transaction } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { customerIdentities } from '../../db/schema/channel-inbound.js';
import { conversations } from '../../db/schema/conversations.js';
import { customers } from '../../db/schema/customers.js';
import { tickets } from '../../db/schema/tickets.js';
import { matchOrCreateCustomer } from '../customers/customer-match.js';
import {
  writeCustomerReply,
  type UploadedFile,
  type WrittenComment,
} from '../tickets/ticket-comments.service.js';
import { createTicket } from '../tickets/ticket-create.js';
import * as repo from './conversations.repository.js';

/**
 * The one inbound path of the chat-like channels (Zalo OA, Messenger; WhatsApp later): a
 * provider's message becomes a customer's message on their open conversation of that channel,
 * as a livechat visitor's does. The channel's driver verifies and parses its webhook; this file
 * knows no provider.
 */

/** A chat channel as its inbound messages need it. */
export interface InboundChannel {
  id: string;
  tenantId: string;
  kind: 'zalo' | 'facebook' | 'whatsapp';
  /** The department its new conversations are routed to (none: the whole tenant). */
  groupId: string | null;
}

/** Who wrote, as the provider names them (its id is scoped to the channel: OA, page, number). */
export interface InboundSender {
  externalId: string;
  name?: string;
  phone?: string;
  avatarUrl?: string;
  /** Asked only for a sender not seen before (a provider's profile call). */
  describe?: () => Promise<Omit<InboundSender, 'externalId' | 'describe'>>;
}

export interface InboundMessage {
  /** The provider's id of the message: a redelivery of it is written once. */
  providerMessageId: string;
  kind: Extract<MessageKind, 'text' | 'image' | 'file' | 'sticker' | 'location'>;
  text: string;
  files?: UploadedFile[];
  /** What the kind carries beyond its text (coordinates, the provider's file address…). */
  content?: Record<string, unknown> | null;
  /** The ad, post or link the message followed (the conversation keeps its first). */
  referral?: ConversationReferral;
}

/** A provider's referral field as kept: trimmed text of 500 characters at most, or null. */
export const referralText = (value: unknown) =>
  typeof value === 'string' && value.trim() ? value.trim().slice(0, 500) : null;

/**
 * A new conversation: a ticket from the channel (source `source`, the channel's department,
 * routed by the ticket rules as any new ticket) and its `conversations` row, in the ticket's own
 * transaction (`createTicket`'s `alongside`); `within` adds the caller's bookkeeping to it
 * (livechat points its visitor at it, and throws to undo all when it lost a race).
 */
export async function startConversation(
  platform: Platform,
  input: {
    tenantId: string;
    channelId: string;
    groupId: string | null;
    customerId: string;
    subject: string;
    source: ChannelSource;
    referral?: ConversationReferral;
  },
  within?: (tx: Transaction, ticketId: string) => Promise<void>,
): Promise<{ _id: string; code: string }> {
  const ticket = await createTicket(
    platform,
    { tenantId: input.tenantId, userId: null, impersonatorId: null },
    ticketBody.parse({
      subject: input.subject.replace(/\s+/g, ' ').trim().slice(0, 120) || 'Hội thoại',
      requester_id: input.customerId,
      group_id: input.groupId,
      source: input.source,
    }),
    {
      alongside: async (tx, ticketId) => {
        await repo.insertConversation(tx, {
          tenantId: input.tenantId,
          ticketId,
          channelId: input.channelId,
          at: new Date(),
          referral: input.referral,
        });
        await within?.(tx, ticketId);
      },
    },
  );
  return { _id: ticket._id, code: ticket.code };
}

/**
 * The ticket of the requester's newest conversation on the channel while it is not closed (null
 * otherwise), as a subquery.
 */
const openConversationSql = (tenantId: SQL, channelId: SQL, requesterId: SQL) => sql<
  string | null
>`(
  select case when t.status <> 'closed' then c.ticket_id end
  from ${conversations} c join ${tickets} t on t.id = c.ticket_id
  where c.tenant_id = ${tenantId} and c.channel_id = ${channelId}
    and t.requester_id = ${requesterId}
  order by c.created_at desc limit 1)`;

interface SenderKey {
  tenantId: string;
  channelId: string;
  externalId: string;
}
type KnownSender = { customerId: string; openTicketId: string | null } | undefined;

/**
 * The customers senders are known as on their channels (their provider ids seen there before),
 * each with their newest conversation on it while that is not closed: one statement for the
 * senders asked together, as every message of a known sender asks both.
 */
async function knownSenders(platform: Platform, keys: SenderKey[]): Promise<KnownSender[]> {
  const { rows } = await platform.db.execute<{
    i: string;
    customer_id: string;
    open_ticket_id: string | null;
  }>(sql`
    select k.i, ci.customer_id,
      ${openConversationSql(sql`k.tenant_id`, sql`k.channel_id`, sql`ci.customer_id`)} as open_ticket_id
    from unnest(${sql.param(keys.map((key) => key.tenantId))}::uuid[],
      ${sql.param(keys.map((key) => key.channelId))}::uuid[],
      ${sql.param(keys.map((key) => key.externalId))}::text[]) with ordinality k(tenant_id, channel_id, external_id, i)
    join ${customerIdentities} ci on ci.tenant_id = k.tenant_id and ci.channel_id = k.channel_id
      and ci.external_id = k.external_id`);
  const byIndex = new Map(rows.map((row) => [Number(row.i), row]));
  return keys.map((_, index) => {
    const row = byIndex.get(index + 1);
    return row && { customerId: row.customer_id, openTicketId: row.open_ticket_id };
  });
}
const senderLookups = new WeakMap<Platform, (key: SenderKey) => Promise<KnownSender>>();

/** `knownSenders` of one sender, asked together with the others of the same turn. */
function knownSender(platform: Platform, channel: InboundChannel, externalId: string) {
  let lookup = senderLookups.get(platform);
  if (!lookup) {
    lookup = createBatcher((keys: SenderKey[]) => knownSenders(platform, keys), { max: 100 });
    senderLookups.set(platform, lookup);
  }
  return lookup({ tenantId: channel.tenantId, channelId: channel.id, externalId });
}

/**
 * The customer of a sender not known on the channel yet: matched by phone (when the provider
 * shared it) or made, and remembered by their provider id. Two first messages at once end on
 * one identity (the loser reads the winner's).
 */
async function newSender(platform: Platform, channel: InboundChannel, sender: InboundSender) {
  const profile = { ...sender, ...(await sender.describe?.()) };
  const customer = await matchOrCreateCustomer(platform, channel.tenantId, {
    name: profile.name,
    phone: profile.phone,
    source: channel.kind,
  });
  if (profile.avatarUrl?.startsWith('https://'))
    await platform.db
      .update(customers)
      .set({ avatarUrl: profile.avatarUrl })
      .where(and(eq(customers.id, customer.id), isNull(customers.avatarUrl)));
  const [inserted] = await platform.db
    .insert(customerIdentities)
    .values({
      tenantId: channel.tenantId,
      channelId: channel.id,
      channelKind: channel.kind,
      externalId: sender.externalId,
      customerId: customer.id,
    })
    .onConflictDoNothing()
    .returning({ customerId: customerIdentities.customerId });
  return (
    inserted?.customerId ??
    (await knownSender(platform, channel, sender.externalId))?.customerId ??
    customer.id
  );
}

/** The provider id a customer has on a channel (where a reply through it goes). */
export async function externalIdOf(
  platform: Platform,
  tenantId: string,
  channelId: string,
  customerId: string,
) {
  const [row] = await platform.db
    .select({ externalId: customerIdentities.externalId })
    .from(customerIdentities)
    .where(
      and(
        eq(customerIdentities.tenantId, tenantId),
        eq(customerIdentities.channelId, channelId),
        eq(customerIdentities.customerId, customerId),
      ),
    )
    .orderBy(desc(customerIdentities.createdAt))
    .limit(1);
  return row?.externalId;
}

/** `openConversationSql` of one customer. */
async function openConversationOf(platform: Platform, channel: InboundChannel, customerId: string) {
  const { rows } = await platform.db.execute<{ ticket_id: string | null }>(
    sql`select ${openConversationSql(
      sql`${channel.tenantId}::uuid`,
      sql`${channel.id}::uuid`,
      sql`${customerId}::uuid`,
    )} as ticket_id`,
  );
  return rows[0]?.ticket_id ?? undefined;
}

const closedRefusal = (error: unknown) =>
  error instanceof AppError &&
  error.statusCode === 422 &&
  error.message === TICKET_CONVERSATION_MESSAGES.closed;

/**
 * A message from a chat channel: the sender's customer (found or made), their open conversation
 * on the channel continued (a solved one reopens by the ticket rules) or a new one started, the
 * message written once per provider message id. Answers the message written, or the twin's id
 * when the provider delivered it before.
 */
export async function receiveChannelMessage(
  platform: Platform,
  channel: InboundChannel,
  sender: InboundSender,
  message: InboundMessage,
): Promise<
  { ticketId: string; customerId: string } & ({ written: WrittenComment } | { twinId: string })
> {
  const known = await knownSender(platform, channel, sender.externalId);
  const customerId = known?.customerId ?? (await newSender(platform, channel, sender));
  const write = (ticketId: string) =>
    writeCustomerReply(platform, channel.tenantId, ticketId, {
      body: message.text,
      customerId,
      providerMessageId: message.providerMessageId,
      channelId: channel.id,
      format: 'text',
      files: message.files,
      kind: message.kind,
      content: message.content ?? null,
    });
  // A sender new to the channel may be a customer (matched by phone) with a conversation on it.
  const current = known
    ? (known.openTicketId ?? undefined)
    : await openConversationOf(platform, channel, customerId);
  if (current) {
    try {
      const written = await write(current);
      if (message.referral) await repo.keepReferral(platform.db, current, message.referral);
      return { ticketId: current, customerId, ...written };
    } catch (error) {
      // Closed between the read and the write: the message opens a new conversation.
      if (!closedRefusal(error)) throw error;
    }
  }
  const { _id: ticketId } = await startConversation(platform, {
    tenantId: channel.tenantId,
    channelId: channel.id,
    groupId: channel.groupId,
    customerId,
    subject: message.text || sender.name || channel.kind,
    source: channel.kind,
    referral: message.referral,
  });
  return { ticketId, customerId, ...(await write(ticketId)) };
}
