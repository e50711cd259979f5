/** The spec's "empty id": the all-zero GUID stands for "no branch / no leader". */
export const EMPTY_GUID = '00000000-0000-0000-0000-000000000000';

export { isUuid } from '@cskh/kit/data';

/** Input side: blank, the all-zero GUID and the filter sentinels (-99, __ALL) mean "none". */
export function optionalId(v: string | null | undefined): string | null {
  const s = (v ?? '').trim();
  if (!s || s === EMPTY_GUID || s === '-99' || s === '__ALL') return null;
  return s.toLowerCase();
}

/** Output side: null becomes the all-zero GUID. */
export const outId = (v: string | null | undefined) => (v ? v : EMPTY_GUID);
