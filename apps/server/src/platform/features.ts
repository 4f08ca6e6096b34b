import { TENANT_FEATURES, type TenantFeature } from '@omnicare/shared/tenants/features';

/**
 * SQL true when the tenant row `alias` has `feature` on: `tenantFeatures`' rule, for statements
 * that read the switch with their rows (the workflow engine's).
 */
export const featureOnSql = (feature: TenantFeature, alias: string) =>
  `(${alias}.settings->>'${TENANT_FEATURES[feature].setting}' = 'enabled')`;
