import { z } from 'zod';
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
  data_scopes: z.object(
    Object.fromEntries(STAFF_ROLES.map((role) => [role, scope])) as Record<StaffRole, typeof scope>,
  ),
  workflow: z.enum(FEATURE_SWITCHES, { error: 'Giá trị không hợp lệ' }),
});
export type TenantConfigBody = z.infer<typeof tenantConfigBody>;

export interface TenantConfigView {
  _id: string;
  name: string;
  slug: string;
  logo_url: string | null;
  time_zone: string;
  data_scopes: Record<StaffRole, DataScope>;
  workflow: 'enabled' | 'disabled';
  user_count?: number;
  created_at: string;
}
