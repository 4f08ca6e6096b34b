import { DEFAULT_CALL_TICKET_RULE } from '@omnicare/shared/telephony/calls.schemas';
import {
  DEFAULT_DATA_SCOPES,
  DEFAULT_IMPORT_EXPORT_ROLES,
  type TenantConfigBody,
  type TenantConfigView,
} from '@omnicare/shared/tenants/tenants.schemas';
import {
  featureSwitchViews,
  storedSwitches,
  tenantFeatures,
  type FeatureSetting,
  type FeatureSwitch,
} from '@omnicare/shared/tenants/features';
import { REALTIME_EVENTS } from '@omnicare/shared/notifications/notifications.schemas';
import type { Platform } from '../../platform/context.js';
import type { Database } from '../../platform/db.js';
import type { AuthContext } from '../../platform/auth.js';
import { notFound } from '../../platform/errors.js';
import { writeAudit } from '../audit/audit.service.js';
import * as repo from './tenants.repository.js';

export async function getTenantConfig(
  platform: Platform,
  tenantId: string,
): Promise<TenantConfigView> {
  const tenant = await repo.findTenant(platform.db, tenantId);
  if (!tenant) throw notFound('Không tìm thấy tenant');
  return {
    _id: tenant.id,
    name: tenant.name,
    slug: tenant.slug,
    logo_url: tenant.logoUrl,
    time_zone: tenant.timeZone,
    data_scopes: { ...DEFAULT_DATA_SCOPES, ...tenant.settings.data_scopes },
    import_export_roles: [...(tenant.settings.import_export_roles ?? DEFAULT_IMPORT_EXPORT_ROLES)],
    ...storedSwitches(tenant.settings),
    features: tenantFeatures(tenant.settings),
    allow_private_webhooks: tenant.settings.allow_private_webhooks === true,
    call_ticket_rule: tenant.settings.call_ticket_rule ?? DEFAULT_CALL_TICKET_RULE,
    created_at: tenant.createdAt.toISOString(),
  };
}

/** Each feature's switch as saved: given in the body, else as stored. */
const switchesAfter = (before: TenantConfigView, body: TenantConfigBody) =>
  Object.fromEntries(
    Object.keys(featureSwitchViews).map((setting) => [
      setting,
      body[setting as FeatureSetting] ?? before[setting as FeatureSetting],
    ]),
  ) as Record<FeatureSetting, FeatureSwitch>;

/** Saves a tenant's settings and tells its open tabs to reload their configuration. */
export async function updateTenantConfig(
  platform: Platform,
  auth: AuthContext,
  tenantId: string,
  body: TenantConfigBody,
) {
  const before = await getTenantConfig(platform, tenantId);
  await repo.updateTenant(platform.db, tenantId, {
    name: body.name,
    logoUrl: body.logo_url,
    timeZone: body.time_zone,
    settings: {
      ...switchesAfter(before, body),
      data_scopes: body.data_scopes,
      import_export_roles: [...new Set(body.import_export_roles ?? before.import_export_roles)],
      allow_private_webhooks: body.allow_private_webhooks ?? before.allow_private_webhooks,
      call_ticket_rule: body.call_ticket_rule ?? before.call_ticket_rule,
    },
  });
  const after = await getTenantConfig(platform, tenantId);
  await writeAudit(platform.db, {
    tenantId,
    impersonatorId: auth.impersonatorId,
    actorId: auth.userId,
    action: 'update',
    entity: 'tenant',
    entityId: tenantId,
    before,
    after,
  });
  platform.realtime.toTenant(tenantId, REALTIME_EVENTS.tenantConfig, after);
  return after;
}

/** The tenant's row, or undefined: for modules that check a tenant exists. */
export const findTenant = (db: Database, tenantId: string) => repo.findTenant(db, tenantId);
