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
  /** Sheet column, 0-based (A = 0, B = 1, …). */
  col: number;
  field: string;
  /** Default 'text'. */
  parse?: CellParse;
  /** Header in the preview dialog (default: field). */
  label?: string;
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
}

/** A request row with the sheet row it came from. */
export interface SheetRow {
  rowNumber: number;
  data: Record<string, unknown>;
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
    return dayjs(new Date(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds())).format(format);
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
  for (let before = ''; before !== s; ) {
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
  read(data: ArrayBuffer, opts: { type: 'array'; cellDates: boolean }): { SheetNames: string[]; Sheets: Record<string, any> };
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
  return XLSX.utils.sheet_to_json<unknown[]>(ws, { header: 1, raw: true, defval: '', blankrows: true, range: { s: { r: 0, c: 0 }, e: range.e } });
}

const allBlank = (row: Record<string, unknown>) => Object.values(row).every((v) => v === '' || v === null || v === undefined);

/**
 * The sheet's rows (arrays of cells; index 0 = sheet row 1) mapped to request rows from the first
 * data row on, skipped rows left out, each with its sheet row number.
 */
export function mapSheetRows(cells: unknown[][], spec: ImportSpec, fileName = ''): SheetRow[] {
  const first = Math.max(1, spec.firstDataRow ?? 2);
  const out: SheetRow[] = [];
  const seen = new Set<string>();
  for (let i = first - 1; i < cells.length; i++) {
    const line = cells[i] ?? [];
    const row: Record<string, unknown> = {};
    for (const c of spec.columns) row[c.field] = parseCell(line[c.col], c.parse);
    if (spec.skip ? spec.skip(row) : allBlank(row)) continue;
    const data = spec.finish ? spec.finish(row, fileName) : row;
    if (!data) continue;
    if (spec.dedupeBy) {
      const key = spec.dedupeBy(data);
      if (seen.has(key)) continue;
      seen.add(key);
    }
    out.push({ rowNumber: i + 1, data });
  }
  return out;
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
        const byIndex = typeof e.index === 'number' ? c[e.index]?.rowNumber : undefined;
        outcome.errors.push({
          row: byIndex ?? Number(e.row ?? 0),
          error_type: e.error_type ?? '',
          error_data: e.error_data ?? '',
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
