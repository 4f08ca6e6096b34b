import type { LucideIcon } from 'lucide-react';
import {
  Bell,
  Bot,
  Clock,
  CalendarClock,
  CircleStop,
  Share2,
  GitBranch,
  Globe,
  Mail,
  MessageCircle,
  MessageSquare,
  MessageSquareText,
  PencilLine,
  Phone,
  Play,
  TicketPlus,
  UserPen,
  UserPlus,
} from 'lucide-react';
import type { WorkflowBlockType } from '@omnicare/shared/automation/workflow-enums';
import {
  EMAIL_RECIPIENT_KIND,
  RECIPIENT_KIND,
  WAIT_UNIT,
  WORKFLOW_BLOCK_TYPE,
} from '@omnicare/shared/automation/workflow-enums';
import { WORKFLOW_LIMITS } from '@omnicare/shared/automation/workflow-blocks';
import { TICKET_STATUS } from '@omnicare/shared/tickets/ticket-enums';
import { CONDITION_LOGIC } from '@omnicare/shared/automation/workflow-enums';

export type BlockGroup = 'flow' | 'ticket' | 'message' | 'other';

export interface BlockMeta {
  icon: LucideIcon;
  group: BlockGroup;
  /** Tailwind classes of the icon's tile. */
  tone: string;
}

export const BLOCK_META: Readonly<Record<WorkflowBlockType, BlockMeta>> = {
  start: { icon: Play, group: 'flow', tone: 'bg-emerald-100 text-emerald-700' },
  end: { icon: CircleStop, group: 'flow', tone: 'bg-slate-200 text-slate-700' },
  branch: { icon: GitBranch, group: 'flow', tone: 'bg-amber-100 text-amber-700' },
  delay: { icon: Clock, group: 'flow', tone: 'bg-sky-100 text-sky-700' },
  wait_until: { icon: CalendarClock, group: 'flow', tone: 'bg-sky-100 text-sky-700' },
  create_ticket: { icon: TicketPlus, group: 'ticket', tone: 'bg-teal-100 text-teal-700' },
  update_ticket: { icon: PencilLine, group: 'ticket', tone: 'bg-teal-100 text-teal-700' },
  send_email: { icon: Mail, group: 'message', tone: 'bg-violet-100 text-violet-700' },
  send_sms: { icon: MessageSquareText, group: 'message', tone: 'bg-violet-100 text-violet-700' },
  send_zns: { icon: MessageCircle, group: 'message', tone: 'bg-violet-100 text-violet-700' },
  send_facebook: { icon: Share2, group: 'message', tone: 'bg-violet-100 text-violet-700' },
  send_livechat: { icon: MessageSquare, group: 'message', tone: 'bg-violet-100 text-violet-700' },
  send_zalo: { icon: MessageCircle, group: 'message', tone: 'bg-violet-100 text-violet-700' },
  push_notification: { icon: Bell, group: 'message', tone: 'bg-rose-100 text-rose-700' },
  callbot: { icon: Phone, group: 'other', tone: 'bg-indigo-100 text-indigo-700' },
  create_contact: { icon: UserPlus, group: 'other', tone: 'bg-indigo-100 text-indigo-700' },
  update_contact: { icon: UserPen, group: 'other', tone: 'bg-indigo-100 text-indigo-700' },
  webhook: { icon: Globe, group: 'other', tone: 'bg-orange-100 text-orange-700' },
};

export const BLOCK_GROUP_LABEL: Readonly<Record<BlockGroup, string>> = {
  flow: 'Luồng',
  ticket: 'Ticket',
  message: 'Gửi tin & thông báo',
  other: 'Khác',
};

export const TRIGGER_ICON = Bot;

/** The data a new block starts with: the choices most people make, fields to fill left empty. */
export function defaultBlockData(type: WorkflowBlockType): Record<string, unknown> {
  const retries = WORKFLOW_LIMITS.retriesDefault;
  switch (type) {
    case 'delay':
      return { amount: 1, unit: 'hours' };
    case 'wait_until':
      return { timing: 'offset_time', days: 1, time: '08:00' };
    case 'create_ticket':
      return { subject: '', description: '', status: 'new', tag_ids: [], retries };
    case 'update_ticket':
      return { add_tag_ids: [], remove_tag_ids: [], custom: {}, retries };
    case 'send_email':
      return {
        recipients: ['requester'],
        subject: '',
        body: '',
        group_ids: [],
        emails: [],
        retries,
      };
    case 'send_sms':
    case 'send_zns':
      return { retries };
    case 'push_notification':
      return { recipients: ['assigned_agent'], title: '', body: '', retries };
    case 'webhook':
      return {
        method: 'POST',
        url: '',
        headers: {},
        body: '',
        timeout_ms: WORKFLOW_LIMITS.webhookTimeoutMs.default,
        retries,
      };
    case 'branch':
      return { conditions: { logic: 'and', items: [] } };
    default:
      return {};
  }
}

const str = (value: unknown) => (typeof value === 'string' ? value : '');
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

/** One line about what a block does, shown under its name on the canvas. */
export function blockSummary(type: WorkflowBlockType, data: Record<string, unknown>): string {
  switch (type) {
    case 'start':
      return 'Khi sự kiện kích hoạt xảy ra';
    case 'end':
      return 'Kết thúc kịch bản';
    case 'delay':
      return typeof data.amount === 'number'
        ? `Chờ ${data.amount} ${WAIT_UNIT.label(str(data.unit)).toLowerCase()}`
        : 'Chưa đặt thời gian chờ';
    case 'wait_until':
      if (data.timing === 'specific_time') {
        return data.at
          ? `Đến ${new Date(str(data.at)).toLocaleString('vi-VN', { timeZone: 'Asia/Bangkok' })}`
          : 'Chưa chọn thời điểm';
      }
      return `Sau ${typeof data.days === 'number' ? data.days : '?'} ngày, lúc ${str(data.time) || '--:--'}`;
    case 'create_ticket':
      return str(data.subject) ? `Tiêu đề: ${str(data.subject)}` : 'Chưa nhập tiêu đề';
    case 'update_ticket': {
      const parts = [
        data.status ? `Trạng thái: ${TICKET_STATUS.label(str(data.status))}` : null,
        data.priority_id ? 'mức độ ưu tiên' : null,
        data.group_id ? 'bộ phận' : null,
        data.assignee ? 'người xử lý' : null,
        list(data.add_tag_ids).length ? `+${list(data.add_tag_ids).length} tag` : null,
      ].filter(Boolean);
      return parts.length ? parts.join(', ') : 'Chưa chọn trường cập nhật';
    }
    case 'send_email': {
      const kinds = list(data.recipients).map((kind) => EMAIL_RECIPIENT_KIND.label(str(kind)));
      return kinds.length ? `Tới: ${kinds.join(', ')}` : 'Chưa chọn người nhận';
    }
    case 'send_sms':
    case 'send_zns':
      return data.template_id ? 'Gửi theo mẫu tới SĐT khách hàng' : 'Chưa chọn mẫu tin nhắn';
    case 'push_notification': {
      if (str(data.title)) return str(data.title);
      const kinds = list(data.recipients).map((kind) => RECIPIENT_KIND.label(str(kind)));
      return kinds.length ? `Tới: ${kinds.join(', ')}` : 'Chưa chọn người nhận';
    }
    case 'webhook':
      return str(data.url) ? `${str(data.method) || 'POST'} ${str(data.url)}` : 'Chưa nhập URL';
    case 'branch': {
      const conditions = (data.conditions ?? {}) as { logic?: string; items?: unknown[] };
      const count = list(conditions.items).length;
      return count
        ? `${count} điều kiện (${CONDITION_LOGIC.label(conditions.logic ?? 'and')})`
        : 'Chưa có điều kiện';
    }
    default:
      return WORKFLOW_BLOCK_TYPE.label(type);
  }
}
