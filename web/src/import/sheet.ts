/**
 * Excel import as plain functions: sheet rows → request rows (column mapping, per-column parse,
 * header rows skipped), 200-row chunks, and sending them while summing the server's answers.
 * The ImportButton (./ImportButton.tsx) is the UI around these.
 */
import { dayjs, formatNumber } from '../common/format';

/** Rows per request (spec 1 §9, spec 3 §9: every import sends 200 rows at a time). */
export const IMPORT_CHUNK_SIZE = 200;

/**
 * How a cell becomes a value: 'digits' (only its digits, e.g. phones and amounts written '1.500.000 đ'),
 * 'text' (trimmed), 'date' (DD/MM/YYYY), 'datetime' (DD/MM/YYYY HH:mm:ss), 'number' (digits as a
 * number, blank → null), or a function.
 */
export type CellParse = 'digits' | 'text' | 'date' | 'datetime' | 'number' | ((value: unknown) => unknown);

export interface ColumnMapping {
  /** Sheet column, 0-based (A = 0, B = 1, …): where the template puts it. */
  col: number;
  field: string;
  /** Default 'text'. */
  parse?: CellParse;
  /** The column's header, in Vietnamese: in the template, the preview, the expected columns and row errors. */
  label: string;
  /** Other headers a sheet may give this column (matched like the label: case and diacritics aside). */
  aliases?: string[];
}

export interface ImportSpec {
  columns: ColumnMapping[];
  /** Sheet row (1-based) of the first data row; the rows above it are headers (default 2). */
  firstDataRow?: number;
  /** Rows to leave out (default: rows whose mapped cells are all blank). */
  skip?: (row: Record<string, unknown>) => boolean;
  /** Last touch on a mapped row (add the file name, fixed values…); null drops it. */
  finish?: (row: Record<string, unknown>, fileName: string) => Record<string, unknown> | null;
  /**
   * Rows with the same key are one row: the first is kept (e.g. duplicates by phone, spec 3 §2.3,
   * §5). The servers dedupe again; this keeps repeats out of the preview and the upload.
   */
  dedupeBy?: (row: Record<string, unknown>) => string;
  /** A filled example row for the template file (by field). */
  example?: Record<string, string | number>;
}

/** A request row with the sheet row it came from. */
export interface SheetRow {
  rowNumber: number;
  data: Record<string, unknown>;
  /** The mapped cells as typed, labelled: what a row error quotes. */
  typed?: string;
  /** Cells that are not what their column takes (a date that is no date…); such a row is not sent. */
  problems?: string[];
}

/** 'A', 'B', …, 'Z', 'AA' for a 0-based column. */
export function columnLetter(col: number): string {
  let s = '';
  for (let n = col + 1; n > 0; n = Math.floor((n - 1) / 26)) s = String.fromCharCode(65 + ((n - 1) % 26)) + s;
  return s;
}

/** The expected columns as a user reads them: 'Cột B: Tên đăng nhập', in sheet order. */
export function expectedColumns(spec: ImportSpec): string[] {
  return [...spec.columns].sort((a, b) => a.col - b.col).map((c) => `Cột ${columnLetter(c.col)}: ${c.label}`);
}

/** A header compared loosely: lower case, without diacritics, single spaces. */
const loose = (v: unknown) =>
  String(v ?? '')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[đĐ]/g, 'd')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();

/**
 * The columns as this sheet has them: where its header row names every expected column (by label
 * or alias), there; otherwise where the template puts them. A sheet made by hand with its own
 * column order is read by its headers, not refused row by row.
 */
export function columnsOf(cells: unknown[][], spec: ImportSpec): ColumnMapping[] {
  const first = Math.max(1, spec.firstDataRow ?? 2);
  if (first < 2) return spec.columns;
  const header = (cells[first - 2] ?? []).map(loose);
  const found = spec.columns.map((c) =>
    header.findIndex((h) => h !== '' && [c.label, ...(c.aliases ?? [])].some((name) => loose(name) === h)),
  );
  if (found.some((i) => i < 0) || found.every((i, k) => i === spec.columns[k].col)) return spec.columns;
  return spec.columns.map((c, k) => ({ ...c, col: found[k] }));
}

/** The template's rows: header labels in their columns on the row above the data, then the example. */
export function templateRows(spec: ImportSpec): string[][] {
  const first = Math.max(2, spec.firstDataRow ?? 2);
  const width = Math.max(...spec.columns.map((c) => c.col)) + 1;
  const rows: string[][] = Array.from({ length: first - 1 }, () => Array<string>(width).fill(''));
  for (const c of spec.columns) rows[first - 2][c.col] = c.label;
  if (spec.example) {
    const ex = Array<string>(width).fill('');
    for (const c of spec.columns) ex[c.col] = String(spec.example[c.field] ?? '');
    rows.push(ex);
  }
  return rows;
}

/** A cell as the user sees it in the sheet (dates as DD/MM/YYYY[ HH:mm:ss]). */
export function cellShown(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) return '';
    const d = dayjs(value);
    return d.format(d.hour() || d.minute() || d.second() ? 'DD/MM/YYYY HH:mm:ss' : 'DD/MM/YYYY');
  }
  return cellText(value);
}

/** Why a cell is not what its column takes, or undefined. Blank cells are the server's to judge. */
export function cellProblem(value: unknown, parse: CellParse | undefined, parsed: unknown): string | undefined {
  if (cellShown(value) === '') return undefined;
  if (parse === 'date' && parsed === '') return 'không phải ngày (DD/MM/YYYY)';
  if (parse === 'datetime' && parsed === '') return 'không phải ngày giờ (DD/MM/YYYY HH:mm:ss)';
  if (parse === 'number' && parsed === null) return 'không phải số';
  return undefined;
}

/** An Excel serial day number (1900 system) → a Date in UTC. */
function fromSerial(serial: number): Date {
  return new Date(Math.round((serial - 25569) * 86400 * 1000));
}

const pad = (n: string | undefined) => (n ?? '0').padStart(2, '0');
/** Day-first (D/M/YYYY, D-M-YYYY, D.M.YYYY) or ISO (YYYY-MM-DD), each with an optional H:m[:s]. */
const DAY_FIRST = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})(?:[ T]+(\d{1,2}):(\d{1,2})(?::(\d{1,2}))?)?$/;
const ISO = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[ T]+(\d{1,2}):(\d{1,2})(?::(\d{1,2}))?)?/;

function textDate(s: string) {
  let m = DAY_FIRST.exec(s);
  let parts: string[] | null = m ? [m[3], m[2], m[1], m[4], m[5], m[6]] : null;
  if (!parts) {
    m = ISO.exec(s);
    parts = m ? [m[1], m[2], m[3], m[4], m[5], m[6]] : null;
  }
  if (!parts) return null;
  const [y, mo, d, h, mi, se] = parts;
  const d1 = dayjs(`${y}-${pad(mo)}-${pad(d)} ${pad(h)}:${pad(mi)}:${pad(se)}`, 'YYYY-MM-DD HH:mm:ss', true);
  return d1.isValid() ? d1 : null;
}

/** A date cell (Date, Excel serial number or text in a usual layout) in `format`; '' when it is not a date. */
export function cellDate(value: unknown, format: string): string {
  if (value === null || value === undefined || value === '') return '';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : dayjs(value).format(format);
  if (typeof value === 'number' && Number.isFinite(value)) {
    const d = fromSerial(value);
    // Serial days carry no zone: read the UTC parts as they are.
    return dayjs(
      new Date(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds()),
    ).format(format);
  }
  return textDate(String(value).trim())?.format(format) ?? '';
}

/** Zero-width characters that a copy from a web page or chat leaves at a cell's ends (trim() keeps them). */
const ZERO_WIDTH_ENDS = /^[\u200B-\u200D\u2060]+|[\u200B-\u200D\u2060]+$/g;

/**
 * A text cell as the servers should see it: composed Unicode (Vietnamese typed on a Mac arrives
 * decomposed), without the spaces, non-breaking spaces, byte-order mark or zero-width characters
 * around it.
 */
export function cellText(value: unknown): string {
  let s = String(value).normalize('NFC');
  for (let before = ''; before !== s;) {
    before = s;
    s = s.trim().replace(ZERO_WIDTH_ENDS, '');
  }
  return s;
}

export function parseCell(value: unknown, parse: CellParse = 'text'): unknown {
  if (typeof parse === 'function') return parse(value);
  switch (parse) {
    case 'digits':
      return String(value ?? '').replace(/\D/g, '');
    case 'number': {
      const d = String(value ?? '').replace(/\D/g, '');
      return typeof value === 'number' ? value : d ? Number(d) : null;
    }
    case 'date':
      return cellDate(value, 'DD/MM/YYYY');
    case 'datetime':
      return cellDate(value, 'DD/MM/YYYY HH:mm:ss');
    default:
      return value === null || value === undefined ? '' : cellText(value);
  }
}

/** What of SheetJS (`xlsx`) reading a sheet needs; the module is loaded by the caller, on first use. */
export interface SheetReader {
  read(
    data: ArrayBuffer,
    opts: { type: 'array'; cellDates: boolean },
  ): { SheetNames: string[]; Sheets: Record<string, { '!ref'?: string }> };
  utils: {
    decode_range(ref: string): { e: { r: number; c: number } };
    sheet_to_json<T>(ws: unknown, opts: Record<string, unknown>): T[];
  };
}

/**
 * The first sheet of a workbook as arrays of cells, index 0 = sheet row 1, column 0 = A; [] for a
 * workbook without cells. Throws on a file that is no spreadsheet SheetJS can read.
 */
export function sheetCells(XLSX: SheetReader, data: ArrayBuffer): unknown[][] {
  const wb = XLSX.read(data, { type: 'array', cellDates: true });
  const ws = wb.Sheets[wb.SheetNames[0]];
  if (!ws || !ws['!ref']) return [];
  const range = XLSX.utils.decode_range(ws['!ref']);
  // From A1, so that row and column numbers are the sheet's own.
  return XLSX.utils.sheet_to_json<unknown[]>(ws, {
    header: 1,
    raw: true,
    defval: '',
    blankrows: true,
    range: { s: { r: 0, c: 0 }, e: range.e },
  });
}

const allBlank = (row: Record<string, unknown>) => Object.values(row).every((v) => v === '' || v === null || v === undefined);

/**
 * The sheet's rows (arrays of cells; index 0 = sheet row 1) mapped to request rows from the first
 * data row on, skipped rows left out, each with its sheet row number.
 */
export function mapSheetRows(cells: unknown[][], spec: ImportSpec, fileName = ''): SheetRow[] {
  const first = Math.max(1, spec.firstDataRow ?? 2);
  const columns = columnsOf(cells, spec);
  const out: SheetRow[] = [];
  const seen = new Set<string>();
  for (let i = first - 1; i < cells.length; i++) {
    const line = cells[i] ?? [];
    const row: Record<string, unknown> = {};
    const problems: string[] = [];
    const typed: string[] = [];
    for (const c of columns) {
      row[c.field] = parseCell(line[c.col], c.parse);
      const shown = cellShown(line[c.col]);
      typed.push(`${c.label}: '${shown}'`);
      const problem = cellProblem(line[c.col], c.parse, row[c.field]);
      if (problem) problems.push(`Cột ${columnLetter(c.col)} (${c.label}): '${shown}' ${problem}`);
    }
    if (spec.skip ? spec.skip(row) : allBlank(row)) {
      // A row whose only content is unreadable is still the user's row: say why, do not drop it.
      if (problems.length === 0) continue;
    }
    const data = spec.finish ? spec.finish(row, fileName) : row;
    if (!data) continue;
    if (spec.dedupeBy) {
      const key = spec.dedupeBy(data);
      if (seen.has(key)) continue;
      seen.add(key);
    }
    out.push({ rowNumber: i + 1, data, typed: typed.join(' · '), ...(problems.length ? { problems } : {}) });
  }
  return out;
}

/** The rows a sheet's own cells refuse, as row errors (they are never sent). */
export function localRowErrors(rows: SheetRow[], fileName: string): RowError[] {
  return rows
    .filter((r) => r.problems?.length)
    .map((r) => ({ row: r.rowNumber, error_type: r.problems!.join('; '), error_data: r.typed ?? '', error_file: fileName }));
}

export function chunk<T>(items: readonly T[], size = IMPORT_CHUNK_SIZE): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** A refused row as the row-error dialog lists it. */
export interface RowError {
  row: number;
  error_type: string;
  error_data: string;
  error_file: string;
}

/** The label of the button that reopens the last import's row errors, e.g. 'Lỗi nhập (3)'. */
export const importErrorsLabel = (count: number) => `Lỗi nhập (${formatNumber(count)})`;

/** One chunk's answer (`data` of the import call: saved and errorRows). */
export interface ChunkReply {
  saved?: number | string;
  errorRows?: Array<{ index?: number; row?: number; error_type?: string; error_data?: string; error_file?: string }>;
}

export interface ImportOutcome {
  saved: number;
  errors: RowError[];
  /** Chunks that got no answer (network or server failure): re-send them as they are. */
  failed: SheetRow[][];
  /** The server's msg of the last failure. */
  failMsg: string;
}

/**
 * Sends the chunks one after the other, sums `saved`, maps every refused row to its sheet row
 * (by its index in the chunk) and keeps the chunks that failed so that the same chunks can be sent
 * again (the servers dedupe re-sent rows).
 */
export async function sendChunks(
  chunks: SheetRow[][],
  send: (rows: Array<Record<string, unknown>>, firstRow: number) => Promise<ChunkReply | null | undefined>,
  onProgress?: (doneRows: number) => void,
  fileName = '',
): Promise<ImportOutcome> {
  const outcome: ImportOutcome = { saved: 0, errors: [], failed: [], failMsg: '' };
  let done = 0;
  for (const c of chunks) {
    try {
      const reply = await send(
        c.map((r) => r.data),
        c[0]?.rowNumber ?? 1,
      );
      outcome.saved += Number(reply?.saved ?? 0) || 0;
      for (const e of reply?.errorRows ?? []) {
        const sent = typeof e.index === 'number' ? c[e.index] : c.find((r) => r.rowNumber === Number(e.row));
        outcome.errors.push({
          row: sent?.rowNumber ?? Number(e.row ?? 0),
          error_type: e.error_type ?? '',
          // The cells as the user typed them, labelled, rather than the request's field names.
          error_data: sent?.typed || e.error_data || '',
          error_file: e.error_file || fileName,
        });
      }
    } catch (err) {
      outcome.failed.push(c);
      outcome.failMsg = (err as { msg?: string })?.msg || (err as Error)?.message || '';
    }
    done += c.length;
    onProgress?.(done);
  }
  return outcome;
}
