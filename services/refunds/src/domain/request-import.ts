import { AppError } from '@cskh/kit';
import { MSG, RMSG } from './messages';
import {
  checkAmount,
  checkNumberType,
  checkPhone,
  CREATE_METHODS,
  CREATE_TYPES,
  POSTPAID,
  PREPAID,
  requireFilled,
  TOP_UP,
} from './requests';

/** One sheet row of the request import as the browser sends it (the proto's ImportRequestRow). */
export interface ImportRowInput {
  staff_username?: string;
  number_phone?: string;
  number_type?: string;
  package_code?: string;
  request_type?: string;
  request_method?: string;
  refund_price?: number;
  other_refund?: number;
  other_reason?: string;
}

/** A row the import can make a request of. */
export interface ImportedRequest {
  staff: { username: string; fullname: string };
  phone: string;
  numberType: number;
  pkg: string;
  type: number;
  method: number;
  amount: number;
  otherRefund: number;
  reason: string;
}

/** Lower case without marks or spaces: 'Trả trước', 'tra truoc' and 'TRATRUOC' are one word. */
const fold = (s: unknown) =>
  String(s ?? '')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/đ/gi, 'd')
    .replace(/\s+/g, '')
    .toLowerCase();

const NUMBER_TYPES: Record<string, number> = {
  mc: PREPAID,
  tratruoc: PREPAID,
  '1': PREPAID,
  mg: POSTPAID,
  trasau: POSTPAID,
  '2': POSTPAID,
};
const REQUEST_TYPES: Record<string, number> = {
  hoantruoc: 1,
  hoansau: 2,
  hoanthem: 4,
  naptien: TOP_UP,
  '1': 1,
  '2': 2,
  '4': 4,
  '5': TOP_UP,
};
/** The methods the creation dialog offers (renewal, G1–G3), by label or number. */
const METHODS: Record<string, number> = { giahan: 1, g1: 10, g2: 11, g3: 12, nangcapg1: 10, nangcapg2: 11, nangcapg3: 12 };
for (const m of CREATE_METHODS) METHODS[String(m)] = m;

/**
 * Reads one import row under the rules of the dialogs (spec 2 §5): phone, subscriber type, package
 * and request required; a package refund (Hoàn trước, Hoàn sau, Hoàn thêm) names a method the
 * dialog offers and takes its amount from the price list, so its package must be listed there; a
 * top-up ('Nạp tiền') names an amount and no method. The staff member is the one named (active),
 * else the importer. Throws the row's reason in Vietnamese.
 */
export function parseImportRow(
  raw: ImportRowInput,
  lookup: {
    importer: { username: string; fullname: string };
    staff: (username: string) => { username: string; fullname: string } | undefined;
    listedPackage: (pkg: string) => string | undefined;
  },
): ImportedRequest {
  requireFilled(raw.number_phone, raw.number_type, raw.package_code, raw.request_type);
  const phone = checkPhone(raw.number_phone);
  const numberType = NUMBER_TYPES[fold(raw.number_type)];
  if (!numberType) throw new AppError('VALIDATION', RMSG.importNumberType);
  checkNumberType(numberType);
  const type = REQUEST_TYPES[fold(raw.request_type)];
  if (!type) throw new AppError('VALIDATION', RMSG.importRequestType);
  const wanted = String(raw.staff_username ?? '').trim();
  const staff = wanted ? lookup.staff(wanted) : lookup.importer;
  if (!staff) throw new AppError('VALIDATION', RMSG.assignStaffInactive(wanted));
  const reason = String(raw.other_reason ?? '').trim();
  const otherRefund = checkAmount(raw.other_refund ?? 0);
  const pkgTyped = String(raw.package_code).trim();
  const methodTyped = fold(raw.request_method);
  if (type === TOP_UP) {
    if (methodTyped) throw new AppError('VALIDATION', RMSG.importMethodOnTopUp);
    if (!raw.refund_price) throw new AppError('VALIDATION', RMSG.importTopUpAmount);
    return {
      staff,
      phone,
      numberType,
      pkg: pkgTyped,
      type,
      method: 0,
      amount: checkAmount(raw.refund_price, true),
      otherRefund: 0,
      reason: '',
    };
  }
  if (!CREATE_TYPES.includes(type)) throw new AppError('VALIDATION', RMSG.importRequestType);
  const method = METHODS[methodTyped];
  if (!method) throw new AppError('VALIDATION', RMSG.importMethod);
  const pkg = lookup.listedPackage(pkgTyped);
  if (!pkg) throw new AppError('PRECONDITION', MSG.packageNotFound(pkgTyped));
  return { staff, phone, numberType, pkg, type, method, amount: 0, otherRefund, reason };
}
