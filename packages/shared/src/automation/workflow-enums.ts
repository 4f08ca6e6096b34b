import { labelled } from '../platform/labelled.js';

export const WORKFLOW_STATUS = labelled({
  draft: 'Bản nháp',
  active: 'Hoạt động',
  inactive: 'Không hoạt động',
});
export type WorkflowStatus = (typeof WORKFLOW_STATUS.values)[number];

export const WORKFLOW_RUN_STATUS = labelled({
  waiting: 'Đang chờ',
  running: 'Đang chạy',
  completed: 'Hoàn thành',
  failed: 'Thất bại',
  cancel: 'Hủy',
});
export type WorkflowRunStatus = (typeof WORKFLOW_RUN_STATUS.values)[number];

export const WORKFLOW_TRIGGER = labelled({
  ticket_created: 'Ticket được tạo',
  ticket_updated: 'Ticket được cập nhật',
});

/** Trigger target 'tickets' shows as Ticket; anything else as Chat. */
export const workflowTargetLabel = (target: string | null | undefined): 'Ticket' | 'Chat' =>
  target === 'tickets' ? 'Ticket' : 'Chat';

export const WORKFLOW_BLOCK_TYPE = labelled({
  start: 'Bắt đầu',
  end: 'Kết thúc',
  delay: 'Chờ',
  wait_until: 'Chờ đến thời điểm',
  create_ticket: 'Tạo ticket',
  update_ticket: 'Cập nhật ticket',
  send_email: 'Gửi email',
  send_sms: 'Gửi SMS',
  send_zns: 'Gửi ZNS',
  send_facebook: 'Gửi tin Facebook',
  send_livechat: 'Gửi tin Livechat',
  send_zalo: 'Gửi tin Zalo',
  push_notification: 'Gửi thông báo (web/app)',
  callbot: 'Callbot',
  create_contact: 'Tạo liên hệ',
  update_contact: 'Cập nhật liên hệ',
  webhook: 'Gọi API/Webhook',
  branch: 'Rẽ nhánh (if/else)',
});
export type WorkflowBlockType = (typeof WORKFLOW_BLOCK_TYPE.values)[number];
/** Block types shown but not yet usable. */
export const DISABLED_WORKFLOW_BLOCK_TYPES: readonly WorkflowBlockType[] = [
  'send_facebook',
  'send_livechat',
  'send_zalo',
  'callbot',
  'create_contact',
  'update_contact',
];

export const WORKFLOW_TIMING = ['offset_time', 'specific_time'] as const;

export const CONDITION_OPERATOR = labelled({
  eq: 'Bằng',
  neq: 'Khác',
  between: 'Trong khoảng',
  before: 'Trước',
  after: 'Sau',
  exist: 'Có giá trị',
  not_exist: 'Không có giá trị',
  gt: 'Lớn hơn',
  lt: 'Nhỏ hơn',
  gte: 'Lớn hơn hoặc bằng',
  lte: 'Nhỏ hơn hoặc bằng',
  some: 'Chứa một trong',
  every: 'Chứa tất cả',
  not_some: 'Không chứa bất kỳ',
  not_every: 'Không chứa tất cả',
});
export const CONDITION_LOGIC = labelled({ and: 'Và', or: 'Hoặc' });
export const WAIT_UNIT = labelled({ days: 'Ngày', hours: 'Giờ', minutes: 'Phút' });
export const WEBHOOK_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

export const RECIPIENT_KIND = labelled({
  assigned_agent: 'Chuyên viên được giao',
  follower: 'Người theo dõi',
  cc: 'CC',
  admin: 'Quản trị viên',
  leader: 'Trưởng bộ phận',
  supervisor: 'Giám sát viên',
});
export const EMAIL_RECIPIENT_KIND = labelled({
  requester: 'Khách hàng (người yêu cầu)',
  assignee: 'Chuyên viên được giao',
  cc: 'CC',
  followers: 'Người theo dõi',
  group: 'Toàn bộ email tổ chức',
  other: 'Danh sách email khác',
});
export const ASSIGNEE_OPTION = labelled({
  other_agent: 'Chuyên viên khác',
  requester: 'Người yêu cầu',
  assigned_agent: 'Chuyên viên được giao',
});
export const ACTOR = labelled({ customer: 'Khách hàng (người yêu cầu)', agent: 'Chuyên viên' });
export const SENDER = labelled({ chatbot: 'Chatbot', agent: 'Chuyên viên' });

export const EDITOR_HISTORY_EVENT = ['connect', 'add', 'delete', 'change', 'paste'] as const;
export const EDITOR_TOOLS = ['pointer', 'hand'] as const;
export const EDITOR_ZOOM_LEVELS = [200, 100, 75, 50, 'fit'] as const;
