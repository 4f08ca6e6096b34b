import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import {
  AD_SPEND_MAX_LINES,
  AD_SPEND_MESSAGES,
  type AdSpendUpload,
} from '@omnicare/shared/reports/report-delivery.schemas';
import type { ReportRange } from '@omnicare/shared/reports/reports.schemas';
import { isCalendarDay } from '@omnicare/shared/platform/validation';
import type { Platform } from '../../platform/context.js';
import type { AuthContext } from '../../platform/auth.js';
import { AppError, fieldError } from '../../platform/errors.js';
import { readSheet, TooManyRows } from '../customers/customers-sheet.js';
import * as repo from './report-delivery.repository.js';

type Upload = Readable & { truncated?: boolean };

/** Headers a spend file may use for each column (Meta's export, ours, Vietnamese). */
const COLUMNS = {
  ad: ['ad_id', 'ad id', 'mã quảng cáo', 'ma quang cao'],
  spend: ['spend', 'amount spent', 'amount spent (vnd)', 'chi phí', 'chi phi', 'amount'],
  day: ['date', 'day', 'ngày', 'ngay', 'reporting starts'],
} as const;

const columnOf = (header: string[], names: readonly string[]) =>
  header.findIndex((cell) => names.includes(cell.trim().toLowerCase()));

/** '2026-11-30' or '30/11/2026' as yyyy-MM-dd; undefined otherwise. */
function dayOf(text: string): string | undefined {
  const trimmed = text.trim();
  if (isCalendarDay(trimmed)) return trimmed;
  const match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(trimmed);
  if (!match) return undefined;
  const day = `${match[3]}-${match[2]!.padStart(2, '0')}-${match[1]!.padStart(2, '0')}`;
  return isCalendarDay(day) ? day : undefined;
}

/** '1.250.000', '1250000', '1,250,000.50' as a number of đồng; NaN when it is none. */
function amountOf(text: string): number {
  const digits = text.replace(/[^\d.,-]/g, '');
  // A dot or comma followed by three digits groups thousands; anything else is a decimal point.
  const normal = digits.replace(/[.,](?=\d{3}(\D|$))/g, '').replace(',', '.');
  return normal === '' ? Number.NaN : Number(normal);
}

/**
 * POST /v2/reports/ad-funnel/spend: reads the file (CSV or XLSX), refuses it whole at the first
 * bad line, and stores each line's amount over its day, or over the range when it has none.
 */
export async function uploadAdSpend(
  platform: Platform,
  auth: AuthContext,
  range: Pick<ReportRange, 'from' | 'to'>,
  fileName: string,
  upload: Upload,
): Promise<AdSpendUpload> {
  const extension = path.extname(fileName).toLowerCase();
  if (extension !== '.csv' && extension !== '.xlsx') {
    upload.resume();
    throw fieldError('file', AD_SPEND_MESSAGES.fileType);
  }
  const file = await platform.files.privatePath(
    `ad-spend/${auth.tenantId}`,
    `${randomUUID()}${extension}`,
  );
  try {
    await pipeline(upload, createWriteStream(file));
    if (upload.truncated)
      throw new AppError(413, AD_SPEND_MESSAGES.tooLarge, [
        { param: 'file', message: AD_SPEND_MESSAGES.tooLarge },
      ]);
    const sheet = await readSheet(file, { limit: AD_SPEND_MAX_LINES }).catch((error: unknown) => {
      throw fieldError(
        'file',
        error instanceof TooManyRows ? AD_SPEND_MESSAGES.tooManyRows : AD_SPEND_MESSAGES.unreadable,
      );
    });
    const ad = columnOf(sheet.header, COLUMNS.ad);
    const spend = columnOf(sheet.header, COLUMNS.spend);
    const day = columnOf(sheet.header, COLUMNS.day);
    if (ad < 0 || spend < 0) throw fieldError('file', AD_SPEND_MESSAGES.columns);
    const lines = sheet.rows.map((row, index) => {
      const line = index + 2;
      const adId = (row[ad] ?? '').trim();
      const amount = amountOf(row[spend] ?? '');
      if (!adId || adId.length > 64 || !Number.isFinite(amount) || amount < 0)
        throw fieldError('file', AD_SPEND_MESSAGES.badLine(line));
      const dated = day >= 0 && (row[day] ?? '').trim() !== '' ? dayOf(row[day] ?? '') : null;
      if (dated === undefined) throw fieldError('file', AD_SPEND_MESSAGES.badDay(line));
      return {
        tenantId: auth.tenantId,
        adId,
        fromDay: dated ?? range.from,
        toDay: dated ?? range.to,
        amount,
        uploadedBy: auth.userId,
      };
    });
    if (lines.length === 0) throw fieldError('file', AD_SPEND_MESSAGES.empty);
    await repo.insertAdSpend(platform.db, lines);
    return {
      lines: lines.length,
      total: lines.reduce((sum, line) => sum + line.amount, 0),
      from: range.from,
      to: range.to,
    };
  } finally {
    await rm(file, { force: true });
  }
}
