import { sql } from 'drizzle-orm';
import { CHAT_SOURCES } from '@omnicare/shared/conversations/conversations.schemas';
import { toSearchKey } from '@omnicare/shared/customers/normalize';
import type { TicketStatus } from '@omnicare/shared/tickets/ticket-enums';
import type { Transaction } from '../../platform/db.js';
import { channels, conversations, messages } from '../schema/conversations.js';
import { tickets } from '../schema/tickets.js';

/**
 * The demo tenant's livechat: the website channel on the demo department, a dozen conversations
 * of the last hours (waiting, in progress, resolved and rated) written as a visitor and an agent
 * would, and every sample ticket that came from a chat channel shown in `/chat` too.
 */

type Line = ['customer' | 'agent' | 'note', string, number];
interface Dialog {
  subject: string;
  /** Staff email holding it; null: waiting in the queue. */
  assignee: string | null;
  status: TicketStatus;
  /** Minutes ago the conversation began. */
  startedAgo: number;
  /** [who, text, minutes after the start]. */
  lines: Line[];
  rating?: [number, string];
}

const DIALOGS: Dialog[] = [
  {
    subject: 'Mạng nhà em mất từ sáng',
    assignee: null,
    status: 'new',
    startedAgo: 6,
    lines: [
      ['customer', 'Chào shop, mạng nhà em mất từ sáng đến giờ ạ', 0],
      ['customer', 'Em ở 12 Nguyễn Trãi, Q.1, modem báo đèn đỏ', 1],
    ],
  },
  {
    subject: 'Hỏi gói cước 300Mbps',
    assignee: null,
    status: 'new',
    startedAgo: 2,
    lines: [['customer', 'Gói 300Mbps giá bao nhiêu một tháng vậy ạ?', 0]],
  },
  {
    subject: 'Đổi lịch hẹn kỹ thuật',
    assignee: 'agent@demo.vn',
    status: 'open',
    startedAgo: 25,
    lines: [
      ['customer', 'Cho mình dời lịch kỹ thuật sang chiều mai được không?', 0],
      ['agent', 'Dạ được ạ, anh cho em xin mã hợp đồng để em kiểm tra lịch nhé.', 2],
      ['customer', 'HD-2024-01187 nha em', 4],
      ['note', 'Khách VIP, ưu tiên khung 14h–16h.', 5],
      ['customer', 'Em kiểm tra giúp anh sớm nhé', 20],
    ],
  },
  {
    subject: 'Thanh toán cước chưa được ghi nhận',
    assignee: 'agent@demo.vn',
    status: 'open',
    startedAgo: 48,
    lines: [
      ['customer', 'Chị chuyển khoản cước tháng 10 rồi mà app vẫn báo nợ', 0],
      ['agent', 'Dạ chị gửi giúp em ảnh biên lai chuyển khoản ạ.', 3],
      ['customer', 'Đây em, chị chuyển lúc 9h sáng nay', 6],
      ['agent', 'Em đã chuyển bộ phận đối soát, trong 2 giờ sẽ cập nhật ạ.', 9],
    ],
  },
  {
    subject: 'Wifi yếu ở tầng 2',
    assignee: 'agent2@demo.vn',
    status: 'open',
    startedAgo: 15,
    lines: [
      ['customer', 'Wifi tầng 2 nhà mình yếu quá, có cách nào không bạn?', 0],
      ['agent', 'Dạ anh có thể lắp thêm bộ kích sóng Mesh, bên em đang có ưu đãi ạ.', 1],
      ['customer', 'Giá bao nhiêu vậy?', 12],
    ],
  },
  {
    subject: 'Hướng dẫn đổi mật khẩu wifi',
    assignee: 'agent@demo.vn',
    status: 'solved',
    startedAgo: 180,
    lines: [
      ['customer', 'Làm sao để đổi mật khẩu wifi vậy ạ?', 0],
      [
        'agent',
        'Dạ anh vào 192.168.1.1, đăng nhập bằng thông tin dưới đáy modem, mục Wireless ạ.',
        2,
      ],
      ['customer', 'Được rồi, cảm ơn em nhiều', 9],
      ['agent', 'Dạ không có gì ạ, chúc anh một ngày vui vẻ!', 10],
    ],
    rating: [5, 'Hướng dẫn dễ hiểu, rất nhanh'],
  },
  {
    subject: 'Hóa đơn điện tử tháng 9',
    assignee: 'agent2@demo.vn',
    status: 'solved',
    startedAgo: 320,
    lines: [
      ['customer', 'Cho mình xin lại hóa đơn điện tử tháng 9', 0],
      ['agent', 'Dạ em đã gửi lại vào email của anh rồi ạ.', 5],
    ],
    rating: [4, ''],
  },
  {
    subject: 'Truyền hình mất tín hiệu kênh VTV3',
    assignee: null,
    status: 'new',
    startedAgo: 11,
    lines: [['customer', 'Truyền hình nhà mình mất kênh VTV3 từ tối qua', 0]],
  },
];

/** The chat tickets the livechat demo adds beside the sample tickets. */
export const DEMO_CONVERSATION_COUNT = DIALOGS.length;

/** The demo's website channel (what `/settings/multi-channels/livechat` shows). */
export async function seedDemoLivechat(
  tx: Transaction,
  tenantId: string,
  {
    staff,
    departmentId,
    customerIds,
  }: { staff: Record<string, string>; departmentId: string; customerIds: string[] },
) {
  const [channel] = await tx
    .insert(channels)
    .values({
      tenantId,
      kind: 'livechat',
      name: 'Website OmniCare',
      groupId: departmentId,
      settings: {
        title: 'OmniCare hỗ trợ',
        color: '#1F6FEB',
        position: 'right',
        allowed_domains: [],
        pre_chat: { name: 'required', phone: 'optional', email: 'optional' },
      },
      createdBy: staff['admin@demo.vn'] ?? null,
    })
    .returning({ id: channels.id });
  const now = Date.now();
  const minute = 60_000;
  for (const [index, dialog] of DIALOGS.entries()) {
    const customerId = customerIds[(index * 7 + 11) % customerIds.length] ?? null;
    const start = now - dialog.startedAgo * minute;
    const at = (after: number) => new Date(start + after * minute);
    const assigneeId = dialog.assignee ? (staff[dialog.assignee] ?? null) : null;
    const lastAt = at(Math.max(...dialog.lines.map((line) => line[2])));
    const answered = dialog.lines.find((line) => line[0] === 'agent');
    const [ticket] = await tx
      .insert(tickets)
      .values({
        tenantId,
        subject: dialog.subject,
        subjectKey: toSearchKey(dialog.subject),
        requesterId: customerId,
        status: dialog.status,
        groupId: departmentId,
        assigneeId,
        source: 'chat',
        createdAt: at(0),
        updatedAt: lastAt,
        firstResponseAt: answered ? at(answered[2]) : null,
        solvedAt: dialog.status === 'solved' ? lastAt : null,
        replyCount: dialog.lines.filter((line) => line[0] === 'agent').length,
      })
      .returning({ id: tickets.id });
    if (!ticket) continue;
    await tx.insert(messages).values(
      dialog.lines.map(([who, text, after]) => ({
        tenantId,
        ticketId: ticket.id,
        channelId: who === 'note' ? null : (channel?.id ?? null),
        authorType: who === 'customer' ? 'customer' : 'user',
        authorCustomerId: who === 'customer' ? customerId : null,
        authorUserId: who === 'customer' ? null : (assigneeId ?? staff['agent@demo.vn'] ?? null),
        direction: who === 'customer' ? 'in' : 'out',
        kind: 'text',
        bodyFormat: 'text',
        body: text,
        public: who !== 'note',
        delivery: who === 'agent' ? 'seen' : null,
        seenAt: who === 'agent' ? at(after + 1) : null,
        createdAt: at(after),
      })),
    );
    await tx.insert(conversations).values({
      tenantId,
      ticketId: ticket.id,
      channelId: channel?.id ?? null,
      lastMessageAt: lastAt,
      rating: dialog.rating?.[0] ?? null,
      ratingComment: dialog.rating?.[1] || null,
      ratedAt: dialog.rating ? lastAt : null,
      surveyAskedAt: dialog.rating ? lastAt : null,
    });
  }
  await describeConversations(tx, tenantId);
}

/**
 * Every chat-channel ticket of the tenant without its conversation row gets one, and every row
 * its last message and waiting time, as the `conversations` subscriber keeps them.
 */
async function describeConversations(tx: Transaction, tenantId: string) {
  const chat = sql.raw(CHAT_SOURCES.map((source) => `'${source}'`).join(', '));
  await tx.execute(sql`insert into ${conversations} (tenant_id, ticket_id, last_message_at, created_at)
    select t.tenant_id, t.id, t.updated_at, t.created_at from ${tickets} t
    where t.tenant_id = ${tenantId} and t.source in (${chat})
    on conflict (ticket_id) do nothing`);
  await tx.execute(sql`update ${conversations} c set
      last_message_at = last.created_at,
      last_message = jsonb_build_object('author_type', last.author_type, 'kind', last.kind,
        'public', last.public, 'preview',
        left(trim(regexp_replace(regexp_replace(last.body, '<[^>]*>', ' ', 'g'), '\s+', ' ', 'g')), 140)),
      waiting_since = (select min(m.created_at) from ${messages} m
        where m.ticket_id = c.ticket_id and m.author_type = 'customer'
          and m.created_at > coalesce((select max(r.created_at) from ${messages} r
            where r.ticket_id = c.ticket_id and r.public and r.author_type in ('user', 'bot')),
            '-infinity'::timestamptz))
    from (select distinct on (m.ticket_id) m.ticket_id, m.created_at, m.author_type, m.kind,
        m.public, m.body
      from ${messages} m where m.tenant_id = ${tenantId}
      order by m.ticket_id, m.created_at desc, m.id desc) last
    where last.ticket_id = c.ticket_id and c.tenant_id = ${tenantId}`);
}
