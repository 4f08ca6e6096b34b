/** A ticket as the engine gathers it for conditions and actions (one query, `ticketFacts`). */
export interface TicketFacts {
  ticket: Record<string, unknown>;
  requester: Record<string, unknown> | null;
  tagIds: string[];
  requesterTagIds: string[];
  requesterPhones: string[];
  requesterEmails: string[];
  followerIds: string[];
  tenantName: string;
  allowPrivateWebhooks: boolean;
  customKinds: Record<string, string>;
}
