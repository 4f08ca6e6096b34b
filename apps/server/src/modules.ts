import { routingModule } from './modules/routing/routing.module.js';
import type { ServerModule } from './platform/modules.js';
import { automationModule } from './modules/automation/automation.module.js';
import { auditModule } from './modules/audit/audit.module.js';
import { authModule } from './modules/auth/auth.module.js';
import { customersModule } from './modules/customers/customers.module.js';
import { diagnosticsModule } from './modules/diagnostics/diagnostics.module.js';
import { fieldsModule } from './modules/fields/fields.module.js';
import { groupsModule } from './modules/groups/groups.module.js';
import { healthModule } from './modules/health/health.module.js';
import { jobsModule } from './modules/jobs/jobs.module.js';
import { locationsModule } from './modules/locations/locations.module.js';
import { notificationsModule } from './modules/notifications/notifications.module.js';
import { organizationsModule } from './modules/organizations/organizations.module.js';
import { reportsModule } from './modules/reports/reports.module.js';
import { savedFiltersModule } from './modules/saved-filters/saved-filters.module.js';
import { telephonyModule } from './modules/telephony/telephony.module.js';
import { channelsModule } from './modules/channels/channels.module.js';
import { conversationsModule } from './modules/conversations/conversations.module.js';
import { tagsModule } from './modules/tags/tags.module.js';
import { ticketsModule } from './modules/tickets/tickets.module.js';
import { ticketConfigModule } from './modules/ticket-config/ticket-config.module.js';
import { smartViewsModule } from './modules/smart-views/smart-views.module.js';
import { macrosModule } from './modules/macros/macros.module.js';
import { monitorsModule } from './modules/monitors/monitors.module.js';
import { workingTimeModule } from './modules/working-time/working-time.module.js';
import { slaModule } from './modules/sla/sla.module.js';
import { templatesModule } from './modules/templates/templates.module.js';
import { tenantsModule } from './modules/tenants/tenants.module.js';
import { usersModule } from './modules/users/users.module.js';

/** Every server module, the one list app.ts registers (routes, jobs, custom field hosts). */
export const SERVER_MODULES: readonly ServerModule[] = [
  healthModule,
  authModule,
  usersModule,
  notificationsModule,
  diagnosticsModule,
  organizationsModule,
  groupsModule,
  tenantsModule,
  auditModule,
  locationsModule,
  fieldsModule,
  tagsModule,
  customersModule,
  savedFiltersModule,
  jobsModule,
  templatesModule,
  reportsModule,
  ticketsModule,
  ticketConfigModule,
  smartViewsModule,
  macrosModule,
  workingTimeModule,
  slaModule,
  automationModule,
  telephonyModule,
  channelsModule,
  conversationsModule,
  routingModule,
  monitorsModule,
];
