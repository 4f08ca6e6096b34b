import { authRoutes } from '@/features/auth/auth.routes';
import { automationRoutes } from '@/features/automation/automation.routes';
import { campaignsRoutes } from '@/features/campaigns/campaigns.routes';
import { conversationsRoutes } from '@/features/conversations/conversations.routes';
import { customersRoutes } from '@/features/customers/customers.routes';
import { errorsRoutes } from '@/features/errors/errors.routes';
import { fieldsRoutes } from '@/features/fields/fields.routes';
import { integrationsRoutes } from '@/features/integrations/integrations.routes';
import { macrosRoutes } from '@/features/macros/macros.routes';
import { monitorsRoutes } from '@/features/monitors/monitors.routes';
import { organizationsRoutes } from '@/features/organizations/organizations.routes';
import { profileRoutes } from '@/features/profile/profile.routes';
import { qcRoutes } from '@/features/qc/qc.routes';
import { reportsRoutes } from '@/features/reports/reports.routes';
import { settingsRoutes } from '@/features/settings/settings.routes';
import { ticketSettingsRoutes } from '@/features/ticket-settings/ticket-settings.routes';
import { telephonyRoutes } from '@/features/telephony/telephony.routes';
import { templatesRoutes } from '@/features/templates/templates.routes';
import { tenantsRoutes } from '@/features/tenants/tenants.routes';
import { ticketsRoutes } from '@/features/tickets/tickets.routes';
import { usersRoutes } from '@/features/users/users.routes';
import { viewAsRoutes } from '@/features/view-as/view-as.routes';
import type { RouteDeclaration } from './route-declaration';

/**
 * Every screen of the app, as its feature declares it. The router, the role guard, the sidebar,
 * the area and settings links and the record tabs are all read from this one list.
 */
export const FEATURE_ROUTES: readonly RouteDeclaration[] = [
  ...authRoutes,
  ...errorsRoutes,
  ...integrationsRoutes,
  ...reportsRoutes,
  ...ticketsRoutes,
  ...conversationsRoutes,
  ...customersRoutes,
  ...campaignsRoutes,
  ...automationRoutes,
  ...qcRoutes,
  ...monitorsRoutes,
  ...telephonyRoutes,
  ...settingsRoutes,
  ...ticketSettingsRoutes,
  ...macrosRoutes,
  ...usersRoutes,
  ...profileRoutes,
  ...organizationsRoutes,
  ...templatesRoutes,
  ...fieldsRoutes,
  ...tenantsRoutes,
  ...viewAsRoutes,
];
