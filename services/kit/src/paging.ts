/**
 * Paging as the spec uses it: page is 1-based and page=0 reads as page 1; count is the page
 * size; the export asks for count=9999999999 which means "all rows".
 */
export const ALL_ROWS_THRESHOLD = 100000;

export interface Paging {
  page: number;
  skip: number;
  /** undefined = all rows */
  take: number | undefined;
}

export function toPaging(page: number | undefined, count: number | undefined, defaultCount = 20): Paging {
  const p = Math.max(1, Math.floor(Number(page) || 1));
  const c = Math.floor(Number(count) || defaultCount);
  if (c <= 0) return { page: p, skip: (p - 1) * defaultCount, take: defaultCount };
  if (c >= ALL_ROWS_THRESHOLD) return { page: 1, skip: 0, take: undefined };
  return { page: p, skip: (p - 1) * c, take: c };
}
