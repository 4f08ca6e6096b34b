import { z } from 'zod';
import { isoDateTime } from '../platform/envelope.js';
import { CHANNEL_KIND, CHANNEL_STATUS } from './channels.schemas.js';

/**
 * `GET /v2/channels/summary` (administrators): the channels' index
 * (`/settings/multi-channels/`). Every kind, in `CHANNEL_KIND` order, whether it can be connected
 * yet, and the tenant's channels of it with their state and today's message counts (today in the
 * tenant's time zone).
 */
export const channelSummaryItem = z.object({
  _id: z.string(),
  name: z.string(),
  status: z.enum(CHANNEL_STATUS.values),
  /** The provider's refusal when `status` is 'error'. */
  status_reason: z.string().nullable(),
  /** When the state was last written (an error: when it was last met). */
  status_at: isoDateTime,
  /** Today's messages from customers through it. */
  messages_in: z.number().int(),
  /** Today's public messages to customers through it. */
  messages_out: z.number().int(),
});
export type ChannelSummaryItem = z.infer<typeof channelSummaryItem>;

export const channelsSummaryView = z.object({
  /** Today (yyyy-MM-dd) in the tenant's time zone: the day the counts cover. */
  date: z.string(),
  time_zone: z.string(),
  kinds: z.array(
    z.object({
      kind: z.enum(CHANNEL_KIND.values),
      /** False: no driver yet, the settings page says it is coming. */
      connectable: z.boolean(),
      channels: z.array(channelSummaryItem),
    }),
  ),
});
export type ChannelsSummaryView = z.infer<typeof channelsSummaryView>;
