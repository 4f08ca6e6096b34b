import { z } from 'zod';
import { gather } from '../domains.js';

/** A feature switch's two stored values (the spec's tenant `workflow` setting uses them). */
export const FEATURE_SWITCHES = ['enabled', 'disabled'] as const;
export type FeatureSwitch = (typeof FEATURE_SWITCHES)[number];

/**
 * The features a tenant switches on and off, as data: a domain declares its switch
 * (`features` in its `<domain>.domain.ts`), a server module or a web screen names the feature
 * it needs (`ServerModule.feature`, a route's `requiresFeature`) and the platform does the
 * rest. Automation's switch is the spec's tenant `workflow` setting.
 */
export const TENANT_FEATURES = gather('features');

export type TenantFeature = keyof typeof TENANT_FEATURES;
export type FeatureSetting = (typeof TENANT_FEATURES)[TenantFeature]['setting'];
/** Which features are on for a tenant. */
export type TenantFeatures = Record<TenantFeature, boolean>;

export const TENANT_FEATURE_KEYS = Object.keys(TENANT_FEATURES) as TenantFeature[];

/** Which features a tenant's stored settings turn on. */
export function tenantFeatures(
  settings: { readonly [K in FeatureSetting]?: unknown } | null | undefined,
): TenantFeatures {
  return Object.fromEntries(
    TENANT_FEATURE_KEYS.map((key) => [key, settings?.[TENANT_FEATURES[key].setting] === 'enabled']),
  ) as TenantFeatures;
}

/** Each feature's stored switch, as the tenant configuration shows it (missing: 'disabled'). */
export function storedSwitches(
  settings: { readonly [K in FeatureSetting]?: unknown } | null | undefined,
): Record<FeatureSetting, FeatureSwitch> {
  return Object.fromEntries(
    TENANT_FEATURE_KEYS.map((key) => {
      const { setting } = TENANT_FEATURES[key];
      return [setting, settings?.[setting] === 'enabled' ? 'enabled' : 'disabled'];
    }),
  ) as Record<FeatureSetting, FeatureSwitch>;
}

export const tenantFeaturesView = z.object(
  Object.fromEntries(TENANT_FEATURE_KEYS.map((key) => [key, z.boolean()])) as Record<
    TenantFeature,
    z.ZodBoolean
  >,
);

const featureSwitch = z.enum(FEATURE_SWITCHES, { error: 'Giá trị không hợp lệ' });
type SwitchFields<T> = Record<FeatureSetting, T>;
const switchFields = <T extends z.ZodType>(field: T) =>
  Object.fromEntries(
    TENANT_FEATURE_KEYS.map((key) => [TENANT_FEATURES[key].setting, field]),
  ) as SwitchFields<T>;

/** The tenant configuration's switch of each feature, as saved (absent keeps the stored one)... */
export const featureSwitchInputs = switchFields(featureSwitch.optional());
/** ...and as shown. */
export const featureSwitchViews = switchFields(featureSwitch);
