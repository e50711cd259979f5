/**
 * The card gateways' top-up API (spec 2 §3 `cong_nap_the`, `cong_nap_the_1`), simulated: the
 * partner side of services/refunds/src/clients/partner.ts.
 *
 *   POST /api/v1/partner/{cong_nap_the|cong_nap_the_1}/topup   Idempotency-Key: <request id>
 *   { request_id, phone, amount, kind: 'refund' | 'topup', package }
 *   → 200 { status: 'SUCCESS' | 'PENDING', code, message }
 *   → 422 { status: 'REFUSED', code, message }          (the partner says no: nothing paid)
 *   → 400 { error }                                     (no key, unknown gateway: not a decision)
 *
 * Outcomes are fixed per phone (its last digit) so tests and a person trying the embedded run know
 * what will happen:
 *   - 7: refused, "Thuê bao đang bị khóa, không nạp được tiền" (code 17);
 *   - 6: accepted, pending ("Đã nhận yêu cầu, đang chờ xử lý");
 *   - 8: the top-up is paid but the first answer never comes (the call hangs past the caller's
 *        deadline); asked again with the same key, the partner answers that first result;
 *   - anything else: paid, SUCCESS.
 * Idempotency: the first decision per (gateway, key) is remembered and answered to every retry, so
 * a retried top-up never pays twice (`paid` counts what was actually paid per key).
 */
import { last9 } from '@cskh/kit';

export const PARTNER_GATEWAYS = ['cong_nap_the', 'cong_nap_the_1'] as const;

export type PartnerOutcome = 'SUCCESS' | 'PENDING' | 'REFUSED';

export interface PartnerResult {
  status: PartnerOutcome;
  code: number;
  message: string;
}

/** What the server does with one call: answer (HTTP status + body), or hold the socket open. */
export type PartnerReply = { hold: true } | { hold: false; httpStatus: number; body: PartnerResult | { error: string } };

export interface PartnerTopUp {
  gateway: string;
  key: string;
  phone: string;
  amount: number;
  kind: string;
  package: string;
  result: PartnerResult;
  /** Times the call was made with this key (the first and every retry). */
  calls: number;
  /** Times money was actually sent: 0 or 1, whatever the retries. */
  paid: number;
  at: string;
}

const refused = (code: number, message: string): PartnerReply => ({
  hold: false,
  httpStatus: 422,
  body: { status: 'REFUSED', code, message },
});
const badRequest = (error: string): PartnerReply => ({ hold: false, httpStatus: 400, body: { error } });

/** The decision for a new key: by the phone's last digit (see the file comment). */
export function decide(phone: string, amount: number): { result: PartnerResult; hangFirst: boolean } {
  const last = phone.slice(-1);
  if (last === '7')
    return { result: { status: 'REFUSED', code: 17, message: 'Thuê bao đang bị khóa, không nạp được tiền' }, hangFirst: false };
  if (last === '6') return { result: { status: 'PENDING', code: 1, message: 'Đã nhận yêu cầu, đang chờ xử lý' }, hangFirst: false };
  const money = new Intl.NumberFormat('vi-VN').format(amount);
  return { result: { status: 'SUCCESS', code: 0, message: `Nạp thành công ${money} đ cho thuê bao ${phone}` }, hangFirst: last === '8' };
}

export class PartnerDesk {
  private readonly byKey = new Map<string, PartnerTopUp>();

  constructor(private readonly now: () => number = Date.now) {}

  topUp(gateway: string, key: unknown, body: Record<string, unknown>): PartnerReply {
    if (!(PARTNER_GATEWAYS as readonly string[]).includes(gateway)) return badRequest('Không có cổng nạp thẻ này');
    const k = typeof key === 'string' ? key.trim() : '';
    if (!k || k.length > 200) return badRequest('Thiếu Idempotency-Key');
    const known = this.byKey.get(`${gateway}\n${k}`);
    if (known) {
      // A retry: the first decision stands and nothing is paid again.
      known.calls++;
      return this.answer(known.result);
    }
    const phone = last9(String(body.phone ?? ''));
    if (phone.length !== 9) return refused(11, 'Số thuê bao không hợp lệ');
    const amount = body.amount;
    if (typeof amount !== 'number' || !Number.isSafeInteger(amount) || amount <= 0) return refused(12, 'Số tiền nạp không hợp lệ');
    const { result, hangFirst } = decide(phone, amount);
    const record: PartnerTopUp = {
      gateway,
      key: k,
      phone,
      amount,
      kind: String(body.kind ?? ''),
      package: String(body.package ?? ''),
      result,
      calls: 1,
      paid: result.status === 'REFUSED' ? 0 : 1,
      at: new Date(this.now()).toISOString(),
    };
    this.byKey.set(`${gateway}\n${k}`, record);
    return hangFirst ? { hold: true } : this.answer(result);
  }

  /** The top-up made under a key, if any (the admin page, and tests counting payments). */
  find(gateway: string, key: string): PartnerTopUp | undefined {
    return this.byKey.get(`${gateway}\n${key}`);
  }

  private answer(result: PartnerResult): PartnerReply {
    return result.status === 'REFUSED' ? refused(result.code, result.message) : { hold: false, httpStatus: 200, body: result };
  }
}
