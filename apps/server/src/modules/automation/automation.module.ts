import type { ServerModule } from '../../platform/modules.js';
import { registerSubscriber } from '../../platform/outbox.js';
import { workflowsRoutes } from './workflows.routes.js';
import {
  handleEvent,
  PRUNE_JOB,
  pruneBudgets,
  RESUME_JOB,
  resumeRun,
  sweepRuns,
  SWEEP_JOB,
  takesEvent,
} from './engine/engine.service.js';

declare module '../../platform/tenant-memo.js' {
  interface ChangeTopics {
    /** a tenant's active workflows. */
    workflows: true;
  }
}

/**
 * Automation: the workflow API and, in `engine/`, the outbox subscriber that starts and runs
 * workflows, the job that resumes a run when its delay ends, and the sweep that carries on what
 * a crash left behind.
 */
export const automationModule: ServerModule = {
  name: 'automation',
  routes: workflowsRoutes,
  feature: 'automation',
  jobs: (platform) => {
    // Up to a hundred tickets' events at once (each ticket's in order), in two deliveries of
    // fifty: the runs under way share their statements' round trips (engine.repository).
    registerSubscriber(
      platform,
      'automation',
      (event) => handleEvent(platform, event),
      takesEvent(platform),
      { workers: 4, batch: 100 },
    );
    platform.jobs.register(RESUME_JOB, (data) => resumeRun(platform, String(data.run_id)), {
      workers: 4,
    });
    platform.jobs.register(SWEEP_JOB, () => sweepRuns(platform), { cron: '* * * * *' });
    platform.jobs.register(PRUNE_JOB, async () => void (await pruneBudgets(platform)), {
      cron: '41 * * * *',
    });
  },
  // The active workflows the subscriber checks each ticket event against.
  memoTopics: [{ topic: 'workflows', tables: ['workflows', 'tenants'] }],
};
