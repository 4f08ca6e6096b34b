import ExcelJS from 'exceljs';
import { parse as parseCsv } from 'csv-parse';
import { createReadStream } from 'node:fs';

/**
 * The rows of a CSV or of the first sheet of an XLSX as trimmed strings (dates become
 * yyyy-mm-dd), read as a stream: a file is never held whole, the event loop keeps turning
 * between chunks, and a reader that stops early (a file over the row limit) stops the reading.
 */
export async function* sheetRows(file: string): AsyncGenerator<string[]> {
  const input = createReadStream(file);
  try {
    if (file.endsWith('.csv')) {
      const parser = input.pipe(
        parseCsv({ bom: true, relax_column_count: true, skip_empty_lines: true }),
      );
      try {
        for await (const record of parser as AsyncIterable<unknown[]>)
          yield record.map((cell) => String(cell ?? '').trim());
      } finally {
        parser.destroy();
      }
      return;
    }
    // Dates are told from numbers by their cell style, so styles are read too.
    const workbook = new ExcelJS.stream.xlsx.WorkbookReader(input, {
      worksheets: 'emit',
      sharedStrings: 'cache',
      styles: 'cache',
      hyperlinks: 'ignore',
      entries: 'ignore',
    });
    for await (const sheet of workbook) {
      for await (const row of sheet) {
        if (!row.hasValues) continue;
        const values: string[] = [];
        row.eachCell({ includeEmpty: true }, (cell, column) => {
          const value = cell.value;
          values[column - 1] =
            value instanceof Date
              ? value.toISOString().slice(0, 10)
              : String(cell.text ?? '').trim();
        });
        yield Array.from(values, (value) => value ?? '');
      }
      // The first sheet only.
      break;
    }
  } finally {
    input.destroy();
  }
}

/** Thrown by `readSheet` once a file has more data rows than allowed. */
export class TooManyRows extends Error {}

/**
 * A sheet's header, its first `keep` data rows and how many there are; past `limit` data rows
 * the reading stops and `TooManyRows` is thrown.
 */
export async function readSheet(
  file: string,
  { limit, keep = limit }: { limit: number; keep?: number },
) {
  let header: string[] | undefined;
  const rows: string[][] = [];
  let count = 0;
  for await (const row of sheetRows(file)) {
    if (!header) {
      header = row;
      continue;
    }
    if (++count > limit) throw new TooManyRows();
    if (rows.length < keep) rows.push(row);
  }
  return { header: header ?? [], rows, count };
}
