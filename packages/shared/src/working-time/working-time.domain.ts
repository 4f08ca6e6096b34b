import type { DomainDeclaration } from '../platform/domain.js';

/** Working schedules (managed under `ticket_config.manage`). */
export const workingTimeDomain = {
  auditActions: {
    'working_schedule.create': 'Tạo lịch làm việc',
    'working_schedule.update': 'Cập nhật lịch làm việc',
    'working_schedule.delete': 'Xóa lịch làm việc',
  },
} as const satisfies DomainDeclaration;
