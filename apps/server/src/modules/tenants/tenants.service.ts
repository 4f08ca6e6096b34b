import { DEFAULT_CALL_TICKET_RULE } from '@omnicare/shared/telephony/calls.schemas';
import { WRAP_UP_LIMITS } from '@omnicare/shared/telephony/wrap-up.schemas';
import {
  assignsOwnTickets,
  DEFAULT_DATA_SCOPES,
  DEFAULT_IMPORT_EXPORT_ROLES,
  TENANT_MESSAGES,
  type PlatformTenantConfigBody,
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
import type { Database, Transaction } from '../../platform/db.js';
import type { AuthContext } from '../../platform/auth.js';
import { fieldError, notFound } from '../../platform/errors.js';
import { writeAudit } from '../audit/audit.service.js';
import * as repo from './tenants.repository.js';

export async function getTenantConfig(
  platform: Platform,
  tenantId: string,
  db: Database | Transaction = platform.db,
): Promise<TenantConfigView> {
  const tenant = await repo.findTenant(db, tenantId);
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
    call_wrap_up_seconds: tenant.settings.call_wrap_up_seconds ?? WRAP_UP_LIMITS.default,
    assign_own_tickets: assignsOwnTickets(tenant.settings),
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

/**
 * Saves a tenant's settings and tells its open tabs to reload their configuration.
 * `allow_private_webhooks` changes only by the platform administrator's per-tenant route
 * (`byPlatform`); the tenant's own route refuses a change (422) and accepts the stored value
 * sent back. A change of it is audited on its own (`tenant.private_webhooks`), besides the
 * `tenant.update` entry, in the same transaction as the save.
 */
async function saveTenantConfig(
  platform: Platform,
  auth: AuthContext,
  tenantId: string,
  body: PlatformTenantConfigBody,
  byPlatform: boolean,
) {
  const before = await getTenantConfig(platform, tenantId);
  const stored = await repo.findTenant(platform.db, tenantId);
  const allowPrivate = body.allow_private_webhooks ?? before.allow_private_webhooks;
  if (!byPlatform && allowPrivate !== before.allow_private_webhooks)
    throw fieldError('allow_private_webhooks', TENANT_MESSAGES.privateWebhooksPlatformOnly);
  const audit = { tenantId, impersonatorId: auth.impersonatorId, actorId: auth.userId };
  const after = await platform.db.transaction(async (tx) => {
    await repo.updateTenant(tx, tenantId, {
      name: body.name,
      logoUrl: body.logo_url,
      timeZone: body.time_zone,
      settings: {
        // Settings this screen does not show (other modules' providers) are kept as stored.
        ...stored?.settings,
        ...switchesAfter(before, body),
        data_scopes: body.data_scopes,
        import_export_roles: [...new Set(body.import_export_roles ?? before.import_export_roles)],
        allow_private_webhooks: allowPrivate,
        call_ticket_rule: body.call_ticket_rule ?? before.call_ticket_rule,
        call_wrap_up_seconds: body.call_wrap_up_seconds ?? before.call_wrap_up_seconds,
        assign_own_tickets: body.assign_own_tickets ?? before.assign_own_tickets,
      },
    });
    const saved = await getTenantConfig(platform, tenantId, tx);
    await writeAudit(tx, {
      ...audit,
      action: 'update',
      entity: 'tenant',
      entityId: tenantId,
      before,
      after: saved,
    });
    if (allowPrivate !== before.allow_private_webhooks)
      await writeAudit(tx, {
        ...audit,
        action: 'private_webhooks',
        entity: 'tenant',
        entityId: tenantId,
        before: { allow_private_webhooks: before.allow_private_webhooks },
        after: { allow_private_webhooks: allowPrivate },
      });
    return saved;
  });
  platform.realtime.toTenant(tenantId, REALTIME_EVENTS.tenantConfig, after);
  return after;
}

/** `PUT /v2/tenant/config`: the caller's own tenant; `allow_private_webhooks` cannot change. */
export const updateOwnTenantConfig = (
  platform: Platform,
  auth: AuthContext,
  body: TenantConfigBody,
) => saveTenantConfig(platform, auth, auth.tenantId, body, false);

/** `PUT /v2/tenant/config/{tenantId}`: the platform administrator (admin flag), any tenant. */
export const updateTenantConfigAsPlatform = (
  platform: Platform,
  auth: AuthContext,
  tenantId: string,
  body: PlatformTenantConfigBody,
) => saveTenantConfig(platform, auth, tenantId, body, true);

/** The tenant's row, or undefined: for modules that check a tenant exists. */
export const findTenant = (db: Database, tenantId: string) => repo.findTenant(db, tenantId);
