import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import { toSearchKey } from '@omnicare/shared/customers/normalize';
import { formatTicketCode, type TicketStatus } from '@omnicare/shared/tickets/ticket-enums';
import type { Transaction } from '../../platform/db.js';
import { auditLog } from '../schema/platform.js';
import { messages } from '../schema/conversations.js';
import {
  ticketSmartViews,
  slaPolicies,
  slaTargets,
  workingHolidays,
  workingPeriods,
  workingSchedules,
} from '../schema/ticket-settings.js';
import { ticketTags, tickets } from '../schema/tickets.js';
import { pick, type Random } from './sample-people.js';
import { seedTicketDefaults } from './ticket-defaults.js';
import { refreshTicketSla } from '../../modules/tickets/ticket-sla.js';
import { customerTimelineTicket } from '../../modules/tickets/ticket-activity.js';

/** Sample tickets of the demo tenant, so the ticket screens open with work in them. */
export const SAMPLE_TICKET_COUNT = 300;
/**
 * Tickets #000001 to #000003 belong to one regular customer, who also called a few times
 * (`seedDemoCalls`): the customer panel beside the first demo ticket has something to show.
 */
export const REGULAR_TICKETS = 3;

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
    regularId,
  }: {
    random: Random;
    staff: Record<string, string>;
    customerIds: string[];
    departmentId: string;
    tagIds: string[];
    /** A customer who asks often: the first REGULAR_TICKETS tickets are theirs. */
    regularId?: string;
  },
) {
  const { priorities, types, services } = await seedTicketDefaults(tx, tenantId);
  // Drawn for every ticket all the same, so the rest of the sample stays as it was.
  const requesterOf = (n: number, drawn: string | undefined) =>
    regularId && n < REGULAR_TICKETS ? regularId : drawn;
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
      requesterId: requesterOf(n, pick(random, customerIds)),
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
  const inserted = await tx
    .insert(tickets)
    .values(rows)
    .returning({ id: tickets.id, number: tickets.number });
  // Each requester's timeline lists the tickets opened for them, as the API writes it.
  await tx.insert(auditLog).values(
    rows.flatMap((row, index) =>
      row.requesterId && inserted[index]
        ? [
            {
              tenantId,
              actorId: row.createdBy ?? null,
              action: 'ticket_created',
              entity: 'customer',
              entityId: row.requesterId,
              after: {
                ticket: customerTimelineTicket({
                  _id: inserted[index].id,
                  code: formatTicketCode(inserted[index].number),
                  subject: row.subject,
                }),
              },
              createdAt: row.createdAt,
            },
          ]
        : [],
    ),
  );
  const comments = inserted.flatMap((row, index) =>
    sampleConversation(random, tenantId, row.id, rows[index]!),
  );
  if (comments.length > 0) await tx.insert(messages).values(comments);
  await seedDemoWorkingTime(tx, tenantId, priorities, types);
  await seedDemoViews(tx, tenantId, staff['admin@demo.vn']!, { priorities, types });
  // SLA as the ticket writes leave it; the breaches already past are recorded here rather than
  // by the breach job, which would notify every one of them at the first minute.
  for (const { id } of inserted)
    await refreshTicketSla(tx, tenantId, id, { resolve: true, now: new Date(now) });
  await tx
    .update(tickets)
    .set({ slaBreachedAt: sql`${tickets.slaDueAt}` })
    .where(
      and(
        eq(tickets.tenantId, tenantId),
        isNull(tickets.slaBreachedAt),
        lt(tickets.slaDueAt, new Date(now)),
      ),
    );
  const tagRows = inserted.flatMap((row, index) =>
    (tagsOf[index] ?? []).map((tagId) => ({ tenantId, ticketId: row.id, tagId })),
  );
  if (tagRows.length > 0) await tx.insert(ticketTags).values(tagRows);
}

const CUSTOMER_MESSAGES = [
  '<p>Chào anh/chị, nhà em bị mất mạng từ sáng, đã khởi động lại modem mà vẫn không được.</p>',
  '<p>Em cần hỗ trợ gấp vì đang làm việc ở nhà ạ.</p>',
  '<p>Cho em hỏi khi nào kỹ thuật đến được ạ?</p>',
  '<p>Hóa đơn tháng này cao hơn mọi tháng, nhờ kiểm tra giúp em.</p>',
];
const STAFF_REPLIES = [
  '<p>Dạ em chào anh/chị, em đã ghi nhận và chuyển bộ phận kỹ thuật kiểm tra ngay ạ.</p>',
  '<p>Dạ kỹ thuật sẽ liên hệ anh/chị trong vòng 2 giờ tới ạ.</p>',
  '<p>Em đã kiểm tra, cước tháng này có phát sinh gói data bổ sung. Em gửi chi tiết qua email ạ.</p>',
];
const INTERNAL_NOTES = [
  '<p>Đã kiểm tra đường truyền, tín hiệu quang yếu tại tủ.</p>',
  '<p>Khách VIP, ưu tiên xử lý trong ngày.</p>',
  '<p>Cần xác minh thêm với bộ phận thanh toán.</p>',
];

/**
 * A ticket's sample conversation, as a channel and its handler would have left it: the
 * customer's message, then (once handled) a reply and sometimes an internal note.
 */
function sampleConversation(
  random: Random,
  tenantId: string,
  ticketId: string,
  ticket: typeof tickets.$inferInsert,
): (typeof messages.$inferInsert)[] {
  const start = (ticket.createdAt as Date).getTime();
  const end = Math.max(start, (ticket.updatedAt as Date).getTime());
  const at = (share: number) => new Date(start + (end - start) * share);
  const staffId = ticket.assigneeId ?? ticket.createdBy ?? null;
  const comments: (typeof messages.$inferInsert)[] = [
    {
      tenantId,
      ticketId,
      authorType: 'customer',
      direction: 'in',
      authorCustomerId: ticket.requesterId ?? null,
      body: pick(random, CUSTOMER_MESSAGES),
      public: true,
      createdAt: at(0.05),
    },
  ];
  if (ticket.status === 'new' || !staffId) return comments;
  comments.push({
    tenantId,
    ticketId,
    authorType: 'user',
    direction: 'out',
    authorUserId: staffId,
    body: pick(random, STAFF_REPLIES),
    public: true,
    createdAt: at(0.4),
  });
  if (random() < 0.4)
    comments.push({
      tenantId,
      ticketId,
      authorType: 'user',
      direction: 'out',
      authorUserId: staffId,
      body: pick(random, INTERNAL_NOTES),
      public: false,
      createdAt: at(0.7),
    });
  return comments;
}

/** Office hours of the demo tenant: weekdays 08:00–12:00 and 13:30–17:30, Saturday mornings. */
const DEMO_HOURS: [weekday: number, from: string, to: string][] = [
  ...[1, 2, 3, 4, 5].flatMap((day): [number, string, string][] => [
    [day, '08:00', '12:00'],
    [day, '13:30', '17:30'],
  ]),
  [6, '08:00', '12:00'],
];
const DEMO_HOLIDAYS = [
  ['2026-01-01', 'Tết Dương lịch'],
  ['2026-04-30', 'Ngày Giải phóng miền Nam'],
  ['2026-05-01', 'Quốc tế Lao động'],
  ['2026-09-02', 'Quốc khánh'],
  ['2027-01-01', 'Tết Dương lịch'],
] as const;
/** First response and resolution targets in business minutes, lowest priority first. */
const DEMO_SLA_TARGETS = [
  [480, 2880],
  [240, 1440],
  [60, 480],
  [30, 240],
] as const;

const minuteOf = (time: string) => {
  const [hours, minutes] = time.split(':').map(Number);
  return (hours ?? 0) * 60 + (minutes ?? 0);
};

/**
 * The demo tenant's working schedule (its default) and two SLA policies in their order of trial:
 * complaints (type 'Khiếu nại') on tighter targets first, then the standard one over every
 * priority.
 */
async function seedDemoWorkingTime(
  tx: Transaction,
  tenantId: string,
  priorities: { id: string }[],
  types: { id: string; name: string }[],
) {
  const [schedule] = await tx
    .insert(workingSchedules)
    .values({ tenantId, name: 'Giờ hành chính', isDefault: true })
    .returning({ id: workingSchedules.id });
  const scheduleId = schedule!.id;
  await tx.insert(workingPeriods).values(
    DEMO_HOURS.map(([weekday, from, to]) => ({
      scheduleId,
      weekday,
      startMinute: minuteOf(from),
      endMinute: minuteOf(to),
    })),
  );
  await tx
    .insert(workingHolidays)
    .values(DEMO_HOLIDAYS.map(([date, name]) => ({ scheduleId, date, name })));
  const [policy] = await tx
    .insert(slaPolicies)
    .values({
      tenantId,
      name: 'SLA tiêu chuẩn',
      description: 'Phản hồi và xử lý theo giờ hành chính',
      scheduleId,
      position: 2,
    })
    .returning({ id: slaPolicies.id });
  // Per priority, the demo's targets divided by `speed` (a faster policy answers sooner).
  const targets = (policyId: string, speed: number, typeId?: string) =>
    priorities.map((priority, position) => {
      const [firstResponseMinutes, resolutionMinutes] =
        DEMO_SLA_TARGETS[Math.min(position, DEMO_SLA_TARGETS.length - 1)]!;
      return {
        policyId,
        priorityId: priority.id,
        ...(typeId ? { typeId } : {}),
        firstResponseMinutes: firstResponseMinutes / speed,
        resolutionMinutes: resolutionMinutes / speed,
        position,
      };
    });
  await tx.insert(slaTargets).values(targets(policy!.id, 1));
  const complaint = types.find((type) => type.name === 'Khiếu nại');
  if (!complaint) return;
  const [complaints] = await tx
    .insert(slaPolicies)
    .values({
      tenantId,
      name: 'SLA khiếu nại',
      description: 'Khiếu nại được phản hồi và xử lý nhanh gấp đôi',
      scheduleId,
      position: 1,
    })
    .returning({ id: slaPolicies.id });
  await tx.insert(slaTargets).values(targets(complaints!.id, 2, complaint.id));
}

/** Saved views a team would keep: two shared with everyone, one the administrator's own. */
async function seedDemoViews(
  tx: Transaction,
  tenantId: string,
  ownerId: string,
  { priorities, types }: { priorities: { id: string }[]; types: { id: string; name: string }[] },
) {
  const urgent = priorities.at(-1)?.id;
  const complaint = types.find((type) => type.name === 'Khiếu nại')?.id;
  await tx.insert(ticketSmartViews).values([
    {
      tenantId,
      ownerId,
      name: 'Khẩn cấp chưa xử lý xong',
      shared: true,
      filters: { status: ['new', 'open'], priority_id: urgent ? [urgent] : [] },
      columns: ['code', 'subject', 'status', 'requester', 'assignee', 'sla', 'updated_at'],
      sort: { field: 'created_at', direction: 'asc' },
    },
    {
      tenantId,
      ownerId,
      name: 'Khiếu nại đang chờ khách',
      shared: true,
      filters: { status: ['pending'], type_id: complaint ? [complaint] : [] },
      columns: ['code', 'subject', 'priority', 'requester', 'assignee', 'updated_at'],
      sort: { field: 'updated_at', direction: 'desc' },
    },
    {
      tenantId,
      ownerId,
      name: 'Của tôi quá hạn SLA',
      shared: false,
      filters: { assignee_id: ['me'], sla: 'breached' },
      columns: ['code', 'subject', 'status', 'priority', 'requester', 'sla'],
      sort: { field: 'updated_at', direction: 'desc' },
    },
  ]);
}
