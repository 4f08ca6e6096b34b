import type { FastifyInstance } from 'fastify';
import type { FieldEntity } from '@omnicare/shared/fields/fields.schemas';
import type { EventCatalogue } from '@omnicare/shared/platform/domain-events';
import type { TenantFeature } from '@omnicare/shared/tenants/features';
import type { Platform } from './context.js';
import type { Database, Transaction } from './db.js';
import type { RouteModule } from './routes.js';
import type { ChangeTopic } from './tenant-memo.js';

/**
 * What a module lends to custom fields for one entity whose records carry their values: the
 * fields module calls it when a field of that entity changes, in the field's transaction.
 */
export interface CustomFieldHost {
  entity: FieldEntity;
  /** A deleted field's values leave every record of the tenant. */
  dropValues(tx: Transaction, tenantId: string, key: string): Promise<void>;
  /** A select or multi-select field lost options: values keep only the ones still offered. */
  keepOfferedOptions(
    tx: Transaction,
    tenantId: string,
    key: string,
    options: string[],
  ): Promise<void>;
  /** How many of the tenant's records have no value for the field (before making it required). */
  countMissing(db: Database, tenantId: string, key: string): Promise<number>;
}

/**
 * A tenant memo topic a module owns, with the tables whose changes announce it (their
 * triggers, created by a migration, name the topic; the platform test compares the two).
 */
export interface MemoTopic {
  topic: ChangeTopic;
  tables: string[];
}

/** One server module as app.ts registers it (`modules/<domain>/<domain>.module.ts`). */
export interface ServerModule {
  name: string;
  routes: RouteModule;
  /** The tenant feature its routes need (TENANT_FEATURES): off, they answer 404. */
  feature?: TenantFeature;
  /** Registers the module's background job handlers (before the queue starts). */
  jobs?: (platform: Platform) => void;
  /** Registers what the module lends the real-time channel (record watch policies, viewers). */
  realtime?: (platform: Platform) => void;
  /**
   * Starts what the module runs beside requests and jobs (a listener of another protocol, open
   * connections to providers) once the platform is up; the answer stops it when the app closes.
   */
  start?: (platform: Platform) => Promise<(() => Promise<void>) | undefined>;
  memoTopics?: MemoTopic[];
  customFields?: CustomFieldHost[];
  /**
   * The domain events it writes (its catalogues in packages/shared): the outbox refuses others,
   * and automation reads their triggers. Their payload types join `DomainEventPayloads`.
   */
  events?: EventCatalogue[];
}

export type CustomFieldHosts = ReadonlyMap<FieldEntity, CustomFieldHost>;

/** The custom field hosts of all modules by entity; an entity lent twice is a mistake. */
export function customFieldHosts(modules: readonly ServerModule[]): CustomFieldHosts {
  const hosts = new Map<FieldEntity, CustomFieldHost>();
  for (const host of modules.flatMap((module) => module.customFields ?? [])) {
    if (hosts.has(host.entity)) throw new Error(`custom fields of ${host.entity} lent twice`);
    hosts.set(host.entity, host);
  }
  return hosts;
}

/**
 * Registers every module's routes; a module's `feature` goes into each of its routes' config,
 * where the access hook (platform/auth.ts) reads it.
 */
export function registerModuleRoutes(
  app: FastifyInstance,
  platform: Platform,
  modules: readonly ServerModule[],
) {
  let registering: ServerModule | undefined;
  app.addHook('onRoute', (route) => {
    const feature = registering?.feature;
    if (feature) {
      route.config ??= {};
      route.config.feature = feature;
    }
  });
  for (const module of modules) {
    registering = module;
    module.routes(app, platform);
  }
  registering = undefined;
}
