import { count, eq } from 'drizzle-orm';
import type { MacroActions } from '@omnicare/shared/macros/macros.schemas';
import type { Transaction } from '../../platform/db.js';
import { tags } from '../schema/customers.js';
import { macros } from '../schema/macros.js';
import { messageTemplates } from '../schema/templates.js';
import { ticketTemplates } from '../schema/ticket-settings.js';
import { seedTicketDefaults } from './ticket-defaults.js';

/**
 * What an agent of the demo tenant answers with: message templates (chat with shortcuts, email),
 * ticket templates, and macros (shared ones of the administrator, personal ones of an agent).
 * Each kind only when the tenant has none of it yet.
 */
const MESSAGE_TEMPLATES: {
  kind: 'chat' | 'email';
  name: string;
  shortcut?: string;
  subject?: string;
  content: string;
}[] = [
  {
    kind: 'chat',
    name: 'Lời chào',
    shortcut: '/chao',
    content:
      'Chào anh/chị {{customer.name}}, em là {{agent.name}} của {{tenant.name}}. Em có thể hỗ trợ gì cho anh/chị ạ?',
  },
  {
    kind: 'chat',
    name: 'Xin thêm thông tin',
    shortcut: '/thongtin',
    content:
      'Để kiểm tra nhanh, anh/chị vui lòng cho em xin số hợp đồng hoặc số điện thoại đăng ký dịch vụ ạ.',
  },
  {
    kind: 'chat',
    name: 'Cảm ơn và kết thúc',
    shortcut: '/camon',
    content:
      'Cảm ơn anh/chị {{customer.name}} đã liên hệ. Nếu cần hỗ trợ thêm, anh/chị cứ nhắn cho em qua kênh này nhé.',
  },
  {
    kind: 'email',
    name: 'Xác nhận tiếp nhận yêu cầu',
    subject: '[{{ticket.code}}] Đã tiếp nhận yêu cầu: {{ticket.subject}}',
    content:
      'Kính gửi anh/chị {{customer.name}},\n\n{{tenant.name}} đã tiếp nhận yêu cầu {{ticket.code}} của anh/chị ngày {{date.today}}. Chuyên viên {{agent.name}} sẽ phản hồi trong thời gian sớm nhất.\n\nTrân trọng.',
  },
];

const TICKET_TEMPLATES: {
  name: string;
  subject: string;
  description: string;
  type: string;
  priority: string;
  service?: string;
}[] = [
  {
    name: 'Mất kết nối Internet',
    subject: 'Mất kết nối Internet tại nhà',
    description:
      'Khách báo mất kết nối. Đã hướng dẫn khởi động lại modem: có/không. Đèn LOS: sáng/tắt. Địa chỉ lắp đặt: ',
    type: 'Sự cố',
    priority: 'Cao',
    service: 'Internet cáp quang',
  },
  {
    name: 'Yêu cầu đổi gói cước',
    subject: 'Đổi gói cước',
    description: 'Gói hiện tại: . Gói muốn đổi: . Thời điểm áp dụng mong muốn: ',
    type: 'Yêu cầu',
    priority: 'Trung bình',
    service: 'Di động trả sau',
  },
  {
    name: 'Khiếu nại cước phí',
    subject: 'Khiếu nại cước phí tháng',
    description: 'Kỳ cước khiếu nại: . Số tiền chênh lệch: . Khách mong muốn: ',
    type: 'Khiếu nại',
    priority: 'Cao',
    service: 'Thanh toán cước',
  },
];

interface DemoMacro {
  name: string;
  body: string;
  actions: (ids: {
    priority: (name: string) => string;
    tag: (name: string) => string;
  }) => MacroActions;
}

const SHARED_MACROS: DemoMacro[] = [
  {
    name: 'Chờ khách phản hồi',
    body: 'Chào anh/chị {{customer.name}},\nEm đã gửi hướng dẫn ở trên. Anh/chị vui lòng thử lại và phản hồi giúp em kết quả để em tiếp tục hỗ trợ ạ.\n{{agent.name}} - {{tenant.name}}',
    actions: ({ tag }) => ({ status: 'pending', add_tag_ids: [tag('Cần gọi lại')] }),
  },
  {
    name: 'Đã giải quyết - cảm ơn khách',
    body: 'Chào anh/chị {{customer.name}},\nYêu cầu {{ticket.code}} đã được xử lý xong. Cảm ơn anh/chị đã kiên nhẫn chờ đợi. Nếu còn vướng mắc, anh/chị chỉ cần trả lời email này.\nTrân trọng,\n{{agent.name}}',
    actions: ({ tag }) => ({
      status: 'solved',
      add_tag_ids: [tag('Hài lòng')],
      remove_tag_ids: [tag('Cần gọi lại')],
    }),
  },
  {
    name: 'Chuyển kỹ thuật xử lý gấp',
    body: 'Chào anh/chị {{customer.name}},\nEm đã chuyển yêu cầu {{ticket.code}} sang bộ phận kỹ thuật với mức ưu tiên cao. Kỹ thuật viên sẽ liên hệ anh/chị qua số {{customer.phone}} trong vòng 4 giờ làm việc.',
    actions: ({ priority }) => ({ status: 'open', priority_id: priority('Khẩn cấp') }),
  },
  {
    name: 'Nhận xử lý',
    body: '',
    actions: () => ({ status: 'open', assignee: 'me' }),
  },
];

const PERSONAL_MACROS: DemoMacro[] = [
  {
    name: 'Hẹn gọi lại',
    body: 'Dạ em đã ghi nhận, em sẽ gọi lại cho anh/chị {{customer.name}} trong hôm nay để hỗ trợ trực tiếp ạ.',
    actions: ({ tag }) => ({ status: 'pending', add_tag_ids: [tag('Cần gọi lại')] }),
  },
];

export async function seedDemoReplies(
  tx: Transaction,
  tenantId: string,
  { adminId, agentId }: { adminId: string; agentId: string },
) {
  const none = async (table: typeof macros | typeof messageTemplates | typeof ticketTemplates) => {
    const [row] = await tx.select({ n: count() }).from(table).where(eq(table.tenantId, tenantId));
    return (row?.n ?? 0) === 0;
  };
  const { priorities, types, services } = await seedTicketDefaults(tx, tenantId);
  const named = (rows: { id: string; name: string }[]) => (name: string) => {
    const found = rows.find((row) => row.name === name);
    if (!found) throw new Error(`Demo data names an unknown record: ${name}`);
    return found.id;
  };

  if (await none(messageTemplates))
    await tx.insert(messageTemplates).values(
      MESSAGE_TEMPLATES.map((template) => ({
        tenantId,
        kind: template.kind,
        name: template.name,
        content: template.content,
        subject: template.subject ?? null,
        shortcut: template.shortcut ?? null,
        visibility: 'everyone',
        ownerId: adminId,
      })),
    );

  if (await none(ticketTemplates))
    await tx.insert(ticketTemplates).values(
      TICKET_TEMPLATES.map((template) => ({
        tenantId,
        name: template.name,
        subject: template.subject,
        description: template.description,
        typeId: named(types)(template.type),
        priorityId: named(priorities)(template.priority),
        serviceId: template.service ? named(services)(template.service) : null,
      })),
    );

  if (await none(macros)) {
    const tagRows = await tx
      .select({ id: tags.id, name: tags.name })
      .from(tags)
      .where(eq(tags.tenantId, tenantId));
    const ids = { priority: named(priorities), tag: named(tagRows) };
    const row = (macro: DemoMacro, ownerId: string, shared: boolean, usageCount: number) => ({
      tenantId,
      ownerId,
      name: macro.name,
      body: macro.body,
      actions: macro.actions(ids),
      shared,
      usageCount,
    });
    await tx
      .insert(macros)
      .values([
        ...SHARED_MACROS.map((macro, index) =>
          row(macro, adminId, true, [42, 27, 11, 8][index] ?? 0),
        ),
        ...PERSONAL_MACROS.map((macro) => row(macro, agentId, false, 5)),
      ]);
  }
}
