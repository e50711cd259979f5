import { createHash } from 'node:crypto';
import { AppError } from './errors';

/**
 * Excel imports as every screen sends them (ARCHITECTURE §6): the browser reads the sheet and
 * posts chunks of at most 200 JSON rows; each chunk is one transaction, answers `saved` and the
 * refused rows with their sheet row numbers, and is idempotent: each row carries a key (its
 * natural identity within the file) and rows whose key is already stored are not inserted again,
 * so re-sending a chunk after a lost answer duplicates nothing.
 */
export const IMPORT_CHUNK_MAX = 200;
/** The last row an .xlsx sheet can hold: a chunk said to start beyond it did not come from a sheet. */
export const SHEET_MAX_ROWS = 1_048_576;

export const IMPORT_MSG = {
  tooMany: `Mỗi lần chỉ được gửi tối đa ${IMPORT_CHUNK_MAX} dòng`,
  empty: 'Không có dòng dữ liệu nào để nhập',
  invalidRow: 'Dữ liệu không hợp lệ',
  rowOutOfSheet: `Số dòng bắt đầu không hợp lệ (một trang tính có tối đa ${SHEET_MAX_ROWS.toLocaleString('vi-VN')} dòng)`,
} as const;

/** One refused row (spec 1 §3 import response: error_type, error_data, error_file). */
export interface ImportRowError {
  /** Row number in the sheet (firstRow + index). */
  row: number;
  /** Index of the row in the chunk. */
  index: number;
  /** Why it was refused (Vietnamese). */
  error_type: string;
  /** The row as sent (JSON). */
  error_data: string;
  /** The file it came from. */
  error_file: string;
}

export interface ImportResult {
  /**
   * Rows of this chunk that are stored now, whether inserted by this call or by an earlier send
   * of the same chunk: a browser that re-sends a chunk whose answer it lost still adds up the
   * right total, and the table holds each row once.
   */
  saved: number;
  errorRows: ImportRowError[];
}

export interface ImportChunk<Raw, Row> {
  rows: readonly Raw[];
  fileName?: string;
  /** Sheet row number of rows[0] (the screen knows where its data starts; default 1). */
  firstRow?: number;
  /** Checks and converts one row; a string refuses it with that message (so does a thrown AppError). */
  parse(raw: Raw, rowNumber: number): Row | string;
  /**
   * What makes the row the same row when the chunk is sent again, e.g. [file, row number, time,
   * amount, content]. Hashed into `import_key`.
   */
  key(row: Row, rowNumber: number): unknown[];
  /** Stores the rows, skipping keys already stored (`ON CONFLICT (import_key) DO NOTHING`). */
  save(rows: Array<{ row: Row; importKey: string; rowNumber: number }>): Promise<unknown>;
}

/** A stable hash of a row's identity parts (text, numbers, dates). */
export function importKey(parts: readonly unknown[]): string {
  const norm = parts.map((p) => (p instanceof Date ? p.toISOString() : p === undefined || p === null ? '' : String(p)));
  return createHash('sha256').update(JSON.stringify(norm)).digest('hex');
}

/** Validates a chunk row by row, stores the good rows once, and reports the others. */
export async function importChunk<Raw, Row>(chunk: ImportChunk<Raw, Row>): Promise<ImportResult> {
  if (chunk.rows.length > IMPORT_CHUNK_MAX) throw new AppError('VALIDATION', IMPORT_MSG.tooMany);
  const firstRow = Math.max(1, Math.floor(chunk.firstRow ?? 1));
  // Row numbers travel back as int32; beyond a sheet's last row they mean nothing anyway.
  if (firstRow + chunk.rows.length - 1 > SHEET_MAX_ROWS) throw new AppError('VALIDATION', IMPORT_MSG.rowOutOfSheet);
  const errorRows: ImportRowError[] = [];
  const good: Array<{ row: Row; importKey: string; rowNumber: number }> = [];
  const seen = new Set<string>();
  chunk.rows.forEach((sent, index) => {
    const raw = nfc(sent);
    const rowNumber = firstRow + index;
    const refuse = (why: string) =>
      errorRows.push({ row: rowNumber, index, error_type: why, error_data: safeJson(raw), error_file: chunk.fileName ?? '' });
    let parsed: Row | string;
    try {
      parsed = chunk.parse(raw, rowNumber);
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      parsed = err.msg;
    }
    if (typeof parsed === 'string') return void refuse(parsed || IMPORT_MSG.invalidRow);
    const key = importKey(chunk.key(parsed, rowNumber));
    if (seen.has(key)) return; // the same row twice in one chunk is one row
    seen.add(key);
    good.push({ row: parsed, importKey: key, rowNumber });
  });
  if (good.length) await chunk.save(good);
  return { saved: good.length, errorRows };
}

/** An uploaded sheet chunk as every import RPC receives it (rows, the file's name, where its rows start). */
export interface SheetUpload<Raw> {
  rows?: readonly Raw[];
  file_name?: string;
  first_row?: number;
}

/** The spec's price sheets have their header at row 1 (spec 3 §3): data starts at row 2. */
export const PRICE_SHEET_FIRST_ROW = 2;

/**
 * One chunk of an uploaded price sheet (orders' mfy and 9279 lists, refunds' list): reads the
 * upload — its rows, its trimmed file name, its first row (row 2 when the browser sent none) — and
 * hands it to importChunk with the list's row rules. `save` also gets the file name, for audit
 * entries that name it. One reading for every price list, so they never drift apart.
 */
export function importPriceSheet<Raw, Row>(
  upload: SheetUpload<Raw>,
  rules: Pick<ImportChunk<Raw, Row>, 'parse' | 'key'> & {
    save(rows: Array<{ row: Row; importKey: string; rowNumber: number }>, fileName: string): Promise<unknown>;
  },
): Promise<ImportResult> {
  const fileName = (upload.file_name ?? '').trim();
  return importChunk({
    rows: upload.rows ?? [],
    fileName,
    firstRow: upload.first_row || PRICE_SHEET_FIRST_ROW,
    parse: rules.parse,
    key: rules.key,
    save: (rows) => rules.save(rows, fileName),
  });
}

/**
 * The row with every text in Unicode NFC. Vietnamese typed on a Mac (or pasted from some web
 * pages) arrives decomposed ('ê' + U+0301 instead of 'ế'): it looks the same but would not match
 * a stored name, a package or a re-sent copy of the same row, so it is composed before anything
 * reads it.
 */
export function nfc<T>(v: T): T {
  if (typeof v === 'string') return v.normalize('NFC') as T;
  if (Array.isArray(v)) return v.map(nfc) as T;
  if (v && typeof v === 'object' && Object.getPrototypeOf(v) === Object.prototype)
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, nfc(x)])) as T;
  return v;
}

function safeJson(v: unknown): string {
  try {
    return JSON.stringify(v) ?? '';
  } catch {
    return String(v);
  }
}
