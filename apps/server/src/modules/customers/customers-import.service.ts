import ExcelJS from 'exceljs';
import { randomUUID } from 'node:crypto';
import { createWriteStream, existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { z } from 'zod';
import { customerBody } from '@omnicare/shared/customers/customers.schemas';
import {
  IMPORT_COLUMNS,
  customTarget,
  isImportTarget,
} from '@omnicare/shared/customers/customer-columns';
import {
  IMPORT_MAX_ROWS,
  IMPORT_MESSAGES,
  IMPORT_SAMPLE_NAME,
  IMPORT_SAMPLE_ROW,
  importStartBody,
  type ImportMapping,
  type ImportPreview,
  type ImportStartBody,
} from '@omnicare/shared/customers/customer-import.schemas';
import { toSearchKey } from '@omnicare/shared/customers/normalize';
import {
  isEmptyCustomValue,
  requiredFieldMessage,
  validateCustomValues,
  type CustomField,
} from '@omnicare/shared/fields/fields.schemas';
import type { Platform } from '../../platform/context.js';
import type { AuthContext } from '../../platform/auth.js';
import { AppError, fieldError } from '../../platform/errors.js';
import { runJob, startJob } from '../jobs/jobs.service.js';
import * as repo from './customers.repository.js';
import { writeAuditEntries } from '../audit/audit.service.js';
import {
  assertMayImportExport,
  contactRows,
  customerDetails,
  customerScope,
} from './customers.service.js';
import {
  customCellValue,
  customFieldTarget,
  sheetFields,
  SHEET_COLUMNS,
  type NamedIds,
  type ReadContext,
  type RowDraft,
} from './customer-columns.js';
import { readSheet, TooManyRows } from './customers-sheet.js';
import { actorOf, authOfActor } from '../jobs/job-actor.js';

export const IMPORT_JOB = 'customer_import';
const BATCH = 500;
const PREVIEW_ROWS = 5;

const uploadsFolder = (tenantId: string) => `imports/${tenantId}`;

export const importErrors = {
  missingFile: () => fieldError('file', IMPORT_MESSAGES.missingFile),
};

/** An upload as the multipart parser gives it: `truncated` once it passed the size limit. */
type Upload = Readable & { truncated?: boolean };

/**
 * Saves an upload and shows its columns, first rows and a suggested mapping. The file is read
 * as a stream and refused as soon as it has too many rows; a refused upload is not kept.
 */
export async function previewImport(
  platform: Platform,
  auth: AuthContext,
  fileName: string,
  upload: Upload,
): Promise<ImportPreview> {
  if (!auth.customerImportExport) upload.resume();
  assertMayImportExport(auth);
  const extension = path.extname(fileName).toLowerCase();
  if (extension !== '.csv' && extension !== '.xlsx') {
    upload.resume();
    throw fieldError('file', IMPORT_MESSAGES.fileType);
  }
  const fileId = `${randomUUID()}${extension}`;
  const file = await platform.files.privatePath(uploadsFolder(auth.tenantId), fileId);
  try {
    // A body cut short fails here with the multipart parser's error: the error handler answers
    // it as a broken upload (400).
    await pipeline(upload, createWriteStream(file));
    if (upload.truncated)
      throw new AppError(413, IMPORT_MESSAGES.tooLarge, [
        { param: 'file', message: IMPORT_MESSAGES.tooLarge },
      ]);
    const sheet = await readSheet(file, { limit: IMPORT_MAX_ROWS, keep: PREVIEW_ROWS }).catch(
      (error: unknown) => {
        throw fieldError(
          'file',
          error instanceof TooManyRows ? IMPORT_MESSAGES.tooManyRows : IMPORT_MESSAGES.unreadable,
        );
      },
    );
    if (sheet.header.length === 0) throw fieldError('file', IMPORT_MESSAGES.empty);
    return {
      file_id: fileId,
      columns: sheet.header,
      sample: sheet.rows,
      total_rows: sheet.count,
      ...(await suggestMapping(platform, auth.tenantId, sheet.header)),
    };
  } catch (error) {
    await rm(file, { force: true });
    throw error;
  }
}

/** The targets of an import and, for each, the column whose header suggests it. */
async function suggestMapping(platform: Platform, tenantId: string, header: string[]) {
  const keys = header.map(toSearchKey);
  const targets = [
    ...IMPORT_COLUMNS.map((column) => ({
      key: column.key as string,
      label: column.label as string,
      hints: column.hints as readonly string[],
      required: column.key === 'name',
    })),
    ...(await sheetFields(platform, tenantId)).map(customFieldTarget),
  ];
  const suggested: ImportMapping = {};
  for (const target of targets) {
    const index = keys.findIndex((key) => target.hints.includes(key));
    if (index >= 0 && !Object.values(suggested).includes(index)) suggested[target.key] = index;
  }
  return {
    suggested_mapping: suggested,
    targets: targets.map(({ key, label, required }) => ({ key, label, required })),
  };
}

/** An example value of a custom field, as the import reads it. */
function sampleCustomValue(field: CustomField): string {
  switch (field.type) {
    case 'number':
      return '1250';
    case 'date':
      return '05/02/2024';
    case 'select':
    case 'multiselect':
      return field.options[0] ?? '';
    case 'checkbox':
      return 'Có';
    default:
      return 'Ví dụ';
  }
}

/**
 * The sample file offered by the import dialog: the columns the import reads (the export's id
 * aside: it is for updating exported customers) and the tenant's active custom fields, headed
 * as the import suggests them, with one example row.
 */
export async function importSample(platform: Platform, tenantId: string, format: 'xlsx' | 'csv') {
  const fields = await sheetFields(platform, tenantId);
  const columns = IMPORT_COLUMNS.filter((column) => column.key !== 'id');
  const header = [
    ...columns.map((column) => column.label as string),
    ...fields.map((field) => field.label),
  ];
  const example = [
    ...columns.map((column) => IMPORT_SAMPLE_ROW[column.key] ?? ''),
    ...fields.map(sampleCustomValue),
  ];
  const name = `${IMPORT_SAMPLE_NAME}.${format}`;
  if (format === 'csv') {
    const line = (cells: string[]) =>
      cells.map((cell) => (/[",\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell)).join(',');
    // A byte-order mark, so spreadsheet programs read the Vietnamese letters as UTF-8.
    return {
      name,
      type: 'text/csv; charset=utf-8',
      content: Buffer.from(`\uFEFF${line(header)}\r\n${line(example)}\r\n`),
    };
  }
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Khách hàng');
  sheet.addRow(header).font = { bold: true };
  sheet.addRow(example);
  header.forEach((label, index) => {
    sheet.getColumn(index + 1).width = Math.max(14, label.length + 4);
  });
  return {
    name,
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    content: Buffer.from(await workbook.xlsx.writeBuffer()),
  };
}

export async function startImport(platform: Platform, auth: AuthContext, body: ImportStartBody) {
  assertMayImportExport(auth);
  if (body.mapping.name === undefined) throw fieldError('mapping.name', IMPORT_MESSAGES.nameColumn);
  const fields = new Set(
    (await sheetFields(platform, auth.tenantId)).map((field) => customTarget(field.key)),
  );
  const unknown = Object.keys(body.mapping).find((key) => !isImportTarget(key) && !fields.has(key));
  if (unknown) throw fieldError(`mapping.${unknown}`, IMPORT_MESSAGES.unknownField);
  const file = await platform.files.privatePath(uploadsFolder(auth.tenantId), body.file_id);
  if (!existsSync(file)) throw fieldError('file_id', IMPORT_MESSAGES.expired);
  return startJob(
    platform,
    auth,
    IMPORT_JOB,
    { ...body, actor: actorOf(auth) },
    { fileNeedsImportExport: true },
  );
}

/** One sheet row as the body a person would have typed, or the reasons it cannot be. */
function rowToBody(
  row: string[],
  mapping: ImportMapping,
  fields: CustomField[],
  context: ReadContext,
) {
  const cell = (key: string) =>
    mapping[key] === undefined ? '' : (row[mapping[key] as number] ?? '').trim();
  const problems: string[] = [];
  // An unmapped column reads as a blank cell.
  const draft: RowDraft = { source: 'import' };
  for (const column of SHEET_COLUMNS) {
    const read = column.read?.(cell(column.key), context);
    Object.assign(draft, read?.draft);
    if (read?.problem) problems.push(read.problem);
  }
  const custom: Record<string, unknown> = {};
  const mappedFields = fields.filter((field) => mapping[customTarget(field.key)] !== undefined);
  for (const field of mappedFields) {
    const value = customCellValue(field, cell(customTarget(field.key)));
    if (value !== undefined) custom[field.key] = value;
  }
  // Mapped values are checked as the form checks them; a blank cell keeps what an updated
  // customer has, so required fields are checked only for the rows that create (`missingRequired`).
  problems.push(
    ...validateCustomValues(mappedFields, custom, {}).map((problem) => problem.message),
  );
  const { id, ...body } = draft;
  const parsed = customerBody.safeParse({ ...body, custom });
  if (!parsed.success) problems.push(...parsed.error.issues.map((issue) => issue.message));
  return problems.length > 0 || !parsed.success ? { problems } : { body: parsed.data, id };
}

interface ReportRow {
  line: number;
  status: string;
  cells: string[];
}

async function writeReport(
  platform: Platform,
  job: { id: string; tenantId: string },
  header: string[],
  rows: ReportRow[],
) {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Kết quả');
  sheet.addRow(['Dòng', 'Kết quả', ...header]).font = { bold: true };
  for (const row of rows) sheet.addRow([row.line, row.status, ...row.cells]);
  sheet.getColumn(2).width = 48;
  const file = await platform.files.privatePath(`reports/${job.tenantId}`, `${job.id}.xlsx`);
  await workbook.xlsx.writeFile(file);
  return file;
}

const importJobInput = importStartBody.extend({ actor: z.object({ userId: z.string() }) });

/** The import job: validates every row, creates or updates customers in batches, reports problems. */
export async function runImport(platform: Platform, jobId: string) {
  await runJob(platform, jobId, async (job, progress) => {
    const input = importJobInput.parse(job.input);
    const auth = await authOfActor(platform, input.actor);
    const file = await platform.files.privatePath(uploadsFolder(job.tenantId), input.file_id);
    const { header, rows } = await readSheet(file, { limit: IMPORT_MAX_ROWS }).catch(
      (error: unknown) => {
        throw error instanceof TooManyRows
          ? new AppError(422, IMPORT_MESSAGES.tooManyRows)
          : new AppError(422, IMPORT_MESSAGES.unreadable);
      },
    );
    const scope = customerScope(auth);
    const fields = await sheetFields(platform, job.tenantId);
    const names = await repo.groupAndTagNames(platform.db, job.tenantId);
    const byName = (items: { id: string; name: string }[]): NamedIds =>
      new Map(items.map((item) => [toSearchKey(item.name), item.id]));
    const context = { groups: byName(names.groups), tags: byName(names.tags) };
    /** What a new customer lacks of the required fields (a blank cell or no column at all). */
    const missingRequired = (custom: Record<string, unknown>) =>
      fields
        .filter((field) => field.required && isEmptyCustomValue(custom[field.key]))
        .map((field) => requiredFieldMessage(field.label))
        .join('; ');
    const report: ReportRow[] = [];
    const seenPhones = new Map<string, number>();
    const seenEmails = new Map<string, number>();
    const counts = { created: 0, updated: 0, skipped: 0, failed: 0 };
    await progress(0, rows.length);

    for (let start = 0; start < rows.length; start += BATCH) {
      const batch = rows.slice(start, start + BATCH).map((row, offset) => ({
        row,
        line: start + offset + 2,
        ...rowToBody(row, input.mapping, fields, context),
      }));
      const valid = batch.filter((item) => item.body);
      const contacts = new Map(valid.map((item) => [item.line, contactRows(item.body!)]));
      const holders = await repo.holdersOf(
        platform.db,
        job.tenantId,
        [...contacts.values()].flatMap((c) => c.phones.map((p) => p.national)),
        [...contacts.values()].flatMap((c) => c.emails.map((e) => e.email)),
      );
      const named = valid.flatMap((item) => (item.id ? [item.id] : []));
      const visible = await repo.visibleIds(
        platform.db,
        job.tenantId,
        [...new Set([...holders.values(), ...named])],
        scope,
      );
      type Body = NonNullable<(typeof batch)[number]['body']>;
      const creates: { body: Body; contacts: ReturnType<typeof contactRows> }[] = [];
      const updates: { id: string; body: Body }[] = [];

      for (const item of batch) {
        const note = (status: string) => report.push({ line: item.line, status, cells: item.row });
        const fail = (status: string) => {
          counts.failed++;
          note(status);
        };
        if (!item.body) {
          fail(item.problems?.join('; ') ?? IMPORT_MESSAGES.row.invalid);
          continue;
        }
        const own = contacts.get(item.line)!;
        const earlier = [
          ...own.phones.map((p) => seenPhones.get(p.national)),
          ...own.emails.map((e) => seenEmails.get(e.email)),
        ].find((line) => line !== undefined);
        if (earlier !== undefined) {
          fail(IMPORT_MESSAGES.row.sameAsLine(earlier));
          continue;
        }
        own.phones.forEach((p) => seenPhones.set(p.national, item.line));
        own.emails.forEach((e) => seenEmails.set(e.email, item.line));
        if (item.id && !visible.has(item.id)) {
          fail(IMPORT_MESSAGES.row.noSuchId(item.id));
          continue;
        }
        const holder = [
          ...own.phones.map((p) => ({
            id: holders.get(`p:${p.national}`),
            taken: IMPORT_MESSAGES.row.phoneTaken,
          })),
          ...own.emails.map((e) => ({
            id: holders.get(`e:${e.email}`),
            taken: IMPORT_MESSAGES.row.emailTaken,
          })),
        ].find((candidate) => candidate.id !== undefined);
        const existing = item.id ?? holder?.id;
        if (!existing) {
          // A new customer needs what the form needs: every required field.
          const missing = missingRequired(item.body.custom);
          if (missing) fail(missing);
          else creates.push({ body: item.body, contacts: own });
        } else if (!visible.has(existing)) {
          // Held by a customer the user may not see: say only that the phone or email is taken.
          const taken = holder?.taken ?? IMPORT_MESSAGES.row.phoneTaken;
          if (input.duplicate === 'skip') {
            counts.skipped++;
            note(taken);
          } else fail(taken);
        } else if (input.duplicate === 'skip') {
          counts.skipped++;
          note(IMPORT_MESSAGES.row.skipped);
        } else {
          updates.push({ id: existing, body: item.body });
        }
      }

      await platform.db.transaction(async (tx) => {
        const createdIds = await repo.insertImported(
          tx,
          creates.map(({ body, contacts: c }) => ({
            customer: {
              tenantId: job.tenantId,
              name: body.name,
              gender: body.gender ?? null,
              birthday: body.birthday ?? null,
              address: body.address ?? null,
              tier: body.tier,
              notes: body.notes,
              custom: body.custom,
              source: 'import',
              ownerId: auth.userId,
              createdBy: auth.userId,
              primaryPhone: c.phones[0]?.phone ?? null,
              primaryEmail: c.emails[0]?.email ?? null,
              nameKey: toSearchKey(body.name),
            },
            phones: c.phones,
            emails: c.emails,
            groupIds: body.group_ids,
            tagIds: body.tag_ids,
          })),
        );
        // An updated customer's timeline shows what the file changed, as a hand edit does.
        const updatedIds = updates.map(({ id }) => id);
        const before = await customerDetails(tx, job.tenantId, updatedIds);
        for (const { id, body } of updates) {
          await repo.updateCustomer(tx, job.tenantId, id, {
            name: body.name,
            nameKey: toSearchKey(body.name),
            ...(body.gender ? { gender: body.gender } : {}),
            ...(body.birthday ? { birthday: body.birthday } : {}),
            ...(body.address ? { address: body.address } : {}),
            ...(body.notes ? { notes: body.notes } : {}),
          });
          await repo.mergeCustomValues(tx, job.tenantId, id, body.custom);
          await repo.addMemberships(tx, job.tenantId, id, body.group_ids, body.tag_ids);
        }
        // Each customer's timeline says it came from this import, naming the file.
        const source = { job_id: job.id, file_name: input.file_name ?? null };
        const after = await customerDetails(tx, job.tenantId, updatedIds);
        const entry = (id: string, action: 'import_create' | 'import_update') => ({
          tenantId: job.tenantId,
          actorId: auth.userId,
          impersonatorId: auth.impersonatorId,
          entity: 'customer' as const,
          action,
          entityId: id,
          ...(action === 'import_update'
            ? { before: before.get(id) ?? null, after: { ...after.get(id), ...source } }
            : { after: source }),
        });
        await writeAuditEntries(tx, [
          ...createdIds.map((id) => entry(id, 'import_create')),
          ...updatedIds.map((id) => entry(id, 'import_update')),
        ]);
      });
      counts.created += creates.length;
      counts.updated += updates.length;
      await progress(Math.min(rows.length, start + BATCH), rows.length);
    }

    const result: Record<string, unknown> = { ...counts, total: rows.length };
    if (report.length > 0) {
      result.file = await writeReport(
        platform,
        { id: job.id, tenantId: job.tenantId },
        header,
        report,
      );
      result.file_name = `bao-cao-nhap-khach-hang-${job.id.slice(0, 8)}.xlsx`;
    }
    return result;
  });
}
