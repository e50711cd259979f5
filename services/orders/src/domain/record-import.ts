import { last9 } from '@cskh/kit';
import { HandOutRules, inScope, StaffMember, StaffScope } from '@cskh/kit/data';
import { parseBaodo, parseKhr } from './khr-baodo';
import { MSG } from './messages';

/**
 * Private customers and red reports from a sheet, and the pool they are handed out from (spec 3
 * §7.4, §7.5 import, assign, count-assign). Plain functions; the handlers do the I/O.
 */

/** Sheet row of the first data row (the header is row 1). */
export const RECORD_FIRST_ROW = 2;

/** Whether a staff username may be put on a record by the importing manager: a message when not. */
export type StaffCheck = (username: string) => string | undefined;

/**
 * A staff username on an imported row: blank = the pool (handed out later by 'assign'); else an
 * active member of the importer's subtree (the same rule as the create dialog).
 */
export function staffCheck(scope: StaffScope, members: ReadonlyMap<string, StaffMember>): StaffCheck {
  return (username) => {
    const m = members.get(username);
    if (scope.kind !== 'all' && username === scope.username) return undefined;
    if (!m || m.deleted) return MSG.staffUnknown(username);
    if (!inScope(scope, m, username)) return MSG.staffOutOfScope(username);
    return undefined;
  };
}

const text = (v: unknown) => String(v ?? '').trim();

/** A private-customer sheet row: phone and success date required (spec 3 §5), staff optional. */
export function parseKhrImportRow(raw: { so_dien_thoai?: string; ngay_thanh_cong?: string; username_nv?: string }, check: StaffCheck) {
  const v = parseKhr(raw);
  if (typeof v === 'string') return v;
  const username_nv = text(raw.username_nv);
  const refused = username_nv ? check(username_nv) : undefined;
  return refused ?? { ...v, username_nv };
}

/** A red-report sheet row: phone, success date, package and channel required (spec 3 §5), staff optional. */
export function parseBaodoImportRow(
  raw: { so_dien_thoai?: string; ngay_thanh_cong?: string; username_nv?: string; ten_goi_cuoc?: string; kenh?: string; ly_do?: string },
  check: StaffCheck,
) {
  const v = parseBaodo(raw);
  if (typeof v === 'string') return v;
  const username_nv = text(raw.username_nv);
  const refused = username_nv ? check(username_nv) : undefined;
  return refused ?? { ...v, username_nv };
}

/**
 * What makes an imported record the same record: the subscriber (last 9 digits), the success day,
 * the staff, and for a red report the package and channel. A re-sent chunk, or the same customer
 * in a second file, is stored once.
 */
export function recordImportKey(
  table: 'private_customer' | 'red_report',
  r: { so_dien_thoai: string; ngay_thanh_cong: string; username_nv: string; ten_goi_cuoc?: string; kenh?: string },
) {
  const base = [table, last9(r.so_dien_thoai), r.ngay_thanh_cong, r.username_nv];
  return table === 'red_report' ? [...base, (r.ten_goi_cuoc ?? '').toUpperCase(), r.kenh ?? ''] : base;
}

/**
 * How the orders service's pools (uploaded orders, private customers, red reports) are handed out
 * (kit planHandOut): the dialog's empty rows left out, the same person twice added up, at most
 * 100.000 records a request, only to active staff of the manager's subtree.
 */
export const RECORD_HAND_OUT: HandOutRules = {
  emptyLine: 'skip',
  repeated: 'add',
  maxTotal: 100_000,
  msg: {
    nothing: MSG.assignNothing,
    countInvalid: MSG.assignCountInvalid,
    unknown: MSG.staffUnknown,
    locked: MSG.staffLocked,
    outOfScope: MSG.staffOutOfScope,
  },
};
