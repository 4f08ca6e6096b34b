import { z } from 'zod';
import { idListParam, pageQuery } from '../platform/validation.js';
import { presenceField } from '../users/presence.schemas.js';
import { STAFF_ROLES } from '../users/roles.js';

/**
 * `GET /v2/tickets/assignees`: the people a ticket may be given to, for the assignee picker.
 * Active staff only (never disabled accounts or pending invitations), within the caller's data
 * scope over staff (`all`: everyone; `my_organization`: their organization; `my_group` and `me`:
 * the members of their departments), optionally of one department (`group_id`). Each comes with
 * their presence and how many open tickets (new, open, pending) they hold, counted in one
 * grouped statement for the page. Available people first, then by name.
 */
export const ticketAssigneesQuery = pageQuery.extend({
  group_id: z.uuid('Bộ phận không hợp lệ').optional(),
  keyword: z.string().trim().max(100, 'Từ khóa tối đa 100 ký tự').optional(),
  /** Look-up of chosen people by id (a picker naming its value). */
  ids: idListParam('Danh sách người xử lý không hợp lệ'),
});
export type TicketAssigneesQuery = z.input<typeof ticketAssigneesQuery>;

export const ticketAssigneeView = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(STAFF_ROLES),
  presence: presenceField,
  /** Tickets new, open or pending assigned to them, over the whole tenant. */
  open_tickets: z.number().int(),
});
export type TicketAssignee = z.infer<typeof ticketAssigneeView>;
