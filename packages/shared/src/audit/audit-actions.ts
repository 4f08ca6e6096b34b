import { labelled } from '../platform/labelled.js';

/**
 * Every action the server records in the audit log, as `<entity>.<action>`, with the label
 * people read: in a staff member's history and on the customer timeline (whose entry kinds are
 * these keys). `writeAudit` takes only what is listed here for its entity.
 */
export const AUDIT_ACTION = labelled({
  'customer.create': 'Tạo khách hàng',
  'customer.update': 'Cập nhật thông tin',
  'customer.avatar': 'Đổi ảnh đại diện',
  'customer.add_group': 'Thêm vào nhóm khách hàng',
  'customer.remove_group': 'Bỏ khỏi nhóm khách hàng',
  'customer.add_tag': 'Gắn tag',
  'customer.remove_tag': 'Gỡ tag',
  'customer.assign_owner': 'Đổi người phụ trách',
  'customer.merge': 'Gộp khách hàng',
  'customer.delete': 'Xóa khách hàng',
  'customer.import_create': 'Tạo từ tệp nhập',
  'customer.import_update': 'Cập nhật từ tệp nhập',
  'customer.ticket_created': 'Tạo ticket',
  'customer.call': 'Cuộc gọi',
  'user.create': 'Tạo mới',
  'user.update': 'Cập nhật',
  'user.activate': 'Kích hoạt',
  'user.disable': 'Vô hiệu hóa',
  'user.reset_password': 'Đặt lại mật khẩu',
  'user.view_as': 'Được xem với tư cách',
  'user.invite': 'Gửi lời mời',
  'user.accept_invite': 'Nhận lời mời',
  'user.change_password': 'Đổi mật khẩu',
  'user.avatar': 'Đổi ảnh đại diện',
  'organization.create': 'Tạo tổ chức',
  'organization.update': 'Cập nhật tổ chức',
  'organization.delete': 'Xóa tổ chức',
  'group.create': 'Tạo nhóm',
  'group.update': 'Cập nhật nhóm',
  'group.delete': 'Xóa nhóm',
  'tag_group.create': 'Tạo nhóm tags',
  'tag_group.update': 'Cập nhật nhóm tags',
  'tag_group.delete': 'Xóa nhóm tags',
  'field.create': 'Tạo trường tùy chỉnh',
  'field.update': 'Cập nhật trường tùy chỉnh',
  'field.delete': 'Xóa trường tùy chỉnh',
  'template.create': 'Tạo mẫu',
  'template.update': 'Cập nhật mẫu',
  'template.delete': 'Xóa mẫu',
  'template_catalog.create': 'Tạo danh mục mẫu',
  'template_catalog.update': 'Cập nhật danh mục mẫu',
  'template_catalog.delete': 'Xóa danh mục mẫu',
  'tenant.update': 'Cập nhật cấu hình',
  'tenant.private_webhooks': 'Đổi quyền gọi webhook tới địa chỉ nội bộ',
  'queue.create': 'Tạo hàng chờ',
  'queue.update': 'Cập nhật hàng chờ',
  'queue.delete': 'Xóa hàng chờ',
  'ticket.create': 'Tạo ticket',
  'ticket.update': 'Cập nhật ticket',
  'ticket.delete': 'Xóa ticket',
  'ticket.reopen': 'Mở lại do khách hàng phản hồi',
  'ticket.comment': 'Bình luận',
  'ticket.merge': 'Gộp ticket',
  'ticket.split': 'Tách ticket',
  'ticket.link': 'Liên kết ticket',
  'ticket.unlink': 'Gỡ liên kết ticket',
  'ticket.sla_breach': 'Quá hạn SLA',
  'ticket_priority.create': 'Tạo mức độ ưu tiên',
  'ticket_priority.update': 'Cập nhật mức độ ưu tiên',
  'ticket_priority.delete': 'Xóa mức độ ưu tiên',
  'ticket_type.create': 'Tạo loại ticket',
  'ticket_type.update': 'Cập nhật loại ticket',
  'ticket_type.delete': 'Xóa loại ticket',
  'ticket_service.create': 'Tạo dịch vụ',
  'ticket_service.update': 'Cập nhật dịch vụ',
  'ticket_service.delete': 'Xóa dịch vụ',
  'ticket_template.create': 'Tạo mẫu ticket',
  'ticket_template.update': 'Cập nhật mẫu ticket',
  'ticket_template.delete': 'Xóa mẫu ticket',
  'smart_view.create': 'Tạo view ticket',
  'smart_view.update': 'Cập nhật view ticket',
  'smart_view.delete': 'Xóa view ticket',
  'macro.create': 'Tạo macro',
  'macro.update': 'Cập nhật macro',
  'macro.delete': 'Xóa macro',
  'working_schedule.create': 'Tạo lịch làm việc',
  'working_schedule.update': 'Cập nhật lịch làm việc',
  'working_schedule.delete': 'Xóa lịch làm việc',
  'sla_policy.create': 'Tạo chính sách SLA',
  'sla_policy.update': 'Cập nhật chính sách SLA',
  'sla_policy.delete': 'Xóa chính sách SLA',
  'workflow.create': 'Tạo kịch bản tự động hóa',
  'workflow.update': 'Cập nhật kịch bản tự động hóa',
  'workflow.change_status': 'Đổi trạng thái kịch bản tự động hóa',
  'workflow.delete': 'Xóa kịch bản tự động hóa',
});
export type AuditAction = (typeof AUDIT_ACTION.values)[number];

type EntityOf<K> = K extends `${infer Entity}.${string}` ? Entity : never;
type VerbOf<K, Entity extends string> = K extends `${Entity}.${infer Verb}` ? Verb : never;
/** What the audit log records actions on (`customer`, `user`, `tag_group`...). */
export type AuditEntity = EntityOf<AuditAction>;
/** The actions listed for one entity (`'create' | 'update' | ...`). */
export type AuditVerb<Entity extends AuditEntity> = VerbOf<AuditAction, Entity>;
/** An entity with one of its listed actions, as an audit entry stores them. */
export type AuditSubject = {
  [Entity in AuditEntity]: { entity: Entity; action: AuditVerb<Entity> };
}[AuditEntity];

/**
 * Names stored before the list was one: a staff member's own password reset was recorded as
 * `password_reset`, an administrator's as `reset_password`; both read as the latter.
 */
const FORMER_NAMES: Readonly<Record<string, AuditAction>> = {
  'user.password_reset': 'user.reset_password',
};

/** The label of a stored `<entity>.<action>`; an unknown one is shown as it is. */
export const auditActionLabel = (kind: string): string =>
  AUDIT_ACTION.label(FORMER_NAMES[kind] ?? kind);
