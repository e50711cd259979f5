import { isPhone, last9, TEXT_LIMITS } from '@cskh/kit';
import { MSG } from './messages';

/** A phone from a request: trimmed and checked; a string is the refusal. */
export function parsePhone(raw: unknown): { phone: string; phone9: string } | string {
  const phone = String(raw ?? '').trim();
  if (!phone) return MSG.phoneRequired;
  if (phone.length > 20 || !isPhone(phone)) return MSG.phoneInvalid;
  return { phone, phone9: last9(phone) };
}

/** Spec 3 §5 "Phone display": nine-digit phones show with a leading 0. */
export const displayPhone = (phone: string) => {
  const l = last9(phone);
  return l.length === 9 ? `0${l}` : phone;
};

/** Free text of a sheet or form: trimmed; too long is a refusal. */
export function text(raw: unknown, label: string, max: number = TEXT_LIMITS.short): string {
  const s = String(raw ?? '').trim();
  if (s.length > max) throw new TextTooLong(MSG.fieldTooLong(label, max));
  return s;
}

export class TextTooLong extends Error {}

/** A file name as the screens send it (the spreadsheet's name): required, as long as the API allows. */
export function parseFileName(raw: unknown): string {
  const f = String(raw ?? '').trim();
  if (!f) throw new FileNameError(MSG.fileNameRequired);
  if (f.length > TEXT_LIMITS.fileName) throw new FileNameError(MSG.fileNameTooLong);
  return f;
}

export class FileNameError extends Error {}
