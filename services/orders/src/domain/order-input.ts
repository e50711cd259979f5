import { digitsOf, last9, parseDateTime, TEXT_LIMITS } from '@cskh/kit';
import { MSG } from './messages';
import { FORMS, OrderKind } from './statuses';

/** A phone as entered: 9 to 15 digits once separators are gone (matched later by its last 9). */
export function parsePhone(raw: unknown, invalid: string = MSG.phoneInvalid): string | undefined | { error: string } {
  const s = String(raw ?? '').trim();
  if (!s) return undefined;
  const d = digitsOf(s);
  if (d.length < 9 || d.length > 15 || !/^[\d\s.+()-]+$/.test(s)) return { error: invalid };
  return d.length === 9 ? `0${d}` : d;
}

/** A sale tier as screens and sheets write it: 1, 2, 3 or T1, T2, T3 (spec 3 §5). */
export function parseTier(raw: unknown): number | undefined | { error: string } {
  const s = String(raw ?? '')
    .trim()
    .toUpperCase()
    .replace(/^T/, '');
  if (!s) return undefined;
  return s === '1' || s === '2' || s === '3' ? Number(s) : { error: MSG.tierInvalid };
}

/** The 9279 form: 'dang_ky'/'gia_han', or the sheet's 'ĐĂNG KÝ'/'GIA HẠN' in any case (spec 3 §5). */
export function parseForm(raw: unknown): string | undefined | { error: string } {
  const s = String(raw ?? '').trim();
  if (!s || s === '-99') return undefined;
  const folded = s.normalize('NFC').toLocaleLowerCase('vi');
  if (folded === 'đăng ký' || folded === 'dang_ky' || folded === 'đăng kí') return 'dang_ky';
  if (folded === 'gia hạn' || folded === 'gia_han') return 'gia_han';
  return (FORMS as readonly string[]).includes(s) ? s : { error: MSG.formInvalid };
}

/** An order date: 'DD-MM-YYYY' / 'DD/MM/YYYY' (rewritten as year-month-day), with an optional time, or ISO. */
export function parseOrderDate(raw: unknown): Date | undefined | { error: string } {
  const s = String(raw ?? '').trim();
  if (!s) return undefined;
  return parseDateTime(s.replace(/^(\d{1,2})\.(\d{1,2})\.(\d{4})/, '$1/$2/$3')) ?? { error: MSG.createdTimeInvalid };
}

export function checkText(raw: unknown, label: string, max: number = TEXT_LIMITS.short): string | { error: string } {
  const s = String(raw ?? '').trim();
  return s.length > max ? { error: MSG.textTooLong(label, max) } : s;
}

export const isError = (v: unknown): v is { error: string } => typeof v === 'object' && v !== null && 'error' in v;

/** What the create dialog must carry (spec 3 §5 "Order dialog"): phone, package, tier; form for 9279. */
export interface OrderDraft {
  so_dien_thoai: string;
  ma_goi: string;
  gia_ban_goi: number;
  hinh_thuc: string;
}

export function parseDraft(
  kind: OrderKind,
  raw: { so_dien_thoai?: string; ma_goi?: string; gia_ban_goi?: string; hinh_thuc?: string },
): OrderDraft | string {
  const phone = parsePhone(raw.so_dien_thoai);
  const tier = parseTier(raw.gia_ban_goi);
  const form = kind === '9279' ? parseForm(raw.hinh_thuc) : '';
  const ma_goi = String(raw.ma_goi ?? '').trim();
  if (phone === undefined || !ma_goi || tier === undefined || form === undefined) return MSG.required;
  for (const v of [phone, tier, form]) if (isError(v)) return v.error;
  if (ma_goi.length > 100) return MSG.priceNameTooLong;
  return { so_dien_thoai: phone as string, ma_goi, gia_ban_goi: tier as number, hinh_thuc: form as string };
}

/** Same phone, same order list: the last 9 digits. */
export const samePhone = (a: string, b: string) => last9(a) === last9(b);
