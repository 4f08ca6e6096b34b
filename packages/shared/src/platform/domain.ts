import type { StaffRole } from '../users/roles.js';

/** A feature a tenant switches on and off. */
export interface FeatureDefinition {
  /** What the tenant's settings screen calls it. */
  label: string;
  /** The key of the tenant's settings holding its switch ('enabled' turns it on). */
  setting: string;
  /** What the feature's API answers (404, never 403: the client signs out on 403) while off. */
  offMessage: string;
}

/** A record kind carrying custom fields, as the custom fields screen shows its tab. */
export interface CustomFieldEntity {
  label: string;
  /** Where the record's fields show, under the tab. */
  hint: string;
}

/**
 * What a domain lends the lists both sides read, declared once in its own folder
 * (`<domain>/<domain>.domain.ts`, `as const satisfies DomainDeclaration`) and gathered by
 * `domains.ts`. Every part is optional; a key is declared by one domain only.
 */
export interface DomainDeclaration {
  /**
   * The acts beyond reading it guards, `<thing>.<act>`, with the roles holding them
   * (`PERMISSIONS`, read by the server's route `access` and the web's `useCan`).
   */
  permissions?: Readonly<Record<`${string}.${string}`, readonly StaffRole[]>>;
  /** The actions it records in the audit log, `<entity>.<action>`, with their labels (`AUDIT_ACTION`). */
  auditActions?: Readonly<Record<`${string}.${string}`, string>>;
  /** Its tenant feature switch, when a tenant may turn it off (`TENANT_FEATURES`). */
  features?: Readonly<Record<string, FeatureDefinition>>;
  /** Its records that carry custom fields (`FIELD_ENTITIES`). */
  customFields?: Readonly<Record<string, CustomFieldEntity>>;
}
