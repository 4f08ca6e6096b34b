import ExcelJS from 'exceljs';
import { z } from 'zod';
import type { CustomerListQuery } from '@omnicare/shared/customers/customers.schemas';
import { formatDateTime } from '@omnicare/shared/platform/time';
import type { Platform } from '../../platform/context.js';
import type { AuthContext } from '../../platform/auth.js';
import { placeNames } from '../locations/locations.service.js';
import { runJob, startJob } from '../jobs/jobs.service.js';
import * as repo from './customers.repository.js';
import {
  assertMayImportExport,
  customFilterOf,
  customerScope,
  toFilter,
} from './customers.service.js';
import { customCellText, sheetFields, SHEET_COLUMNS } from './customer-columns.js';
import { actorOf, authOfActor } from '../jobs/job-actor.js';

export const EXPORT_JOB = 'customer_export';
const EXPORT_PAGE = 1_000;
const EXPORT_MAX = 200_000;

export async function startExport(
  platform: Platform,
  auth: AuthContext,
  query: Partial<CustomerListQuery>,
) {
  assertMayImportExport(auth);
  // Custom field filters are checked now (a 422 to the caller), and again when the job runs.
  await customFilterOf(platform, auth.tenantId, query.custom);
  return startJob(
    platform,
    auth,
    EXPORT_JOB,
    { query, actor: actorOf(auth) },
    { fileNeedsImportExport: true },
  );
}

const exportJobInput = z.object({
  query: z.record(z.string(), z.unknown()),
  actor: z.object({ userId: z.string() }),
});

/** The export job: every customer the filter and the user's scope allow, into one XLSX. */
export async function runExport(platform: Platform, jobId: string) {
  await runJob(platform, jobId, async (job, progress) => {
    const { query, actor } = exportJobInput.parse(job.input);
    const auth = await authOfActor(platform, actor);
    const listQuery = query as Partial<CustomerListQuery>;
    const custom = await customFilterOf(platform, job.tenantId, listQuery.custom);
    const filter = toFilter(listQuery, customerScope(auth), custom?.conditions);
    const file = await platform.files.privatePath(`exports/${job.tenantId}`, `${job.id}.xlsx`);
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useStyles: true });
    const sheet = workbook.addWorksheet('Khách hàng');
    // Headed as the import reads them, so an export can be edited and imported back.
    const fields = await sheetFields(platform, job.tenantId);
    const places = await placeNames(platform.db);
    sheet.columns = [
      ...SHEET_COLUMNS.map((column) => ({ header: column.label, width: column.width })),
      ...fields.map((field) => ({ header: field.label, width: 18 })),
    ];
    let written = 0;
    let total = 0;
    for (let offset = 0; offset < EXPORT_MAX; offset += EXPORT_PAGE) {
      const page = await repo.listCustomers(
        platform.db,
        job.tenantId,
        filter,
        { sort: 'created_at', order: 'desc', offset, limit: EXPORT_PAGE },
        { countCap: EXPORT_MAX, memo: platform.memo },
      );
      total = page.total;
      const relations = await repo.customerRelations(
        platform.db,
        page.rows.map((row) => row.customer.id),
      );
      const namesOf = (items: { customerId: string; name: string }[], id: string) =>
        items
          .filter((item) => item.customerId === id)
          .map((item) => item.name)
          .join(', ');
      for (const listed of page.rows) {
        const { customer } = listed;
        const row = {
          ...listed,
          groups: namesOf(relations.groups, customer.id),
          tags: namesOf(relations.tags, customer.id),
          city: places.city.get(customer.cityCode ?? '') ?? '',
          district: places.district.get(customer.districtCode ?? '') ?? '',
        };
        sheet
          .addRow([
            ...SHEET_COLUMNS.map((column) => column.write(row)),
            ...fields.map((field) => customCellText(field, customer.custom[field.key])),
          ])
          .commit();
      }
      written += page.rows.length;
      await progress(written, total);
      if (page.rows.length < EXPORT_PAGE) break;
    }
    await workbook.commit();
    return {
      total: written,
      file,
      file_name: `khach-hang-${formatDateTime(new Date()).replace(/[/: ]/g, '-')}.xlsx`,
    };
  });
}
