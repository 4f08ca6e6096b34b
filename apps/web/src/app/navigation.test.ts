import { describe, expect, it } from 'vitest';
import type { StaffRole } from '@omnicare/shared/users/roles';
import { SETTINGS_GROUPS, areaLinks, visibleNavItems } from './navigation';

const targets = (role: StaffRole) =>
  Object.fromEntries(
    visibleNavItems(role, { features: { automation: true }, isAdminFlag: true }).map((item) => [
      item.areaPath,
      item.to,
    ]),
  );

describe('navigation read from the found route declarations', () => {
  it('opens an area on the first screen its navigation shows that the role may open', () => {
    expect(targets('administrator')).toEqual({
      '/report': '/report/summary',
      '/tickets': '/tickets',
      '/chat': '/chat',
      '/customers': '/customers',
      '/campaign': '/campaign',
      '/automation': '/automation',
      '/smart-qc': '/smart-qc',
      '/monitors': '/monitors/agents',
      '/switchboard': '/switchboard/queue',
      '/settings': '/settings',
      '/view-as-mode': '/view-as-mode',
    });
    expect(targets('team_leader')['/settings']).toBe('/settings/tickets/view');
  });

  it('lists the settings groups and their pages in their order', () => {
    expect(
      SETTINGS_GROUPS.map(({ title, links }) => [title, links.map((link) => link.label)]),
    ).toEqual([
      [
        'Đa kênh',
        [
          'Tổng quan',
          'Email',
          'Facebook',
          'Livechat',
          'SMS',
          'TikTok',
          'WhatsApp',
          'Zalo OA',
          'Zalo cá nhân',
        ],
      ],
      [
        'Ticket',
        [
          'Mức độ ưu tiên',
          'Dịch vụ',
          'Mẫu ticket',
          'Loại ticket',
          'View ticket',
          'Chính sách SLA',
          'Macro',
        ],
      ],
      ['Người dùng', ['Thành viên', 'Phòng ban', 'Tổ chức']],
      ['Mẫu tin', ['Mẫu tin nhắn', 'Danh mục mẫu']],
      [
        'Hệ thống',
        [
          'Thời gian làm việc',
          'Quy tắc đối tượng',
          'Danh sách chặn',
          'Tags',
          'Tenant',
          'Cấu hình tenant',
        ],
      ],
    ]);
    expect(areaLinks('customers').map((link) => link.to)).toEqual([
      '/customers',
      '/customers/groups',
      '/customers/tags',
    ]);
  });
});
