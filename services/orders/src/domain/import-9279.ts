import { last9, TEXT_LIMITS } from '@cskh/kit';
import { MSG } from './messages';
import { parseAmount } from './money';
import type { OrderKind } from './statuses';
import { checkText, isError, parseForm, parseOrderDate, parsePhone, parseTier } from './order-input';

/** The 9279 upload's header is sheet row 1 (spec 3 §5 "9279 Excel upload"). */
export const R9279_FIRST_ROW = 2;

export interface Import9279Row {
  cty: string;
  so_dien_thoai: string;
  ma_goi: string;
  username_nv: string;
  hinh_thuc: string;
  /** undefined = the price list's price at the tier. */
  doanh_thu: number | undefined;
  gia_ban_goi: number;
  created_time: Date | undefined;
  note: string;
}

/**
 * One upload row checked again on the server (spec 3 §5): phone, package code, kind
 * ('ĐĂNG KÝ'/'GIA HẠN', any case; 9279 only) and tier (T1–T3) required; revenue digits; the created
 * date day-month-year (or year-month-day); the company one of the managed list, the
 * note free text. A staff username, when given, must name a staff member (`knownStaff`); a row
 * without one joins the pool that 'assign' hands out. `company` answers a company's
 * name as listed (any case), or undefined when the list lacks it.
 */
export function parseImportRow(
  raw: Record<string, unknown>,
  knownStaff: (u: string) => boolean,
  kind: OrderKind = '9279',
  company: (name: string) => string | undefined = (n) => n,
): Import9279Row | string {
  const phone = parsePhone(raw.so_dien_thoai);
  if (phone === undefined) return MSG.required;
  if (isError(phone)) return phone.error;
  const ma_goi = String(raw.ma_goi ?? '').trim();
  const username_nv = String(raw.username_nv ?? '').trim();
  const form = kind === '9279' ? parseForm(raw.hinh_thuc) : '';
  const tier = parseTier(raw.gia_ban_goi);
  if (!ma_goi || form === undefined || tier === undefined) return MSG.required;
  for (const v of [form, tier]) if (isError(v)) return v.error;
  if (username_nv && !knownStaff(username_nv)) return MSG.staffUnknown(username_nv);
  const revenue = parseAmount(raw.doanh_thu, 'Doanh thu');
  if (typeof revenue === 'string') return revenue;
  const created = parseOrderDate(raw.created_time);
  if (isError(created)) return created.error;
  const cty = checkText(raw.cty, 'Công ty');
  const note = checkText(raw.note, 'Ghi chú', TEXT_LIMITS.note);
  for (const v of [cty, note]) if (isError(v)) return v.error;
  const listed = cty ? company(cty as string) : '';
  if (listed === undefined) return MSG.companyNotListed(cty as string);
  return {
    cty: listed,
    so_dien_thoai: phone,
    ma_goi,
    username_nv,
    hinh_thuc: form as string,
    doanh_thu: revenue,
    gia_ban_goi: tier as number,
    created_time: created,
    note: note as string,
  };
}

/** What makes an uploaded row the same row when sent again: subscriber, package, staff, kind, date. */
export const importRowKey = (r: Import9279Row, kind: OrderKind = '9279') => [
  kind,
  last9(r.so_dien_thoai),
  r.ma_goi,
  r.username_nv,
  r.hinh_thuc,
  r.created_time ?? '',
];
