import { asc, eq } from 'drizzle-orm';
import type { Database, Transaction } from '../../platform/db.js';
import { ticketPriorities, ticketServices, ticketTypes } from '../schema/ticket-config.js';

/** The priorities a tenant starts with, lowest first, with their colours. */
export const DEFAULT_TICKET_PRIORITIES = [
  { name: 'Thấp', color: '#64748b' },
  { name: 'Trung bình', color: '#2563eb' },
  { name: 'Cao', color: '#f59e0b' },
  { name: 'Khẩn cấp', color: '#dc2626' },
] as const;
export const DEFAULT_TICKET_TYPES = ['Hỏi đáp', 'Khiếu nại', 'Sự cố', 'Yêu cầu'] as const;
/** Services of the demo tenant (a telecom's), each offered for one type or for every type. */
export const DEFAULT_TICKET_SERVICES: {
  name: string;
  type: (typeof DEFAULT_TICKET_TYPES)[number] | null;
}[] = [
  { name: 'Internet cáp quang', type: null },
  { name: 'Truyền hình', type: null },
  { name: 'Di động trả sau', type: null },
  { name: 'Thanh toán cước', type: 'Yêu cầu' },
  { name: 'Sửa chữa tại nhà', type: 'Sự cố' },
];

/**
 * The ticket configuration a tenant starts with: the default priorities, types and services,
 * each list only when the tenant has none of it yet (so a tenant's own configuration is never
 * added to). Answers the rows the tenant has afterwards, in their order.
 */
export async function seedTicketDefaults(db: Database | Transaction, tenantId: string) {
  let priorities = await db
    .select()
    .from(ticketPriorities)
    .where(eq(ticketPriorities.tenantId, tenantId))
    .orderBy(asc(ticketPriorities.position));
  if (priorities.length === 0)
    priorities = await db
      .insert(ticketPriorities)
      .values(DEFAULT_TICKET_PRIORITIES.map((p, position) => ({ tenantId, ...p, position })))
      .returning();
  let types = await db
    .select()
    .from(ticketTypes)
    .where(eq(ticketTypes.tenantId, tenantId))
    .orderBy(asc(ticketTypes.position));
  if (types.length === 0)
    types = await db
      .insert(ticketTypes)
      .values(DEFAULT_TICKET_TYPES.map((name, position) => ({ tenantId, name, position })))
      .returning();
  let services = await db
    .select()
    .from(ticketServices)
    .where(eq(ticketServices.tenantId, tenantId))
    .orderBy(asc(ticketServices.position));
  if (services.length === 0)
    services = await db
      .insert(ticketServices)
      .values(
        DEFAULT_TICKET_SERVICES.map((service, position) => ({
          tenantId,
          name: service.name,
          typeId: types.find((type) => type.name === service.type)?.id ?? null,
          position,
        })),
      )
      .returning();
  return { priorities, types, services };
}
