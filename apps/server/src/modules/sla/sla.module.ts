import type { ServerModule } from '../../platform/modules.js';
import { slaRoutes } from './sla.routes.js';

declare module '../../platform/tenant-memo.js' {
  interface ChangeTopics {
    /** SLA policies and working schedules. */
    sla: true;
  }
}

export const slaModule: ServerModule = {
  name: 'sla',
  routes: slaRoutes,
  // What a ticket's SLA is resolved from: the policies, their targets, and the working time.
  memoTopics: [
    {
      topic: 'sla',
      tables: [
        'sla_policies',
        'sla_targets',
        'working_schedules',
        'working_periods',
        'working_holidays',
      ],
    },
  ],
};
