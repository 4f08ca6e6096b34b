import { toSearchKey } from '@omnicare/shared/customers/normalize';
import type { TicketStatus } from '@omnicare/shared/tickets/ticket-enums';
import type { Transaction } from '../../platform/db.js';
import { ticketTags, tickets } from '../schema/index.js';
import { pick, type Random } from './sample-people.js';
import { seedTicketDefaults } from './ticket-defaults.js';

/** Sample tickets of the demo tenant, so the ticket screens open with work in them. */
export const SAMPLE_TICKET_COUNT = 300;

const SUBJECTS = [
  'Mất kết nối Internet từ sáng',
  'Mạng chập chờn vào buổi tối',
  'Yêu cầu nâng cấp gói cước',
  'Khiếu nại cước tháng trước tính sai',
  'Hỏi cách đổi mật khẩu wifi',
  'Truyền hình bị mất tín hiệu',
  'Đăng ký lắp đặt tại địa chỉ mới',
  'Không nhận được hóa đơn điện tử',
  'Yêu cầu tạm ngưng dịch vụ',
  'Modem báo đèn đỏ',
  'Hỏi về chương trình khuyến mãi',
  'Nhân viên kỹ thuật hẹn nhưng không đến',
  'Thanh toán cước nhưng chưa được ghi nhận',
  'Đổi chủ hợp đồng',
  'Tốc độ mạng thấp hơn cam kết',
  'Xin hướng dẫn cài đặt ứng dụng',
];
const DESCRIPTIONS = [
  '<p>Khách hàng gọi tổng đài phản ánh, đã hướng dẫn khởi động lại thiết bị nhưng chưa khắc phục.</p>',
  '<p>Khách cần được gọi lại trong giờ hành chính.</p>',
  '<p>Đã kiểm tra sơ bộ, cần chuyển bộ phận kỹ thuật.</p>',
  '<p>Khách đề nghị phản hồi qua email.</p>',
];
const SOURCES = ['hand', 'zalo', 'facebook', 'web', 'CALL_INBOUND', 'email', 'chat'] as const;
const STATUSES: [TicketStatus, number][] = [
  ['new', 20],
  ['open', 30],
  ['pending', 15],
  ['solved', 20],
  ['closed', 15],
];
/** Who handles tickets, and how many each gets; null leaves it unassigned. */
const ASSIGNEES: [string | null, number][] = [
  [null, 3],
  ['admin@demo.vn', 1],
  ['supervisor@demo.vn', 1],
  ['leader@demo.vn', 2],
  ['agent@demo.vn', 5],
  ['agent2@demo.vn', 4],
];
/** The members of the demo department (its tickets carry it). */
const DEPARTMENT_MEMBERS = new Set(['leader@demo.vn', 'agent@demo.vn', 'agent2@demo.vn']);

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

function weighted<T>(random: Random, entries: [T, number][]): T {
  const total = entries.reduce((sum, [, weight]) => sum + weight, 0);
  let left = random() * total;
  for (const [value, weight] of entries) if ((left -= weight) <= 0) return value;
  return entries[0]![0];
}

/**
 * The default ticket configuration and a few hundred tickets over the sample customers: every
 * status, priority, channel and handler, a share of them overdue (a due date past, still open).
 */
export async function seedDemoTickets(
  tx: Transaction,
  tenantId: string,
  {
    random,
    staff,
    customerIds,
    departmentId,
    tagIds,
  }: {
    random: Random;
    staff: Record<string, string>;
    customerIds: string[];
    departmentId: string;
    tagIds: string[];
  },
) {
  const { priorities, types, services } = await seedTicketDefaults(tx, tenantId);
  const now = Date.now();
  const rows: (typeof tickets.$inferInsert)[] = [];
  const tagsOf: string[][] = [];
  for (let n = 0; n < SAMPLE_TICKET_COUNT; n++) {
    const status = weighted(random, STATUSES);
    const type = pick(random, types);
    const offered = services.filter((s) => s.typeId === null || s.typeId === type.id);
    const assigneeEmail = weighted(random, ASSIGNEES);
    const creatorEmail = pick(random, Object.keys(staff));
    // Older tickets are the finished ones.
    const ageDays = status === 'closed' || status === 'solved' ? 5 + random() * 55 : random() * 20;
    const createdAt = new Date(now - ageDays * DAY);
    const updatedAt = new Date(createdAt.getTime() + random() * Math.min(ageDays, 4) * DAY);
    const finished = status === 'solved' || status === 'closed';
    const open = !finished;
    // A third of the open tickets are overdue; others have a due date ahead or none.
    const dueAt =
      random() < 0.6
        ? new Date(
            open && random() < 0.5
              ? now - (1 + random() * 72) * HOUR
              : now + (2 + random() * 120) * HOUR,
          )
        : null;
    rows.push({
      tenantId,
      subject: pick(random, SUBJECTS),
      description: pick(random, DESCRIPTIONS),
      requesterId: pick(random, customerIds),
      status,
      priorityId: weighted(
        random,
        priorities.map((p, index) => [p.id, [4, 5, 2, 1][index] ?? 1] as [string, number]),
      ),
      typeId: type.id,
      serviceId: offered.length > 0 && random() < 0.8 ? pick(random, offered).id : null,
      groupId: assigneeEmail && DEPARTMENT_MEMBERS.has(assigneeEmail) ? departmentId : null,
      assigneeId: assigneeEmail ? staff[assigneeEmail] : null,
      source: pick(random, SOURCES),
      dueAt,
      subjectKey: '',
      createdBy: staff[creatorEmail],
      updatedBy: staff[creatorEmail],
      createdAt,
      updatedAt,
      firstResponseAt:
        status === 'new' ? null : new Date(createdAt.getTime() + random() * 8 * HOUR),
      solvedAt: finished ? updatedAt : null,
      closedAt: status === 'closed' ? updatedAt : null,
      reopenCount: finished && random() < 0.1 ? 1 : 0,
      replyCount: status === 'new' ? 0 : 1 + Math.floor(random() * 6),
    });
    tagsOf.push(tagIds.filter(() => random() < 0.1));
  }
  for (const row of rows) row.subjectKey = toSearchKey(row.subject);
  const inserted = await tx.insert(tickets).values(rows).returning({ id: tickets.id });
  const tagRows = inserted.flatMap((row, index) =>
    (tagsOf[index] ?? []).map((tagId) => ({ tenantId, ticketId: row.id, tagId })),
  );
  if (tagRows.length > 0) await tx.insert(ticketTags).values(tagRows);
}
