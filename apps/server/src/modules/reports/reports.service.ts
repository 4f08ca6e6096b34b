import type { TodaySummary } from '@omnicare/shared/reports/reports.schemas';
import type { Presence } from '@omnicare/shared/users/presence';
import { startOfDayIn } from '@omnicare/shared/platform/time';
import type { Platform } from '../../platform/context.js';
import type { AuthContext } from '../../platform/auth.js';
import { dataScopeOf, scopeCondition } from '../../platform/data-scope.js';
import { jobs } from '../../db/schema/jobs.js';
import { users } from '../../db/schema/users.js';
import { customerScope } from '../customers/customers.service.js';
import { IMPORT_JOB } from '../customers/customers-import.service.js';
import { findTenant } from '../tenants/tenants.service.js';
import { notFound } from '../../platform/errors.js';
import * as repo from './reports.repository.js';

/** Today's date (yyyy-MM-dd) in a time zone. */
const todayIn = (timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, dateStyle: 'short' }).format(new Date());

/**
 * Today's counts the app already holds, each in the caller's data scope: customers created,
 * imports started by the staff the scope covers, and active staff in scope by presence.
 */
export async function todaySummary(platform: Platform, auth: AuthContext): Promise<TodaySummary> {
  const tenant = await findTenant(platform.db, auth.tenantId);
  if (!tenant) throw notFound('Không tìm thấy tenant');
  const date = todayIn(tenant.timeZone);
  const day = {
    start: startOfDayIn(date, tenant.timeZone),
    end: startOfDayIn(date, tenant.timeZone, true),
  };
  const scope = dataScopeOf(auth);
  const [customersCreated, imports, presences] = await Promise.all([
    repo.customersCreated(platform.db, auth.tenantId, day, customerScope(auth)),
    repo.importsStarted(
      platform.db,
      auth.tenantId,
      IMPORT_JOB,
      day,
      scopeCondition(scope, { owner: jobs.userId }),
    ),
    repo.staffByPresence(
      platform.db,
      auth.tenantId,
      scopeCondition(scope, { owner: users.id, organization: users.organizationId }),
    ),
  ]);
  return {
    date,
    customers_created: customersCreated,
    imports,
    staff_by_presence: presences.map((row) => ({
      presence: row.presence as Presence,
      count: row.count,
    })),
    active_staff: presences.reduce((sum, row) => sum + row.count, 0),
  };
}
