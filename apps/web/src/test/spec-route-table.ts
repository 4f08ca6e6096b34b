import type { StaffRole } from '@omnicare/shared/users/roles';

/** Who may open a route: outside the frame, or the signed-in roles and the extra conditions. */
export type SpecRoute =
  | { access: 'public' | 'signed-out' }
  | { roles: readonly StaffRole[]; workflow?: true; adminFlag?: true };

const only = (...roles: StaffRole[]) => ({ roles });
const EVERYONE = only('administrator', 'supervisor', 'team_leader', 'agent');
const ADMIN = only('administrator');
const MANAGERS = only('administrator', 'supervisor');
const REPORT_READERS = only('administrator', 'supervisor', 'team_leader');
const PUBLIC = { access: 'public' } as const;

/**
 * The expected access of every declared route, written from spec sections 2 and 6 (not from
 * the declarations): the role tests walk the declared routes and compare them with this table,
 * so a declaration with the wrong roles fails, and so does a route declared without a row here.
 */
export const SPEC_ROUTE_TABLE: Readonly<Record<string, SpecRoute>> = {
  '/login': { access: 'signed-out' },
  '/forgot-password': PUBLIC,
  '/accept-invite': PUBLIC,
  '/page-404': PUBLIC,
  '/zalo-redirect': PUBLIC,
  '/tiktok-redirect': PUBLIC,
  // Not in the spec: the OAuth2 mailboxes' landing, public as its two siblings.
  '/email-redirect': PUBLIC,

  '/view-as-mode': { ...EVERYONE, adminFlag: true },
  // Not in the spec: each signed-in person's own profile (issue 12).
  '/profile': EVERYONE,

  '/automation': { ...EVERYONE, workflow: true },
  '/automation/editor': { ...EVERYONE, workflow: true },
  '/automation/editor/:id': { ...EVERYONE, workflow: true },
  '/automation/history/:id': { ...EVERYONE, workflow: true },

  '/tickets': EVERYONE,
  '/tickets/:ticketId': EVERYONE,
  '/customers': EVERYONE,
  '/customers/tags': EVERYONE,
  '/customers/groups': EVERYONE,
  '/customers/:customerId': EVERYONE,

  '/chat': only('administrator', 'supervisor', 'agent'),
  '/chat/:ticketId': only('administrator', 'supervisor', 'agent'),

  '/campaign': MANAGERS,
  '/campaign/report': MANAGERS,
  '/campaign/:campaignId': MANAGERS,
  '/campaign/:campaignId/report': MANAGERS,
  '/campaign/:campaignId/report-zns': MANAGERS,

  '/monitors': MANAGERS,
  '/monitors/agents': MANAGERS,
  '/monitors/call-center': MANAGERS,
  '/monitors/call-monitor': MANAGERS,
  '/monitors/channels': MANAGERS,
  '/monitors/daily-stats': MANAGERS,

  '/switchboard': EVERYONE,
  '/switchboard/queue': EVERYONE,
  '/switchboard/ivr': EVERYONE,
  '/switchboard/call-history': EVERYONE,

  '/report': EVERYONE,
  '/report/summary': EVERYONE,
  '/report/ticket': REPORT_READERS,
  '/report/group': REPORT_READERS,
  '/report/customer': REPORT_READERS,
  '/report/custom': REPORT_READERS,
  '/report/call': EVERYONE,
  '/report/agent': REPORT_READERS,
  '/report/ad-funnel': EVERYONE,

  '/smart-qc': ADMIN,
  '/smart-qc/autoQa': ADMIN,
  '/smart-qc/manualQa': ADMIN,
  '/smart-qc/keyword': ADMIN,
  '/smart-qc/dashboard': ADMIN,
  '/smart-qc/criteria': ADMIN,
  '/smart-qc/criteria/:templateType': ADMIN,
  '/smart-qc/campaign': ADMIN,
  '/smart-qc/autoQa/:smartQcId': ADMIN,
  '/smart-qc/manualQa/:smartQcId': ADMIN,
  '/smart-qc/autoQa/:smartQcId/calls/:qcTicketId': ADMIN,
  '/smart-qc/manualQa/:smartQcId/calls/:qcTicketId': ADMIN,

  '/settings': ADMIN,
  // Not in the spec's list: the channels' index (issue 32).
  '/settings/multi-channels': ADMIN,
  '/settings/multi-channels/email': ADMIN,
  '/settings/multi-channels/facebook': ADMIN,
  '/settings/multi-channels/livechat': ADMIN,
  '/settings/multi-channels/sms': ADMIN,
  '/settings/multi-channels/tiktok': ADMIN,
  '/settings/multi-channels/whatsapp': ADMIN,
  '/settings/multi-channels/zalo': ADMIN,
  '/settings/multi-channels/zalo-user': ADMIN,
  '/settings/multi-channels/zalo-user/:tenantId': ADMIN,
  '/settings/others/templates': ADMIN,
  '/settings/others/template-catalogs': ADMIN,
  '/settings/tickets/priority': ADMIN,
  '/settings/tickets/service': ADMIN,
  '/settings/tickets/template': ADMIN,
  '/settings/tickets/ticket-type': ADMIN,
  '/settings/tickets/view': only('administrator', 'team_leader'),
  /** Not in the spec: the SLA policies screen chosen for issue 13, under /settings (administrators). */
  '/settings/tickets/sla': ADMIN,
  /** Not in the spec: the macros screen (issue 30), for those who manage shared macros. */
  '/settings/tickets/macros': only('administrator', 'team_leader'),
  /** Not in the spec: the same list for everyone, an agent's personal macros (issue 30). */
  '/macros': EVERYONE,
  '/settings/users/departments': ADMIN,
  '/settings/users/members': ADMIN,
  '/settings/users/organizations': ADMIN,
  '/settings/time-working': ADMIN,
  '/settings/object-rule': ADMIN,
  '/settings/blacklist': ADMIN,
  '/settings/tenant': ADMIN,
  '/settings/tenant/config': ADMIN,
  '/settings/tenant/config/:tenantId': ADMIN,
  '/settings/tags': ADMIN,
  '/settings/organizations/:organizationId': ADMIN,
};

/** A concrete address for a declared path: each parameter gets a sample value. */
export const samplePath = (path: string): string =>
  path.replace(/:([A-Za-z]+)/g, (_, name: string) => `${name.toLowerCase()}-1`);
