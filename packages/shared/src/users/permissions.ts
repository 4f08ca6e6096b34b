import type { StaffRole } from './roles.js';

const ADMINISTRATORS = ['administrator'] as const satisfies readonly StaffRole[];
const MANAGERS = ['administrator', 'supervisor'] as const satisfies readonly StaffRole[];
const LEADERS = [
  'administrator',
  'supervisor',
  'team_leader',
] as const satisfies readonly StaffRole[];

/**
 * Who may do what, once for both sides: the server's route `access` and services read it, and
 * so do the web's `can…` helpers. Reading a list or a record in one's data scope needs no
 * permission (every staff member may); these are the acts beyond that. The platform
 * administrator's admin flag is checked apart (`requireAdminFlag`), on top of the role.
 */
export const PERMISSIONS = {
  /** Staff lists with their details (`/v2/users`). */
  'staff.read': LEADERS,
  /** Create, edit, disable staff and reset their passwords. */
  'staff.manage': ADMINISTRATORS,
  'department.manage': ADMINISTRATORS,
  'organization.manage': ADMINISTRATORS,
  'tenant.configure': ADMINISTRATORS,
  'audit.read': ADMINISTRATORS,
  'diagnostics.read': ADMINISTRATORS,
  /** Send an announcement to staff through the bell. */
  'notification.announce': ADMINISTRATORS,
  /** Open a session as another staff member (with the admin flag). */
  'view_as.use': ADMINISTRATORS,
  /** Read and configure every tenant (with the admin flag). */
  'platform.administer': ADMINISTRATORS,
  'customer.delete': LEADERS,
  'customer.merge': LEADERS,
  /**
   * Delete tickets, one or in bulk (the spec is silent): administrators and supervisors, as
   * Zendesk keeps deleting to admins and agents with the right; team leaders and agents close.
   */
  'ticket.delete': MANAGERS,
  /** Change a closed ticket (closed is final for everyone else). */
  'ticket.change_closed': ADMINISTRATORS,
  /**
   * Customer groups and tag groups are catalogues shared by the whole tenant: renaming or
   * deleting one changes customers outside a team leader's scope, so, as Zendesk's admins,
   * administrators and supervisors manage them.
   */
  'customer_group.manage': MANAGERS,
  'tag_group.manage': MANAGERS,
  'custom_field.manage': ADMINISTRATORS,
  'template_catalog.manage': ADMINISTRATORS,
  /** Shared message templates (everyone or departments); personal ones are their owner's. */
  'template.manage_shared': ADMINISTRATORS,
  /** Read every shared template, and the templates any user may use. */
  'template.read_all': MANAGERS,
  /**
   * Ticket priorities, types, services, templates, working time and SLA policies live under
   * /settings (administrators only, spec section 6); every staff member reads them for the
   * ticket form.
   */
  'ticket_config.manage': ADMINISTRATORS,
  /** Views shared with the whole tenant (the spec opens /settings/tickets/view to both). */
  'smart_view.share': ['administrator', 'team_leader'],
  /** Macros shared with the whole tenant; personal ones are anyone's own. */
  'macro.share': ['administrator', 'team_leader'],
  /** Read automation workflows and their run histories (every staff role). */
  'automation.view': ['administrator', 'supervisor', 'team_leader', 'agent'],
  /**
   * Create, edit, publish, copy and delete workflows: their actions change any ticket of the
   * tenant and call outside addresses, so leaders and above, not agents.
   */
  'automation.manage': LEADERS,
  /** Call queues of the switchboard (hotlines, members, overflow); every staff member reads them. */
  'queue.manage': MANAGERS,
} as const satisfies Record<string, readonly StaffRole[]>;

export type Permission = keyof typeof PERMISSIONS;

/** The roles holding a permission. */
export const rolesFor = (permission: Permission): readonly StaffRole[] => PERMISSIONS[permission];

export const can = (role: string | undefined, permission: Permission): boolean =>
  role !== undefined && (PERMISSIONS[permission] as readonly string[]).includes(role);
