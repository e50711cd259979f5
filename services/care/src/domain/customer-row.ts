import { isPhone, last9, parseDateTime, TEXT_LIMITS } from '@cskh/kit';
import { MSG } from './messages';

/** A customer sheet row as the server stores it (spec 3 §3 "Customer import row"). */
export interface CustomerRow {
  phone: string;
  phone9: string;
  type: string;
  package: string;
  registerAt: Date | null;
  expiredAt: Date | null;
  packageCycle: string;
  state: string;
  packageCanRegister: string;
}

export interface RawCustomerRow {
  phone?: string;
  type?: string;
  package?: string;
  registerAt?: string;
  expiredAt?: string;
  packageCycle?: string;
  state?: string;
  packageCanRegister?: string;
}

// A sheet cell as long as the API takes it (the gateway's limit for short texts).
const MAX_TEXT = TEXT_LIMITS.short;

/** Checks one row again (the browser's reading is not trusted); a string is the refusal. */
export function parseCustomerRow(raw: RawCustomerRow): CustomerRow | string {
  const phone = String(raw.phone ?? '').trim();
  if (!phone) return MSG.phoneRequired;
  if (!isPhone(phone)) return MSG.phoneInvalid;
  const text = (v: unknown) => String(v ?? '').trim();
  const fields = {
    type: 'Loại thuê bao',
    package: 'Gói cước',
    packageCycle: 'Chu kỳ',
    state: 'Trạng thái',
    packageCanRegister: 'Gói có thể đăng ký',
  } as const;
  for (const [k, label] of Object.entries(fields))
    if (text(raw[k as keyof RawCustomerRow]).length > MAX_TEXT) return MSG.fieldTooLong(label);
  const date = (v: unknown): Date | null | undefined => (text(v) ? parseDateTime(text(v)) : null);
  const registerAt = date(raw.registerAt);
  if (registerAt === undefined) return MSG.registerAtInvalid;
  const expiredAt = date(raw.expiredAt);
  if (expiredAt === undefined) return MSG.expiredAtInvalid;
  if (registerAt && expiredAt && expiredAt < registerAt) return MSG.expiredBeforeRegister;
  return {
    phone,
    phone9: last9(phone),
    type: text(raw.type),
    package: text(raw.package),
    registerAt,
    expiredAt,
    packageCycle: text(raw.packageCycle),
    state: text(raw.state),
    packageCanRegister: text(raw.packageCanRegister),
  };
}
