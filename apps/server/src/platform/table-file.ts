import ExcelJS from 'exceljs';
import { createWriteStream, type WriteStream } from 'node:fs';
import { once } from 'node:events';

export type Cell = string | number | null;

/** A table written row by row to an XLSX or CSV file, never held whole in memory. */
export interface TableFile {
  /** Starts a sheet (XLSX; a CSV has one table, later sheets are left out of it). */
  sheet(name: string, columns: { header: string; width?: number }[]): void;
  row(cells: Cell[]): Promise<void>;
  close(): Promise<void>;
}

/** A CSV cell: quoted when it holds a separator, a quote or a line break; formulas disarmed. */
function csvCell(cell: Cell): string {
  if (cell === null) return '';
  if (typeof cell === 'number') return String(cell);
  // A spreadsheet would run a cell starting with = + - @ as a formula (CSV injection).
  const text = /^[=+\-@]/.test(cell) ? `'${cell}` : cell;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

function csvFile(path: string): TableFile {
  const out: WriteStream = createWriteStream(path);
  // The byte order mark makes Excel read the file as UTF-8 (Vietnamese letters intact).
  out.write('\ufeff');
  let started = false;
  let ended = false;
  const write = async (line: string) => {
    if (!out.write(`${line}\r\n`)) await once(out, 'drain');
  };
  return {
    sheet(_name, columns) {
      ended = started;
      if (!started) {
        started = true;
        void write(columns.map((column) => csvCell(column.header)).join(','));
      }
    },
    async row(cells) {
      if (!ended) await write(cells.map(csvCell).join(','));
    },
    async close() {
      out.end();
      await once(out, 'finish');
    },
  };
}

function xlsxFile(path: string): TableFile {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: path, useStyles: true });
  let current: ExcelJS.Worksheet | null = null;
  return {
    sheet(name, columns) {
      current?.commit();
      current = workbook.addWorksheet(name);
      current.columns = columns.map((column) => ({
        header: column.header,
        width: column.width ?? 16,
      }));
      current.getRow(1).font = { bold: true };
    },
    async row(cells) {
      current?.addRow(cells).commit();
    },
    async close() {
      current?.commit();
      await workbook.commit();
    },
  };
}

export const openTableFile = (path: string, format: 'xlsx' | 'csv'): TableFile =>
  format === 'csv' ? csvFile(path) : xlsxFile(path);
