import { z } from 'zod';
import { callTicketRule } from '../telephony/calls.schemas.js';
import { wrapUpSecondsField } from '../telephony/wrap-up.schemas.js';
import { isoDateTime } from '../platform/envelope.js';
import { requiredText } from '../platform/validation.js';
import { DATA_SCOPE, type DataScope } from '../users/data-scope.js';
import { STAFF_ROLES, type StaffRole } from '../users/roles.js';

import { featureSwitchInputs, featureSwitchViews, tenantFeaturesView } from './features.js';

/**
 * What each role sees by default in customer, ticket and call lists. A higher role sees at least
 * what a lower one sees: a team leader's department may span organizations, so a supervisor
 * (above team leaders) sees all; tenants still on the former defaults (supervisor
 * my_organization) were moved by migration.
 */
export const DEFAULT_DATA_SCOPES: Record<StaffRole, DataScope> = {
  administrator: 'all',
  supervisor: 'all',
  team_leader: 'my_group',
  agent: 'me',
};

/**
 * A ticket an agent creates without an assignee is theirs (tenant setting `assign_own_tickets`,
 * on unless turned off): the server assigns it, the new-ticket form shows it prefilled.
 */
export const assignsOwnTickets = (settings: { assign_own_tickets?: boolean } | null | undefined) =>
  settings?.assign_own_tickets !== false;

/** Roles allowed to import and export customers unless the tenant says otherwise. */
export const DEFAULT_IMPORT_EXPORT_ROLES: readonly StaffRole[] = ['administrator', 'supervisor'];

/** Whether a role may import and export customers under a tenant's setting. */
export const mayImportExport = (
  role: string,
  setting: readonly string[] | null | undefined,
): boolean => (setting ?? DEFAULT_IMPORT_EXPORT_ROLES).includes(role);

export const TENANT_MESSAGES = {
  importExportForbidden: 'Vai trò của bạn không được phép nhập hoặc xuất khách hàng',
  /** `PUT /v2/tenant/config` tried to change `allow_private_webhooks`. */
  privateWebhooksPlatformOnly:
    'Chỉ quản trị nền tảng mới được cho phép webhook gọi tới địa chỉ nội bộ của máy chủ',
} as const;

const scope = z.enum(DATA_SCOPE.values as [DataScope, ...DataScope[]], {
  error: 'Phạm vi dữ liệu không hợp lệ',
});

const dataScopes = z.object(
  Object.fromEntries(STAFF_ROLES.map((role) => [role, scope])) as Record<StaffRole, typeof scope>,
);

export const tenantConfigBody = z.object({
  name: requiredText('Tên tenant', 120),
  logo_url: z
    .string()
    .trim()
    .max(1000)
    .refine((value) => !value || /^(https?:\/\/|\/)/.test(value), 'Logo phải là đường dẫn http(s)')
    .optional()
    .transform((value) => value || null),
  time_zone: z
    .string()
    .trim()
    .refine((zone) => {
      try {
        new Intl.DateTimeFormat('en', { timeZone: zone });
        return true;
      } catch {
        return false;
      }
    }, 'Múi giờ không hợp lệ'),
  data_scopes: dataScopes,
  /** Roles that may import and export customers (absent keeps the stored setting). */
  import_export_roles: z
    .array(z.enum(STAFF_ROLES, { error: 'Vai trò không hợp lệ' }))
    .max(STAFF_ROLES.length)
    .optional(),
  ...featureSwitchInputs,
  /**
   * Read-only here: only the platform administrator changes it (`platformTenantConfigBody`).
   * Absent, or the stored value sent back, is accepted; another value is refused with 422
   * (`TENANT_MESSAGES.privateWebhooksPlatformOnly`).
   */
  allow_private_webhooks: z.boolean({ error: 'Giá trị không hợp lệ' }).optional(),
  /** The ticket of each call (absent keeps the stored rule). */
  call_ticket_rule: callTicketRule.optional(),
  /** After-call work after each answered call, in seconds (0: none; absent keeps the stored one). */
  call_wrap_up_seconds: wrapUpSecondsField.optional(),
  /** A ticket an agent creates is assigned to them by default (absent keeps the stored one). */
  assign_own_tickets: z.boolean({ error: 'Giá trị không hợp lệ' }).optional(),
});
export type TenantConfigBody = z.infer<typeof tenantConfigBody>;

/**
 * `PUT /v2/tenant/config/{tenantId}` (the platform administrator, admin flag): the tenant's
 * configuration, and whether its workflow webhooks may call loopback, private, link-local and
 * the server's own addresses (absent keeps the stored setting; a change is audited as
 * `tenant.private_webhooks`).
 */
export const platformTenantConfigBody = tenantConfigBody.extend({
  allow_private_webhooks: z.boolean({ error: 'Giá trị không hợp lệ' }).optional(),
});
export type PlatformTenantConfigBody = z.infer<typeof platformTenantConfigBody>;

export const tenantConfigView = z.object({
  _id: z.string(),
  name: z.string(),
  slug: z.string(),
  logo_url: z.string().nullable(),
  time_zone: z.string(),
  data_scopes: dataScopes,
  import_export_roles: z.array(z.enum(STAFF_ROLES)),
  ...featureSwitchViews,
  features: tenantFeaturesView,
  allow_private_webhooks: z.boolean(),
  call_ticket_rule: callTicketRule,
  call_wrap_up_seconds: z.number().int(),
  assign_own_tickets: z.boolean(),
  user_count: z.number().int().optional(),
  created_at: isoDateTime,
});
export type TenantConfigView = z.infer<typeof tenantConfigView>;

/** A tenant as the platform administrator's list shows it. */
export const tenantAccountView = z.object({
  _id: z.string(),
  name: z.string(),
  slug: z.string(),
  time_zone: z.string(),
  ...featureSwitchViews,
  features: tenantFeaturesView,
  user_count: z.number().int(),
  created_at: isoDateTime,
});
export type TenantAccount = z.infer<typeof tenantAccountView>;
