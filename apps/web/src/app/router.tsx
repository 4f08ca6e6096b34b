import type { ComponentType } from 'react';
import { Navigate, createBrowserRouter } from 'react-router';
import type { RouteObject } from 'react-router';
import { withChunkReload } from '@/lib/chunk-reload';
import { HOME_PATH } from '@/lib/web-constants';
import { RouteErrorScreen } from '@/features/errors/pages/error-screen';
import { PageSpinner } from '@/components/feedback/page-spinner';
import {
  PublicOnly,
  RequireAdminFlag,
  RequireAuth,
  RequireRouteRoles,
  RequireWorkflow,
} from './guards';
import { RootShell } from './root-shell';

type Loader<M> = () => Promise<M>;

/** A lazy route module: one chunk per area, reloaded once if its download fails. */
function lazyPage<M, K extends keyof M>(load: Loader<M>, name: K) {
  return withChunkReload(async () => {
    const module = await load();
    return { Component: module[name] as ComponentType };
  });
}

const auth = () => import('@/features/auth/pages/login-page');
const forgot = () => import('@/features/auth/pages/forgot-password-page');
const notFound = () => import('@/features/errors/pages/not-found-page');
const integrations = () => import('@/features/integrations/pages/integration-pages');
const reports = () => import('@/features/reports/pages/report-pages');
const tickets = () => import('@/features/tickets/pages/ticket-pages');
const customerList = () => import('@/features/customers/pages/customer-list-page');
const customerDetail = () => import('@/features/customers/pages/customer-detail-page');
const customerGroups = () => import('@/features/customers/pages/customer-groups-page');
const tagGroups = () => import('@/features/customers/pages/tag-groups-page');
const chat = () => import('@/features/chat/pages/chat-pages');
const campaign = () => import('@/features/campaign/pages/campaign-pages');
const monitors = () => import('@/features/monitors/pages/monitor-pages');
const switchboard = () => import('@/features/switchboard/pages/switchboard-pages');
const smartQc = () => import('@/features/smart-qc/pages/smart-qc-pages');
const automation = () => import('@/features/automation/pages/automation-pages');
const settings = () => import('@/features/settings/pages/settings-pages');
const viewAs = () => import('@/features/view-as/pages/view-as-page');
const members = () => import('@/features/users/pages/members-page');
const departments = () => import('@/features/users/pages/departments-page');
const organizations = () => import('@/features/organizations/pages/organizations-page');
const organizationDetail = () => import('@/features/organizations/pages/organization-detail-page');
const tenant = () => import('@/features/tenants/pages/tenant-pages');
const templates = () => import('@/features/templates/pages/templates-page');
const templateCatalogs = () => import('@/features/templates/pages/template-catalogs-page');
const customFields = () => import('@/features/fields/pages/custom-fields-page');

/** A page of an area with its title (read by the page through the route handle). */
function page<M, K extends keyof M>(
  path: string | undefined,
  title: string,
  area: string,
  load: Loader<M>,
  name: K,
): RouteObject {
  const base = { handle: { title, area }, lazy: lazyPage(load, name) };
  return path === undefined ? { index: true, ...base } : { path, ...base };
}

const reportPage = (path: string, title: string) =>
  page(path, title, 'report', reports, 'ReportPage');
const monitorPage = (path: string, title: string) =>
  page(path, title, 'monitors', monitors, 'MonitorPage');
const switchboardPage = (path: string, title: string) =>
  page(path, title, 'switchboard', switchboard, 'SwitchboardPage');
const qcPage = (path: string | undefined, title: string) =>
  page(path, title, 'smart-qc', smartQc, 'SmartQcPage');
const settingsPage = (path: string, title: string) =>
  page(path, title, 'settings', settings, 'SettingsPage');
const campaignPage = (path: string | undefined, title: string) =>
  page(path, title, 'campaign', campaign, 'CampaignPage');

/** Every route of spec section 2. Role rules are data in route-access.ts. */
export const routes: RouteObject[] = [
  {
    element: <RootShell />,
    errorElement: <RouteErrorScreen />,
    hydrateFallbackElement: <PageSpinner />,
    children: [
      {
        path: 'login',
        element: <PublicOnly />,
        children: [{ index: true, lazy: lazyPage(auth, 'LoginPage') }],
      },
      { path: 'forgot-password', lazy: lazyPage(forgot, 'ForgotPasswordPage') },
      { path: 'page-404', lazy: lazyPage(notFound, 'NotFoundPage') },
      page(
        'zalo-redirect',
        'Kết nối Zalo',
        'integrations',
        integrations,
        'IntegrationCallbackPage',
      ),
      page(
        'tiktok-redirect',
        'Kết nối TikTok',
        'integrations',
        integrations,
        'IntegrationCallbackPage',
      ),
      {
        element: <RequireAuth />,
        children: [
          {
            lazy: withChunkReload(async () => ({
              Component: (await import('./layout/app-layout')).AppLayout,
            })),
            children: [
              {
                element: <RequireRouteRoles />,
                errorElement: <RouteErrorScreen />,
                children: [
                  { index: true, element: <Navigate to={HOME_PATH} replace /> },
                  {
                    path: 'view-as-mode',
                    element: <RequireAdminFlag />,
                    children: [page(undefined, 'Xem với tư cách', 'view-as', viewAs, 'ViewAsPage')],
                  },
                  {
                    path: 'automation',
                    element: <RequireWorkflow />,
                    children: [
                      page(
                        undefined,
                        'Danh sách tự động hóa',
                        'automation',
                        automation,
                        'AutomationPage',
                      ),
                      page(
                        'editor',
                        'Tạo kịch bản tự động hóa',
                        'automation',
                        automation,
                        'AutomationPage',
                      ),
                      page(
                        'editor/:id',
                        'Chỉnh sửa kịch bản tự động hóa',
                        'automation',
                        automation,
                        'AutomationPage',
                      ),
                      page(
                        'history/:id',
                        'Lịch sử hành động',
                        'automation',
                        automation,
                        'AutomationPage',
                      ),
                    ],
                  },
                  {
                    path: 'tickets',
                    children: [
                      page(undefined, 'Danh sách ticket', 'tickets', tickets, 'TicketListPage'),
                      page(':ticketId', 'Ticket', 'tickets', tickets, 'TicketDetailPage'),
                    ],
                  },
                  {
                    path: 'customers',
                    children: [
                      page(
                        undefined,
                        'Danh sách khách hàng',
                        'customers',
                        customerList,
                        'CustomerListPage',
                      ),
                      page('tags', 'Nhóm tags', 'customers', tagGroups, 'TagGroupsPage'),
                      page(
                        'groups',
                        'Nhóm khách hàng',
                        'customers',
                        customerGroups,
                        'CustomerGroupsPage',
                      ),
                      page(
                        ':customerId',
                        'Khách hàng',
                        'customers',
                        customerDetail,
                        'CustomerDetailPage',
                      ),
                    ],
                  },
                  {
                    path: 'chat',
                    children: [
                      page(undefined, 'Chat', 'chat', chat, 'ChatPage'),
                      page(':ticketId', 'Hội thoại', 'chat', chat, 'ChatPage'),
                    ],
                  },
                  {
                    path: 'campaign',
                    children: [
                      campaignPage(undefined, 'Danh sách chiến dịch'),
                      campaignPage('report', 'Báo cáo chiến dịch'),
                      campaignPage(':campaignId', 'Chi tiết chiến dịch'),
                      campaignPage(':campaignId/report', 'Báo cáo chi tiết chiến dịch'),
                      campaignPage(':campaignId/report-zns', 'Báo cáo ZNS của chiến dịch'),
                    ],
                  },
                  {
                    path: 'monitors',
                    children: [
                      { index: true, element: <Navigate to="agents" replace /> },
                      monitorPage('agents', 'Giám sát chuyên viên'),
                      monitorPage('call-center', 'Giám sát tổng đài'),
                      monitorPage('call-monitor', 'Giám sát cuộc gọi'),
                      monitorPage('channels', 'Giám sát kênh'),
                      monitorPage('daily-stats', 'Thống kê trong ngày'),
                    ],
                  },
                  {
                    path: 'switchboard',
                    children: [
                      { index: true, element: <Navigate to="queue" replace /> },
                      switchboardPage('queue', 'Hàng chờ'),
                      switchboardPage('ivr', 'IVR'),
                      switchboardPage('call-history', 'Lịch sử cuộc gọi'),
                    ],
                  },
                  {
                    path: 'report',
                    children: [
                      { index: true, element: <Navigate to="summary" replace /> },
                      reportPage('summary', 'Báo cáo tổng quan'),
                      reportPage('ticket', 'Báo cáo ticket'),
                      reportPage('group', 'Báo cáo nhóm'),
                      reportPage('customer', 'Báo cáo khách hàng'),
                      reportPage('custom', 'Báo cáo tùy chỉnh'),
                      reportPage('call', 'Báo cáo cuộc gọi'),
                      reportPage('agent', 'Báo cáo chuyên viên'),
                      reportPage('ad-funnel', 'Báo cáo phễu quảng cáo'),
                    ],
                  },
                  {
                    path: 'smart-qc',
                    children: [
                      qcPage(undefined, 'Smart QC'),
                      qcPage('autoQa', 'QC tự động'),
                      qcPage('manualQa', 'QC thủ công'),
                      qcPage('keyword', 'Từ khóa QC'),
                      qcPage('dashboard', 'Dashboard QC'),
                      qcPage('criteria', 'Tiêu chí đánh giá'),
                      qcPage('criteria/:templateType', 'Tiêu chí theo mẫu'),
                      qcPage('campaign', 'Chiến dịch QC'),
                      qcPage('autoQa/:smartQcId', 'Chi tiết QC tự động'),
                      qcPage('manualQa/:smartQcId', 'Chi tiết QC thủ công'),
                      qcPage('autoQa/:smartQcId/calls/:qcTicketId', 'Chi tiết cuộc gọi QC tự động'),
                      qcPage(
                        'manualQa/:smartQcId/calls/:qcTicketId',
                        'Chi tiết cuộc gọi QC thủ công',
                      ),
                    ],
                  },
                  {
                    path: 'settings',
                    children: [
                      page(undefined, 'Cài đặt', 'settings', settings, 'SettingsHomePage'),
                      settingsPage('multi-channels/email', 'Kênh Email'),
                      settingsPage('multi-channels/facebook', 'Kênh Facebook'),
                      settingsPage('multi-channels/livechat', 'Kênh Livechat'),
                      settingsPage('multi-channels/sms', 'Kênh SMS'),
                      settingsPage('multi-channels/tiktok', 'Kênh TikTok'),
                      settingsPage('multi-channels/whatsapp', 'Kênh WhatsApp'),
                      settingsPage('multi-channels/zalo', 'Kênh Zalo OA'),
                      page(
                        'multi-channels/zalo-user',
                        'Zalo cá nhân',
                        'settings',
                        settings,
                        'ZaloUserIndexPage',
                      ),
                      settingsPage('multi-channels/zalo-user/:tenantId', 'Tài khoản Zalo cá nhân'),
                      page(
                        'others/templates',
                        'Mẫu tin nhắn',
                        'settings',
                        templates,
                        'TemplatesPage',
                      ),
                      page(
                        'others/template-catalogs',
                        'Danh mục mẫu',
                        'settings',
                        templateCatalogs,
                        'TemplateCatalogsPage',
                      ),
                      settingsPage('tickets/priority', 'Độ ưu tiên ticket'),
                      settingsPage('tickets/service', 'Dịch vụ'),
                      settingsPage('tickets/template', 'Mẫu ticket'),
                      settingsPage('tickets/ticket-type', 'Loại ticket'),
                      settingsPage('tickets/view', 'View ticket'),
                      page(
                        'users/departments',
                        'Phòng ban',
                        'settings',
                        departments,
                        'DepartmentsPage',
                      ),
                      page('users/members', 'Thành viên', 'settings', members, 'MembersPage'),
                      page(
                        'users/organizations',
                        'Tổ chức',
                        'settings',
                        organizations,
                        'OrganizationsPage',
                      ),
                      settingsPage('time-working', 'Thời gian làm việc'),
                      page(
                        'object-rule',
                        'Quy tắc đối tượng',
                        'settings',
                        customFields,
                        'CustomFieldsPage',
                      ),
                      settingsPage('blacklist', 'Danh sách chặn'),
                      page('tenant', 'Tenant', 'settings', tenant, 'TenantPage'),
                      page(
                        'tenant/config',
                        'Cấu hình tenant',
                        'settings',
                        tenant,
                        'TenantConfigPage',
                      ),
                      page(
                        'tenant/config/:tenantId',
                        'Cấu hình tenant',
                        'settings',
                        tenant,
                        'TenantConfigByIdPage',
                      ),
                      settingsPage('tags', 'Tags'),
                      page(
                        'organizations/:organizationId',
                        'Tổ chức',
                        'settings',
                        organizationDetail,
                        'OrganizationDetailPage',
                      ),
                    ],
                  },
                  { path: '*', element: <Navigate to="/page-404" replace /> },
                ],
              },
            ],
          },
        ],
      },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(routes);
