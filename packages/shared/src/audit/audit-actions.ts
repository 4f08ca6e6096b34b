import { gather } from '../domains.js';
import { labelled } from '../platform/labelled.js';

/**
 * Every action the server records in the audit log, as `<entity>.<action>`, with the label
 * people read: in a staff member's history and on the customer timeline (whose entry kinds are
 * these keys). Each domain declares its own (`<domain>.domain.ts`). `writeAudit` takes only
 * what is listed here for its entity.
 */
export const AUDIT_ACTION = labelled(gather('auditActions'));
export type AuditAction = (typeof AUDIT_ACTION.values)[number];

type EntityOf<K> = K extends `${infer Entity}.${string}` ? Entity : never;
type VerbOf<K, Entity extends string> = K extends `${Entity}.${infer Verb}` ? Verb : never;
/** What the audit log records actions on (`customer`, `user`, `tag_group`...). */
export type AuditEntity = EntityOf<AuditAction>;
/** The actions listed for one entity (`'create' | 'update' | ...`). */
export type AuditVerb<Entity extends AuditEntity> = VerbOf<AuditAction, Entity>;
/** An entity with one of its listed actions, as an audit entry stores them. */
export type AuditSubject = {
  [Entity in AuditEntity]: { entity: Entity; action: AuditVerb<Entity> };
}[AuditEntity];

/**
 * Names stored before the list was one: a staff member's own password reset was recorded as
 * `password_reset`, an administrator's as `reset_password`; both read as the latter.
 */
const FORMER_NAMES: Readonly<Record<string, AuditAction>> = {
  'user.password_reset': 'user.reset_password',
};

/** The label of a stored `<entity>.<action>`; an unknown one is shown as it is. */
export const auditActionLabel = (kind: string): string =>
  AUDIT_ACTION.label(FORMER_NAMES[kind] ?? kind);
