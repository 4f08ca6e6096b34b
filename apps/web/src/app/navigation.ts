import type { LucideIcon } from 'lucide-react';
import {
  BarChart3,
  Bot,
  Eye,
  Headset,
  Megaphone,
  MessagesSquare,
  MonitorDot,
  Settings,
  ShieldCheck,
  Ticket,
  Users,
} from 'lucide-react';
import type { Role } from '@omnicare/shared/users/roles';
import { canAccess } from './route-access';

export interface NavItem {
  label: string;
  /** Where the item goes; the first target the role may open is used. */
  targets: readonly string[];
  /** The area the item stands for (for the active state). */
  area: string;
  icon: LucideIcon;
  requiresWorkflow?: boolean;
}

/** The sidebar: functional areas of spec section 1, each shown only when the role may open it. */
export const NAV_ITEMS: readonly NavItem[] = [
  { label: 'Báo cáo', targets: ['/report/summary'], area: '/report', icon: BarChart3 },
  { label: 'Ticket', targets: ['/tickets'], area: '/tickets', icon: Ticket },
  { label: 'Chat', targets: ['/chat'], area: '/chat', icon: MessagesSquare },
  { label: 'Khách hàng', targets: ['/customers'], area: '/customers', icon: Users },
  { label: 'Chiến dịch', targets: ['/campaign'], area: '/campaign', icon: Megaphone },
  {
    label: 'Tự động hóa',
    targets: ['/automation'],
    area: '/automation',
    icon: Bot,
    requiresWorkflow: true,
  },
  { label: 'Smart QC', targets: ['/smart-qc'], area: '/smart-qc', icon: ShieldCheck },
  { label: 'Giám sát', targets: ['/monitors/agents'], area: '/monitors', icon: MonitorDot },
  { label: 'Tổng đài', targets: ['/switchboard/queue'], area: '/switchboard', icon: Headset },
  {
    label: 'Cài đặt',
    targets: ['/settings', '/settings/tickets/view'],
    area: '/settings',
    icon: Settings,
  },
];

export const VIEW_AS_NAV_ITEM: NavItem = {
  label: 'Xem với tư cách',
  targets: ['/view-as-mode'],
  area: '/view-as-mode',
  icon: Eye,
};

export interface VisibleNavItem extends NavItem {
  to: string;
}

export function visibleNavItems(
  role: Role | undefined,
  options: { workflowEnabled: boolean; isAdminFlag: boolean },
): VisibleNavItem[] {
  const items: VisibleNavItem[] = [];
  for (const item of NAV_ITEMS) {
    if (item.requiresWorkflow && !options.workflowEnabled) continue;
    const to = item.targets.find((target) => canAccess(target, role));
    if (to) items.push({ ...item, to });
  }
  if (options.isAdminFlag) items.push({ ...VIEW_AS_NAV_ITEM, to: '/view-as-mode' });
  return items;
}

export interface SubNavLink {
  to: string;
  label: string;
}

/** Pages inside an area, shown as a sub-navigation above the page. */
export const AREA_LINKS: Readonly<Record<string, readonly SubNavLink[]>> = {
  report: [
    { to: '/report/summary', label: 'Tổng quan' },
    { to: '/report/ticket', label: 'Ticket' },
    { to: '/report/group', label: 'Nhóm' },
    { to: '/report/customer', label: 'Khách hàng' },
    { to: '/report/custom', label: 'Tùy chỉnh' },
    { to: '/report/call', label: 'Cuộc gọi' },
    { to: '/report/agent', label: 'Chuyên viên' },
    { to: '/report/ad-funnel', label: 'Phễu quảng cáo' },
  ],
  customers: [
    { to: '/customers', label: 'Danh sách khách hàng' },
    { to: '/customers/groups', label: 'Nhóm khách hàng' },
    { to: '/customers/tags', label: 'Nhóm tags' },
  ],
  campaign: [
    { to: '/campaign', label: 'Danh sách chiến dịch' },
    { to: '/campaign/report', label: 'Báo cáo chiến dịch' },
  ],
  monitors: [
    { to: '/monitors/agents', label: 'Chuyên viên' },
    { to: '/monitors/call-center', label: 'Tổng đài' },
    { to: '/monitors/call-monitor', label: 'Cuộc gọi' },
    { to: '/monitors/channels', label: 'Kênh' },
    { to: '/monitors/daily-stats', label: 'Thống kê trong ngày' },
  ],
  switchboard: [
    { to: '/switchboard/queue', label: 'Hàng chờ' },
    { to: '/switchboard/ivr', label: 'IVR' },
    { to: '/switchboard/call-history', label: 'Lịch sử cuộc gọi' },
  ],
  'smart-qc': [
    { to: '/smart-qc', label: 'Tổng quan' },
    { to: '/smart-qc/autoQa', label: 'QC tự động' },
    { to: '/smart-qc/manualQa', label: 'QC thủ công' },
    { to: '/smart-qc/keyword', label: 'Từ khóa' },
    { to: '/smart-qc/dashboard', label: 'Dashboard' },
    { to: '/smart-qc/criteria', label: 'Tiêu chí' },
    { to: '/smart-qc/campaign', label: 'Chiến dịch QC' },
  ],
  automation: [{ to: '/automation', label: 'Danh sách tự động hóa' }],
};

/** Settings groups (spec section 2), listed on the settings home. */
export const SETTINGS_GROUPS: readonly { title: string; links: readonly SubNavLink[] }[] = [
  {
    title: 'Đa kênh',
    links: [
      { to: '/settings/multi-channels/email', label: 'Email' },
      { to: '/settings/multi-channels/facebook', label: 'Facebook' },
      { to: '/settings/multi-channels/livechat', label: 'Livechat' },
      { to: '/settings/multi-channels/sms', label: 'SMS' },
      { to: '/settings/multi-channels/tiktok', label: 'TikTok' },
      { to: '/settings/multi-channels/whatsapp', label: 'WhatsApp' },
      { to: '/settings/multi-channels/zalo', label: 'Zalo OA' },
      { to: '/settings/multi-channels/zalo-user', label: 'Zalo cá nhân' },
    ],
  },
  {
    title: 'Ticket',
    links: [
      { to: '/settings/tickets/priority', label: 'Độ ưu tiên' },
      { to: '/settings/tickets/service', label: 'Dịch vụ' },
      { to: '/settings/tickets/template', label: 'Mẫu ticket' },
      { to: '/settings/tickets/ticket-type', label: 'Loại ticket' },
      { to: '/settings/tickets/view', label: 'View ticket' },
    ],
  },
  {
    title: 'Người dùng',
    links: [
      { to: '/settings/users/members', label: 'Thành viên' },
      { to: '/settings/users/departments', label: 'Phòng ban' },
      { to: '/settings/users/organizations', label: 'Tổ chức' },
    ],
  },
  {
    title: 'Mẫu tin',
    links: [
      { to: '/settings/others/templates', label: 'Mẫu tin nhắn' },
      { to: '/settings/others/template-catalogs', label: 'Danh mục mẫu' },
    ],
  },
  {
    title: 'Hệ thống',
    links: [
      { to: '/settings/time-working', label: 'Thời gian làm việc' },
      { to: '/settings/object-rule', label: 'Quy tắc đối tượng' },
      { to: '/settings/blacklist', label: 'Danh sách chặn' },
      { to: '/settings/tags', label: 'Tags' },
      { to: '/settings/tenant', label: 'Tenant' },
      { to: '/settings/tenant/config', label: 'Cấu hình tenant' },
    ],
  },
];
