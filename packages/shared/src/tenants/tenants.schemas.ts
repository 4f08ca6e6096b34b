import { z } from 'zod';
import { isoDateTime } from '../platform/envelope.js';
import { requiredText } from '../platform/validation.js';
import { DATA_SCOPE, type DataScope } from '../users/data-scope.js';
import { STAFF_ROLES, type StaffRole } from '../users/roles.js';

export const FEATURE_SWITCHES = ['enabled', 'disabled'] as const;

/** What each role sees by default in customer, ticket and call lists. */
export const DEFAULT_DATA_SCOPES: Record<StaffRole, DataScope> = {
  administrator: 'all',
  supervisor: 'my_organization',
  team_leader: 'my_group',
  agent: 'me',
};

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
  workflow: z.enum(FEATURE_SWITCHES, { error: 'Giá trị không hợp lệ' }),
});
export type TenantConfigBody = z.infer<typeof tenantConfigBody>;

export const tenantConfigView = z.object({
  _id: z.string(),
  name: z.string(),
  slug: z.string(),
  logo_url: z.string().nullable(),
  time_zone: z.string(),
  data_scopes: dataScopes,
  workflow: z.enum(FEATURE_SWITCHES),
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
  workflow: z.enum(FEATURE_SWITCHES),
  user_count: z.number().int(),
  created_at: isoDateTime,
});
export type TenantAccount = z.infer<typeof tenantAccountView>;
