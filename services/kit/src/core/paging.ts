import { AppError } from './errors';

/**
 * Paging as the spec uses it: page is 1-based and page=0 reads as page 1; count is the page
 * size; the export asks for count=9999999999 which means "all rows".
 */
/** The spec's export count. */
export const ALL_ROWS_COUNT = 9999999999;
/**
 * The largest page a screen offers (the lists offer 20, 50 and 100; a picker reads its whole list
 * as one page of 1000). A count above it asks for more than any screen shows: it is an export, every
 * row, under the route's declared export ban (route-rules isExportRequest), whatever its size —
 * a salesperson asking count=99999 makes an export like count=9999999999 and is refused alike.
 */
export const MAX_PAGE_SIZE = 1000;
/** No list of ours has a million pages; beyond it the offset is only a way to make the database fail. */
export const MAX_PAGE = 1_000_000;

/** Bounds of the paging fields, also enforced by the gateway and shown in the OpenAPI document. */
export const PAGING_BOUNDS = {
  page: { min: 0, max: MAX_PAGE },
  // Any count above MAX_PAGE_SIZE means every row; the ceiling is what a JS number holds exactly.
  count: { min: 0, max: Number.MAX_SAFE_INTEGER },
} as const;

/**
 * An export the gateway streams (gateway/src/export.ts) is still an "all rows" request, so every
 * service applies its own export rules (who may export, which rows) exactly as before; but it
 * asks for one window of those rows at a time: count = EXPORT_WINDOW_BASE + the window's size,
 * page = the window's number (1-based). toPaging answers take = undefined (all rows, for the
 * rules) with `window`, and pageSql reads only that window, so one page of an export stays
 * bounded in the service and in the gRPC message whatever the table holds.
 */
export const EXPORT_WINDOW_BASE = 1_000_000_000_000;
/** Largest window a count may ask for (a window's rows are one gRPC message). */
export const MAX_EXPORT_WINDOW = 50_000;
/** The window the gateway pages exports by. */
export const EXPORT_WINDOW_ROWS = 10_000;

/** The count that asks for window `size` of all rows. */
export const exportWindowCount = (size = EXPORT_WINDOW_ROWS) => EXPORT_WINDOW_BASE + size;

/** The window size a count asks for, or undefined when it is not a window count. */
export function exportWindowSize(count: number | undefined): number | undefined {
  const n = Number(count);
  return Number.isInteger(n) && n > EXPORT_WINDOW_BASE && n <= EXPORT_WINDOW_BASE + MAX_EXPORT_WINDOW ? n - EXPORT_WINDOW_BASE : undefined;
}

export interface Paging {
  page: number;
  skip: number;
  /** undefined = all rows */
  take: number | undefined;
  /** All rows, but this window of them only (an export streamed by the gateway): applied by pageSql. */
  window?: { skip: number; take: number };
}

function bounded(name: keyof typeof PAGING_BOUNDS, value: number | undefined): number {
  const { min, max } = PAGING_BOUNDS[name];
  if (value === undefined || value === null) return 0;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > max)
    throw new AppError('VALIDATION', `Giá trị của ${name} phải là số nguyên từ ${min} đến ${max}`);
  return n;
}

/** Page and count of a list request → offset and limit; a page or count out of bounds is a VALIDATION error. */
export function toPaging(page: number | undefined, count: number | undefined, defaultCount = 20): Paging {
  const p = Math.max(1, bounded('page', page));
  const c = bounded('count', count) || defaultCount;
  if (c > MAX_PAGE_SIZE) {
    const size = exportWindowSize(c);
    return size
      ? { page: 1, skip: 0, take: undefined, window: { skip: (p - 1) * size, take: size } }
      : { page: 1, skip: 0, take: undefined };
  }
  return { page: p, skip: (p - 1) * c, take: c };
}
