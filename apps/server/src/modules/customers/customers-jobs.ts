import type { Platform } from '../../platform/context.js';
import { EXPORT_JOB, runExport } from './customers-export.service.js';
import { IMPORT_JOB, runImport } from './customers-import.service.js';

/** The customer module's background jobs: import and export. */
export function registerCustomerJobs(platform: Platform) {
  platform.jobs.register(IMPORT_JOB, (data) => runImport(platform, String(data.jobId)));
  platform.jobs.register(EXPORT_JOB, (data) => runExport(platform, String(data.jobId)));
}
