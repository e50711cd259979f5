import { last9, parseDateTime, vnDisplayDay } from '@cskh/kit';
import type { events_v1_refunds } from '@cskh/proto';

/**
 * Which refund request a bank transfer belongs to (spec 1 §3 lists the refund fields
 * the bank export reads, without saying how a transfer finds its request). Our rule, the one the
 * accountants reconcile by: the customer pays a discount top-up with the transfer note
 * '0' + last 9 digits + ' ' + PACKAGE, and staff fill the message's phone and package from it. So
 * a message belongs to a refund request of
 *   - the same subscriber (last 9 digits of the message's phone; a message without one has none),
 *   - the same package (case and spaces ignored) when the message names one,
 *   - not deleted;
 * and of several, the one whose amount due (`transfer_final_amount`) equals the amount transferred,
 * then one created before the transfer (one pays for what was asked), then the newest.
 */
export interface RefundRef {
  request_id: string;
  phone9: string;
  package_key: string;
  request_type: number;
  request_method: number;
  refund_price: number;
  transfer_final_amount: number;
  ti_le_chiet_khau: number;
  trang_thai_truy_thu_hoan_theo_goi: string;
  trang_thai_truy_thu_hoan_them: string;
  created_time: Date;
}

export const packageKey = (pkg: unknown) =>
  String(pkg ?? '')
    .replace(/\s+/g, '')
    .toUpperCase();

export interface TransferForMatch {
  so_dien_thoai: string;
  goi_cuoc: string;
  money: string | number;
  datetime: Date;
}

/** The refund request this transfer belongs to, if any (see the file comment). */
export function refundFor<R extends RefundRef>(m: TransferForMatch, candidates: readonly R[]): R | undefined {
  const phone = last9(m.so_dien_thoai);
  if (phone.length !== 9) return undefined;
  const pkg = packageKey(m.goi_cuoc);
  const money = Number(m.money);
  const at = m.datetime.getTime();
  const rank = (r: R): [number, number, number] => [
    Number(r.transfer_final_amount) === money ? 1 : 0,
    r.created_time.getTime() <= at ? 1 : 0,
    r.created_time.getTime(),
  ];
  let best: R | undefined;
  let bestRank: [number, number, number] | undefined;
  for (const r of candidates) {
    if (r.phone9 !== phone || (pkg && r.package_key !== pkg)) continue;
    const k = rank(r);
    if (!bestRank || k[0] > bestRank[0] || (k[0] === bestRank[0] && (k[1] > bestRank[1] || (k[1] === bestRank[1] && k[2] > bestRank[2])))) {
      best = r;
      bestRank = k;
    }
  }
  return best;
}

/** What the read model stores of a cskh.refunds.changed (the latest version wins; a deletion stays as a tombstone). */
export function refundRefOf(e: events_v1_refunds.RefundChanged): RefundRef & { version: number; deleted: boolean } {
  return {
    request_id: e.request_id,
    version: Number(e.version),
    deleted: !!e.deleted,
    phone9: last9(e.phone),
    package_key: packageKey(e.package_code),
    request_type: e.request_type,
    request_method: e.request_method,
    refund_price: Number(e.refund_price),
    transfer_final_amount: Number(e.transfer_final_amount),
    ti_le_chiet_khau: Number(e.ti_le_chiet_khau),
    trang_thai_truy_thu_hoan_theo_goi: e.trang_thai_truy_thu_hoan_theo_goi ?? '',
    trang_thai_truy_thu_hoan_them: e.trang_thai_truy_thu_hoan_them ?? '',
    created_time: parseDateTime(e.created_time) ?? new Date(0),
  };
}

/** The creation day of a request as the refund screen's date filter takes it (DD/MM/YYYY, Vietnam). */
export const refundDay = (r: Pick<RefundRef, 'created_time'>) => vnDisplayDay(r.created_time);
