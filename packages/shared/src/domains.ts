import { auditDomain } from './audit/audit.domain.js';
import { automationDomain } from './automation/automation.domain.js';
import { channelsDomain } from './channels/channels.domain.js';
import { conversationsDomain } from './conversations/conversations.domain.js';
import { customersDomain } from './customers/customers.domain.js';
import { diagnosticsDomain } from './diagnostics/diagnostics.domain.js';
import { fieldsDomain } from './fields/fields.domain.js';
import { groupsDomain } from './groups/groups.domain.js';
import { macrosDomain } from './macros/macros.domain.js';
import { monitorsDomain } from './monitors/monitors.domain.js';
import { notificationsDomain } from './notifications/notifications.domain.js';
import { organizationsDomain } from './organizations/organizations.domain.js';
import type { DomainDeclaration } from './platform/domain.js';
import { reportsDomain } from './reports/reports.domain.js';
import { slaDomain } from './sla/sla.domain.js';
import { telephonyDomain } from './telephony/telephony.domain.js';
import { templatesDomain } from './templates/templates.domain.js';
import { tenantsDomain } from './tenants/tenants.domain.js';
import { ticketConfigDomain } from './ticket-config/ticket-config.domain.js';
import { ticketsDomain } from './tickets/tickets.domain.js';
import { usersDomain } from './users/users.domain.js';
import { workingTimeDomain } from './working-time/working-time.domain.js';

/**
 * Every domain's declaration (`<domain>/<domain>.domain.ts`), the one list of packages/shared a
 * new domain adds itself to. PERMISSIONS, AUDIT_ACTION, TENANT_FEATURES and FIELD_ENTITIES are
 * gathered from it, in this order (the custom fields screen's tabs follow it).
 */
export const DOMAINS = [
  auditDomain,
  automationDomain,
  channelsDomain,
  conversationsDomain,
  customersDomain,
  diagnosticsDomain,
  fieldsDomain,
  groupsDomain,
  macrosDomain,
  monitorsDomain,
  notificationsDomain,
  organizationsDomain,
  reportsDomain,
  slaDomain,
  telephonyDomain,
  templatesDomain,
  tenantsDomain,
  ticketConfigDomain,
  ticketsDomain,
  usersDomain,
  workingTimeDomain,
] as const satisfies readonly DomainDeclaration[];

type Part = keyof DomainDeclaration;
/** What each domain declares under `part`: a union, one member per domain declaring it. */
type Declared<P extends Part, D = (typeof DOMAINS)[number]> =
  D extends Record<P, infer Entries> ? Entries : never;
type KeyOf<U> = U extends unknown ? keyof U : never;
type ValueAt<U, K extends PropertyKey> = U extends Record<K, infer Value> ? Value : never;

/** Every domain's entries under one part as one object, each key and value with its literal type. */
export type Gathered<P extends Part> = {
  readonly [K in KeyOf<Declared<P>>]: ValueAt<Declared<P>, K>;
};

/** Gathers one part of every domain's declaration; a key two domains declare is a mistake. */
export function gather<P extends Part>(
  part: P,
  domains: readonly DomainDeclaration[] = DOMAINS,
): Gathered<P> {
  const gathered: Record<string, unknown> = {};
  for (const domain of domains) {
    for (const [key, value] of Object.entries(domain[part] ?? {})) {
      if (key in gathered) throw new Error(`${part}: ${key} is declared twice`);
      gathered[key] = value;
    }
  }
  return gathered as Gathered<P>;
}
