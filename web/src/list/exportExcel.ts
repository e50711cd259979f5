import { formatDate, formatDateTime, displayPhone } from '../common/format';
import { fieldValue, type ColumnDef, type Row } from './types';

/** Plain cell value for a column, formatted like the table (numbers stay numbers). */
export function exportCell<R extends Row>(col: ColumnDef<R>, row: R, index: number): unknown {
  if (col.export && col.export.value) return col.export.value(row, index);
  if (col.kind === 'index') return index + 1;
  const v = col.value ? col.value(row) : fieldValue(row, col.field);
  const opts = col.options ?? (Array.isArray(col.edit?.options) ? col.edit.options : undefined);
  if (opts) {
    const o = opts.find((x) => String(x.value) === String(v ?? ''));
    if (o) return o.label;
  }
  if (col.kind === 'datetime') return formatDateTime(v);
  if (col.kind === 'date') return formatDate(v);
  if (col.kind === 'phone') return displayPhone(v);
  if (col.kind === 'chip' && col.chip) return col.chip(row).label;
  if (col.kind === 'number') {
    const n = Number(v);
    return v === null || v === undefined || v === '' || !Number.isFinite(n) ? (v ?? '') : n;
  }
  return v ?? '';
}

/**
 * A text cell a spreadsheet would read as a formula (=, +, -, @, or a leading tab/CR) gets a leading
 * apostrophe, so a phone note typed as '=HYPERLINK(…)' opens as text (formula injection, OWASP).
 * Plain signed numbers ('-5000', '+84912345678') stay as they are: they cannot run anything.
 */
export function neutraliseFormula(v: unknown): unknown {
  if (typeof v !== 'string' || !/^[=+\-@\t\r]/.test(v)) return v;
  if (/^[+-]?\d[\d.,\s]*$/.test(v)) return v;
  return `'${v}`;
}

const SHEET_CHUNK_ROWS = 10_000;

/** Write rows to an .xlsx file in the browser (xlsx is loaded on demand). */
export async function writeExcel<R extends Row>(fileName: string, columns: ColumnDef<R>[], rows: R[], sheetName = 'Sheet 1') {
  const XLSX = await import('xlsx');
  const cols = columns.filter((c) => c.export !== false && c.kind !== 'actions');
  const header = cols.map((c) => (c.export && c.export.header) || c.headerName);
  // Cells a chunk of rows at a time: a million-row export never holds every row's cells twice.
  const ws = XLSX.utils.aoa_to_sheet([header]);
  for (let from = 0; from < rows.length; from += SHEET_CHUNK_ROWS) {
    const chunk = rows.slice(from, from + SHEET_CHUNK_ROWS).map((r, i) => cols.map((c) => neutraliseFormula(exportCell(c, r, from + i))));
    XLSX.utils.sheet_add_aoa(ws, chunk, { origin: -1 });
  }
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, ws, sheetName);
  XLSX.writeFile(wb, fileName.endsWith('.xlsx') ? fileName : `${fileName}.xlsx`);
}
