import ExcelJS from 'exceljs';
import { parse as parseCsv } from 'csv-parse/sync';
import { randomUUID } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { customerBody, type CustomerListQuery } from '@omnicare/shared/customers/customers.schemas';
import { CUSTOMER_TIER, GENDER } from '@omnicare/shared/customers/customer-enums';
import { CHANNEL_SOURCE } from '@omnicare/shared/channels/channel-source';
import { toSearchKey } from '@omnicare/shared/customers/normalize';
import { formatDateTime } from '@omnicare/shared/platform/time';
import { validateCustomValues, type CustomField } from '@omnicare/shared/fields/fields.schemas';
import type { Platform } from '../../platform/context.js';
import { contextForUser, type AuthContext } from '../../platform/auth.js';
import { AppError, fieldError } from '../../platform/errors.js';
import { listFields } from '../fields/fields.service.js';
import { placeNames } from '../locations/locations.service.js';
import { runJob, startJob } from '../jobs/jobs.service.js';
import * as repo from './customers.repository.js';
import { contactRows, customFilterOf, customerScope, toFilter } from './customers.service.js';

export const IMPORT_JOB = 'customer_import';
export const EXPORT_JOB = 'customer_export';
const BATCH = 500;
const MAX_ROWS = 50_000;
const PREVIEW_ROWS = 5;

/** The customer fields an import column can fill, with the header words that suggest each. */
export const IMPORT_TARGETS = {
  /** The id an export writes: the row updates that customer, even one without phone or email. */
  id: { label: 'Mã khách hàng (ID)', hints: ['ma khach hang id', 'ma khach hang', 'id'] },
  name: {
    label: 'Tên khách hàng',
    hints: ['ho ten', 'ho va ten', 'ten khach hang', 'ten', 'name', 'full name'],
  },
  phone: {
    label: 'Số điện thoại',
    hints: ['so dien thoai', 'dien thoai', 'sdt', 'phone', 'mobile'],
  },
  email: { label: 'Email', hints: ['email', 'e-mail', 'thu dien tu'] },
  address: { label: 'Địa chỉ', hints: ['dia chi', 'address'] },
  gender: { label: 'Giới tính', hints: ['gioi tinh', 'gender'] },
  birthday: { label: 'Ngày sinh', hints: ['ngay sinh', 'birthday', 'dob'] },
  tier: { label: 'Hạng', hints: ['hang', 'hang khach hang', 'tier'] },
  notes: { label: 'Ghi chú', hints: ['ghi chu', 'notes', 'note'] },
  groups: { label: 'Nhóm khách hàng', hints: ['nhom khach hang', 'nhom', 'group', 'groups'] },
  tags: { label: 'Tags', hints: ['tags', 'tag', 'nhan'] },
} as const;
type ImportTarget = keyof typeof IMPORT_TARGETS;
const TARGET_KEYS = Object.keys(IMPORT_TARGETS) as ImportTarget[];
/** A column may also fill an active custom field: target `custom.<key>`. */
const CUSTOM_TARGET = 'custom.';
const isImportTarget = (key: string): key is ImportTarget => key in IMPORT_TARGETS;

export const importStartBody = z.object({
  file_id: z.string().regex(/^[0-9a-f-]{36}\.(csv|xlsx)$/, 'Tệp không hợp lệ'),
  mapping: z.record(
    z
      .string()
      .refine(
        (key) => isImportTarget(key) || /^custom\.[a-z][a-z0-9_]{0,39}$/.test(key),
        'Trường nhập không hợp lệ',
      ),
    z.number().int().min(0).max(200),
  ),
  duplicate: z.enum(['skip', 'update'], { error: 'Cách xử lý trùng không hợp lệ' }).default('skip'),
});
export type ImportStartBody = z.infer<typeof importStartBody>;

const uploadsFolder = (tenantId: string) => `imports/${tenantId}`;

/** The rows of the first sheet (or the CSV) as trimmed strings; dates become yyyy-mm-dd. */
async function readRows(file: string): Promise<string[][]> {
  const buffer = await readFile(file);
  if (file.endsWith('.csv')) {
    const rows = parseCsv(buffer, {
      bom: true,
      relax_column_count: true,
      skip_empty_lines: true,
    }) as string[][];
    return rows.map((row) => row.map((cell) => String(cell ?? '').trim()));
  }
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  const rows: string[][] = [];
  sheet?.eachRow({ includeEmpty: false }, (row) => {
    const values: string[] = [];
    row.eachCell({ includeEmpty: true }, (cell, column) => {
      const value = cell.value;
      values[column - 1] =
        value instanceof Date ? value.toISOString().slice(0, 10) : String(cell.text ?? '').trim();
    });
    rows.push(Array.from(values, (value) => value ?? ''));
  });
  return rows;
}

/** Saves an upload and shows its columns, first rows and a suggested mapping. */
export async function previewImport(
  platform: Platform,
  auth: AuthContext,
  fileName: string,
  content: Buffer,
) {
  const extension = path.extname(fileName).toLowerCase();
  if (extension !== '.csv' && extension !== '.xlsx')
    throw fieldError('file', 'Chỉ nhận tệp CSV hoặc XLSX');
  const fileId = `${randomUUID()}${extension}`;
  const file = await platform.files.privatePath(uploadsFolder(auth.tenantId), fileId);
  await writeFile(file, content);
  let rows: string[][];
  try {
    rows = await readRows(file);
  } catch {
    throw fieldError('file', 'Không đọc được tệp, hãy kiểm tra định dạng');
  }
  const [header = [], ...body] = rows;
  if (header.length === 0) throw fieldError('file', 'Tệp không có dữ liệu');
  if (body.length > MAX_ROWS)
    throw fieldError('file', `Tối đa ${MAX_ROWS.toLocaleString('vi-VN')} dòng mỗi lần nhập`);
  const keys = header.map(toSearchKey);
  const targets = [
    ...TARGET_KEYS.map((key) => ({
      key: key as string,
      label: IMPORT_TARGETS[key].label as string,
      hints: IMPORT_TARGETS[key].hints as readonly string[],
      required: key === 'name',
    })),
    // A custom field is suggested for a column headed with its label or its key.
    ...(await importableFields(platform, auth.tenantId)).map((field) => ({
      key: `${CUSTOM_TARGET}${field.key}`,
      label: field.label,
      hints: [toSearchKey(field.label), field.key, field.key.replaceAll('_', ' ')],
      required: field.required,
    })),
  ];
  const suggested: Record<string, number> = {};
  for (const target of targets) {
    const index = keys.findIndex((key) => target.hints.includes(key));
    if (index >= 0 && !Object.values(suggested).includes(index)) suggested[target.key] = index;
  }
  return {
    file_id: fileId,
    columns: header,
    sample: body.slice(0, PREVIEW_ROWS),
    total_rows: body.length,
    suggested_mapping: suggested,
    targets: targets.map(({ key, label, required }) => ({ key, label, required })),
  };
}

/** The customer fields an import may fill: the active ones. */
async function importableFields(platform: Platform, tenantId: string) {
  return (await listFields(platform, tenantId, 'customer')).filter((field) => field.active);
}

export async function startImport(platform: Platform, auth: AuthContext, body: ImportStartBody) {
  if (body.mapping.name === undefined)
    throw fieldError('mapping.name', 'Vui lòng chọn cột tên khách hàng');
  const fields = new Set(
    (await importableFields(platform, auth.tenantId)).map((f) => `${CUSTOM_TARGET}${f.key}`),
  );
  const unknown = Object.keys(body.mapping).find((key) => !isImportTarget(key) && !fields.has(key));
  if (unknown) throw fieldError(`mapping.${unknown}`, 'Trường tùy chỉnh không tồn tại hoặc đã tắt');
  const file = await platform.files.privatePath(uploadsFolder(auth.tenantId), body.file_id);
  if (!existsSync(file)) throw fieldError('file_id', 'Tệp đã hết hạn, vui lòng tải lên lại');
  return startJob(platform, auth, IMPORT_JOB, { ...body, actor: actorOf(auth) });
}

export async function startExport(
  platform: Platform,
  auth: AuthContext,
  query: Partial<CustomerListQuery>,
) {
  // Custom field filters are checked now (a 422 to the caller), and again when the job runs.
  await customFilterOf(platform, auth.tenantId, query.custom);
  return startJob(platform, auth, EXPORT_JOB, { query, actor: actorOf(auth) });
}

/** Who started a job: its work runs with their tenant, role and data scope. */
const actorOf = (auth: AuthContext) => ({ userId: auth.userId });
/** The job runs as its user does now: tenant, role and data scope read afresh. */
async function authOfActor(platform: Platform, actor: { userId: string }): Promise<AuthContext> {
  const auth = await contextForUser(platform.database.pool, actor.userId);
  if (!auth) throw new AppError(403, 'Người tạo tác vụ không còn hoạt động');
  return auth;
}

const GENDER_WORDS: Record<string, string> = {
  nam: 'male',
  male: 'male',
  nu: 'female',
  female: 'female',
  khac: 'other',
  other: 'other',
};
const TIER_WORDS = Object.fromEntries(
  CUSTOMER_TIER.values.map((value) => [toSearchKey(CUSTOMER_TIER.label(value)), value]),
);

function parseBirthday(text: string) {
  const dmy = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(text);
  if (dmy) return `${dmy[3]}-${dmy[2]?.padStart(2, '0')}-${dmy[1]?.padStart(2, '0')}`;
  return text;
}

const YES = new Set(['co', 'x', '1', 'true', 'yes', 'dung']);
const NO = new Set(['khong', '0', 'false', 'no', 'sai']);

/**
 * A number as people type it: '1250,5', '1.250,5', '1,250.5', '1.000.000' and '2 000' all
 * read. A single mark is a decimal one ('1.250' is 1.25); groups of three need the other mark
 * for decimals.
 */
export function numberCell(text: string): number | undefined {
  const compact = text.replace(/\s/g, '');
  if (/^-?\d+(?:[.,]\d+)?$/.test(compact)) return Number(compact.replace(',', '.'));
  const dotGroups = /^-?\d{1,3}(?:\.\d{3})+(?:,\d+)?$/.test(compact);
  const commaGroups = /^-?\d{1,3}(?:,\d{3})+(?:\.\d+)?$/.test(compact);
  if (dotGroups) return Number(compact.replaceAll('.', '').replace(',', '.'));
  if (commaGroups) return Number(compact.replaceAll(',', ''));
  return undefined;
}

/** The items of a cell that lists several ('Du lịch; Ẩm thực', 'VIP, Đại lý'). */
const listCell = (text: string) =>
  text
    .split(/[,;]/)
    .map((part) => part.trim())
    .filter(Boolean);

/**
 * A cell as a custom field's value: numbers with a decimal comma or dot, dates as dd/mm/yyyy
 * or yyyy-mm-dd, options matched without case or diacritics (several split by ',' or ';'),
 * checkboxes as Có/Không, x, 1/0, yes/no. Undefined for a blank cell; the text itself when it
 * cannot be read, so the field's check names the problem.
 */
export function customCellValue(field: CustomField, text: string): unknown {
  if (text === '') return undefined;
  const option = (value: string) =>
    field.options.find((o) => toSearchKey(o) === toSearchKey(value)) ?? value;
  switch (field.type) {
    case 'text':
      return text;
    case 'number':
      return numberCell(text) ?? text;
    case 'date':
      return parseBirthday(text);
    case 'select':
      return option(text);
    case 'multiselect':
      return listCell(text).map(option);
    case 'checkbox': {
      const key = toSearchKey(text);
      return YES.has(key) ? true : NO.has(key) ? false : text;
    }
  }
}

type NamedIds = Map<string, string>;
/** Names in a cell ('VIP, Đại lý'), matched without case or diacritics; unknown ones named. */
function idsOfNames(text: string, known: NamedIds) {
  const names = listCell(text);
  const ids = names.map((name) => known.get(toSearchKey(name)));
  return {
    ids: [...new Set(ids.filter((id): id is string => id !== undefined))],
    unknown: names.filter((_, index) => ids[index] === undefined),
  };
}

/** One sheet row as the body a person would have typed, or the reason it cannot be. */
function rowToBody(
  row: string[],
  mapping: ImportStartBody['mapping'],
  fields: CustomField[],
  known: { groups: NamedIds; tags: NamedIds },
) {
  const cell = (key: string) =>
    mapping[key] === undefined ? '' : (row[mapping[key] as number] ?? '').trim();
  const problems: string[] = [];
  const id = cell('id');
  if (id && !z.uuid().safeParse(id).success) problems.push('Mã khách hàng không hợp lệ');
  const groups = idsOfNames(cell('groups'), known.groups);
  if (groups.unknown.length)
    problems.push(`Nhóm khách hàng không tồn tại: ${groups.unknown.join(', ')}`);
  const tags = idsOfNames(cell('tags'), known.tags);
  if (tags.unknown.length) problems.push(`Tag không tồn tại: ${tags.unknown.join(', ')}`);
  const custom: Record<string, unknown> = {};
  const mappedFields = fields.filter((f) => mapping[`${CUSTOM_TARGET}${f.key}`] !== undefined);
  for (const field of mappedFields) {
    const value = customCellValue(field, cell(`${CUSTOM_TARGET}${field.key}`));
    if (value !== undefined) custom[field.key] = value;
  }
  // Mapped fields are checked as the form checks them, required ones included.
  problems.push(...validateCustomValues(mappedFields, custom).map((problem) => problem.message));
  const gender = cell('gender') ? GENDER_WORDS[toSearchKey(cell('gender'))] : undefined;
  if (cell('gender') && !gender) problems.push('Giới tính không hợp lệ');
  const tierText = cell('tier');
  const tier =
    tierText === ''
      ? 0
      : /^[0-3]$/.test(tierText)
        ? Number(tierText)
        : TIER_WORDS[toSearchKey(tierText)];
  if (tier === undefined) problems.push('Hạng khách hàng không hợp lệ');
  const parsed = customerBody.safeParse({
    name: cell('name'),
    phones: cell('phone') ? [{ phone: cell('phone') }] : [],
    emails: cell('email') ? [{ email: cell('email') }] : [],
    address: cell('address') || null,
    gender: gender ?? null,
    birthday: cell('birthday') ? parseBirthday(cell('birthday')) : null,
    tier: tier ?? 0,
    notes: cell('notes'),
    source: 'import',
    custom,
    group_ids: groups.ids,
    tag_ids: tags.ids,
  });
  if (!parsed.success) problems.push(...parsed.error.issues.map((issue) => issue.message));
  return problems.length > 0 || !parsed.success
    ? { problems }
    : { body: parsed.data, id: id || undefined };
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

/** The import job: validates every row, creates or updates customers in batches, reports problems. */
export async function runImport(platform: Platform, jobId: string) {
  await runJob(platform, jobId, async (job, progress) => {
    const input = importStartBody.extend({ actor: z.any() }).parse(job.input);
    const auth = await authOfActor(platform, input.actor);
    const file = await platform.files.privatePath(uploadsFolder(job.tenantId), input.file_id);
    const [header = [], ...rows] = await readRows(file);
    const scope = customerScope(auth);
    const fields = await importableFields(platform, job.tenantId);
    const names = await repo.groupAndTagNames(platform.db, job.tenantId);
    const byName = (items: { id: string; name: string }[]): NamedIds =>
      new Map(items.map((item) => [toSearchKey(item.name), item.id]));
    const known = { groups: byName(names.groups), tags: byName(names.tags) };
    const unmappedRequired = fields
      .filter(
        (field) => field.required && input.mapping[`${CUSTOM_TARGET}${field.key}`] === undefined,
      )
      .map((field) => `${field.label} không được bỏ trống`)
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
        ...rowToBody(row, input.mapping, fields, known),
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
      const creates: {
        body: NonNullable<(typeof batch)[number]['body']>;
        contacts: ReturnType<typeof contactRows>;
      }[] = [];
      const updates: { id: string; body: NonNullable<(typeof batch)[number]['body']> }[] = [];

      for (const item of batch) {
        const fail = (status: string) => {
          counts.failed++;
          report.push({ line: item.line, status, cells: item.row });
        };
        if (!item.body) {
          fail(item.problems?.join('; ') ?? 'Dòng không hợp lệ');
          continue;
        }
        const own = contacts.get(item.line)!;
        const earlier = [
          ...own.phones.map((p) => seenPhones.get(p.national)),
          ...own.emails.map((e) => seenEmails.get(e.email)),
        ].find((line) => line !== undefined);
        if (earlier !== undefined) {
          fail(`Trùng số điện thoại hoặc email với dòng ${earlier}`);
          continue;
        }
        own.phones.forEach((p) => seenPhones.set(p.national, item.line));
        own.emails.forEach((e) => seenEmails.set(e.email, item.line));
        if (item.id && !visible.has(item.id)) {
          fail(`Không tìm thấy khách hàng có mã ${item.id}`);
          continue;
        }
        const existing =
          item.id ??
          [
            ...own.phones.map((p) => holders.get(`p:${p.national}`)),
            ...own.emails.map((e) => holders.get(`e:${e.email}`)),
          ].find(Boolean);
        if (!existing) {
          // A new customer needs what the form needs: every required field.
          if (unmappedRequired) fail(unmappedRequired);
          else creates.push({ body: item.body, contacts: own });
        } else if (input.duplicate === 'skip') {
          counts.skipped++;
          report.push({
            line: item.line,
            status: 'Khách hàng đã tồn tại, bỏ qua',
            cells: item.row,
          });
        } else if (!visible.has(existing)) {
          fail('Khách hàng đã tồn tại và thuộc phạm vi của người khác');
        } else {
          updates.push({ id: existing, body: item.body });
        }
      }

      await platform.db.transaction(async (tx) => {
        await repo.insertImported(
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

const dayMonthYear = (isoDay: string) => isoDay.split('-').reverse().join('/');

/** A custom value as the import reads it back (see `customCellValue`). */
function customCellText(field: CustomField, value: unknown): string | number {
  if (value === undefined || value === null) return '';
  if (field.type === 'number' && typeof value === 'number') return value;
  if (field.type === 'date' && typeof value === 'string') return dayMonthYear(value);
  if (field.type === 'checkbox') return value === true ? 'Có' : 'Không';
  if (Array.isArray(value)) return value.join(', ');
  return String(value);
}

const EXPORT_PAGE = 1_000;
const EXPORT_MAX = 200_000;

/** The export job: every customer the filter and the user's scope allow, into one XLSX. */
export async function runExport(platform: Platform, jobId: string) {
  await runJob(platform, jobId, async (job, progress) => {
    const { query, actor } = z
      .object({ query: z.record(z.string(), z.unknown()), actor: z.any() })
      .parse(job.input);
    const auth = await authOfActor(platform, actor);
    const listQuery = query as Partial<CustomerListQuery>;
    const custom = await customFilterOf(platform, job.tenantId, listQuery.custom);
    const filter = toFilter(listQuery, customerScope(auth), custom?.conditions);
    const file = await platform.files.privatePath(`exports/${job.tenantId}`, `${job.id}.xlsx`);
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useStyles: true });
    const sheet = workbook.addWorksheet('Khách hàng');
    // Headed as the import reads them, so an export can be edited and imported back.
    const fields = await importableFields(platform, job.tenantId);
    const places = await placeNames(platform.db);
    sheet.columns = [
      { header: 'Mã khách hàng (ID)', width: 38 },
      { header: 'Tên khách hàng', width: 28 },
      { header: 'Số điện thoại', width: 16 },
      { header: 'Email', width: 28 },
      { header: 'Giới tính', width: 10 },
      { header: 'Ngày sinh', width: 12 },
      { header: 'Địa chỉ', width: 30 },
      { header: 'Tỉnh/Thành phố', width: 22 },
      { header: 'Quận/Huyện', width: 20 },
      { header: 'Hạng', width: 12 },
      { header: 'Nguồn', width: 14 },
      { header: 'Nhóm khách hàng', width: 24 },
      { header: 'Tags', width: 24 },
      { header: 'Người phụ trách', width: 22 },
      { header: 'Tổ chức', width: 22 },
      { header: 'Ngày tạo', width: 18 },
      { header: 'Ghi chú', width: 30 },
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
      for (const { customer, ownerName, organizationName } of page.rows) {
        sheet
          .addRow([
            customer.id,
            customer.name,
            customer.primaryPhone ?? '',
            customer.primaryEmail ?? '',
            customer.gender ? GENDER.label(customer.gender) : '',
            customer.birthday ? dayMonthYear(customer.birthday) : '',
            customer.address ?? '',
            places.city.get(customer.cityCode ?? '') ?? '',
            places.district.get(customer.districtCode ?? '') ?? '',
            CUSTOMER_TIER.label(customer.tier),
            CHANNEL_SOURCE.label(customer.source),
            namesOf(relations.groups, customer.id),
            namesOf(relations.tags, customer.id),
            ownerName ?? '',
            organizationName ?? '',
            formatDateTime(customer.createdAt),
            customer.notes,
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

export function registerCustomerJobs(platform: Platform) {
  platform.jobs.register(IMPORT_JOB, (data) => runImport(platform, String(data.jobId)));
  platform.jobs.register(EXPORT_JOB, (data) => runExport(platform, String(data.jobId)));
}

export const importErrors = {
  missingFile: () =>
    new AppError(422, 'Vui lòng chọn tệp', [{ param: 'file', message: 'Vui lòng chọn tệp' }]),
};
