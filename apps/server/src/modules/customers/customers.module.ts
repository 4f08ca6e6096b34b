import { customValuesHost } from '../../platform/custom-field-sql.js';
import { customers } from '../../db/schema/customers.js';
import type { ServerModule } from '../../platform/modules.js';
import { registerCustomerJobs } from './customers-jobs.js';
import { customersRoutes } from './customers.routes.js';

declare module '../../platform/tenant-memo.js' {
  interface ChangeTopics {
    /** customer list counts. */
    customers: true;
  }
}

export const customersModule: ServerModule = {
  name: 'customers',
  routes: customersRoutes,
  jobs: registerCustomerJobs,
  memoTopics: [
    // Customer list counts: the customers, what they are filtered by, and what scopes read.
    {
      topic: 'customers',
      tables: [
        'customers',
        'customer_phones',
        'customer_emails',
        'group_customers',
        'customer_tags',
        'users',
        'group_members',
      ],
    },
  ],
  customFields: [
    {
      entity: 'customer',
      ...customValuesHost({
        table: customers,
        tenantId: customers.tenantId,
        custom: customers.custom,
      }),
    },
  ],
};
