import { jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns.js';

import type { CallTicketRule } from '@omnicare/shared/telephony/calls.schemas';
import type { FeatureSetting, FeatureSwitch } from '@omnicare/shared/tenants/features';
import type { DataScope } from '@omnicare/shared/users/data-scope';
import type { StaffRole } from '@omnicare/shared/users/roles';

/**
 * Feature switches and settings of a tenant: each switch under its feature's `setting` key
 * (TENANT_FEATURES; `workflow: 'enabled'` turns on automation), missing meaning off.
 */
export interface TenantSettings extends Partial<Record<FeatureSetting, FeatureSwitch>> {
  /** Missing roles fall back to DEFAULT_DATA_SCOPES. */
  data_scopes?: Partial<Record<StaffRole, DataScope>>;
  /** Roles that may import and export customers; missing means DEFAULT_IMPORT_EXPORT_ROLES. */
  import_export_roles?: StaffRole[];
  /** Workflow webhooks may call loopback, private and link-local addresses (default false). */
  allow_private_webhooks?: boolean;
  /** The ticket of each call; missing means DEFAULT_CALL_TICKET_RULE (a new ticket per call). */
  call_ticket_rule?: CallTicketRule;
  /** After-call work after each answered call (seconds); missing means WRAP_UP_LIMITS.default. */
  call_wrap_up_seconds?: number;
  /** A ticket an agent creates without an assignee is theirs; missing means on. */
  assign_own_tickets?: boolean;
}

export const tenants = pgTable('tenants', {
  id: id(),
  name: text('name').notNull(),
  slug: text('slug').notNull().unique(),
  timeZone: text('time_zone').notNull().default('Asia/Bangkok'),
  logoUrl: text('logo_url'),
  settings: jsonb('settings').$type<TenantSettings>().notNull().default({ workflow: 'disabled' }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
