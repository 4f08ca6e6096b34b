import { labelled } from '../platform/labelled.js';

/** A ticket's status (served by `GET /v2/status`); closed is final but for administrators. */
export const TICKET_STATUS = labelled({
  new: 'Mới',
  open: 'Đang mở',
  pending: 'Đang chờ',
  solved: 'Đã giải quyết',
  closed: 'Đã đóng',
});
export type TicketStatus = (typeof TICKET_STATUS.values)[number];

/** Statuses of a ticket still to be worked on: an agent's open load and a department's queue. */
export const UNSOLVED_STATUSES = [
  'new',
  'open',
  'pending',
] as const satisfies readonly TicketStatus[];
export const isUnsolved = (status: string): boolean =>
  (UNSOLVED_STATUSES as readonly string[]).includes(status);

/** A ticket's short code as people say it: number 123 is '#000123'. */
export const formatTicketCode = (number: number): string => `#${String(number).padStart(6, '0')}`;
