/**
 * The carrier's package-invitation APIs, simulated (spec 2 §3 "OTP request/confirm/renew payloads",
 * §4 "OTP flow"): request a one-time code for (phone, package, channel), confirm it, or register /
 * renew directly. Outcomes are fixed per phone so that tests and a person trying the embedded run
 * know what will happen:
 *   - last digit 0: the OTP request is refused (not eligible for the package);
 *   - last digit 9: the registration is answered REGISTER_FAIL (not enough balance);
 *   - anything else: the code is sent and the registration succeeds.
 * The code sent last to a phone is kept for the admin page (GET /__admin/otp/{phone}).
 */
import { last9 } from '@cskh/kit';
import { prng, seedFor } from './data';

/** Which field carries the transaction id, per confirmation-code channel. */
export const TRANS_ID_FIELD: Record<string, 'transIdGetOtp' | 'transactionNo' | 'orderCode'> = {
  ma_xac_nhan_1: 'transIdGetOtp',
  ma_xac_nhan_2: 'transactionNo',
  ma_xac_nhan_3: 'orderCode',
  ma_xac_nhan_4: 'transIdGetOtp',
};

export const OTP_TTL_MS = 5 * 60_000;
export const OTP_MAX_ATTEMPTS = 3;

export class InviteError extends Error {
  constructor(
    readonly status: number,
    msg: string,
  ) {
    super(msg);
  }
}

/** A package's price in đồng: its trailing number in thousands (MXH120 → 120,000), else 50,000. */
export function packagePrice(pkg: string): number {
  const m = /(\d+)\D*$/.exec(pkg);
  return m ? Number(m[1]) * 1000 : 50_000;
}

export interface SentOtp {
  phone: string;
  code: string;
  package: string;
  type: string;
  transId: string;
  sentAt: string;
  expiresAtMs: number;
  attempts: number;
  used: boolean;
}

export interface RegistrationAnswer {
  msisdn: string;
  packCode: string;
  packPrice: number;
  requestType: 'DK' | 'GIAHAN';
  resultCodeMO: 'REGISTER_SUCCESS' | 'REGISTER_FAIL';
  resultDesMO: string;
  resultDesMt: string;
  genDate: string;
}

const need = (v: unknown, what: string): string => {
  const s = typeof v === 'string' ? v.trim() : '';
  if (!s) throw new InviteError(400, `Thiếu ${what}`);
  return s;
};

const phoneOf = (v: unknown): string => {
  const p = last9(need(v, 'số thuê bao'));
  if (p.length !== 9) throw new InviteError(400, 'Số thuê bao không hợp lệ');
  return p;
};

export class InviteDesk {
  private readonly byTrans = new Map<string, SentOtp>();
  private readonly lastByPhone = new Map<string, SentOtp>();
  private serial = 0;

  constructor(private readonly now: () => number = Date.now) {}

  requestOtp(body: { type?: unknown; phone?: unknown; package?: unknown }): Record<string, string> {
    const type = need(body.type, 'kênh mời');
    const field = TRANS_ID_FIELD[type];
    if (!field) throw new InviteError(400, 'Kênh mời không hợp lệ');
    const phone = phoneOf(body.phone);
    const pkg = need(body.package, 'gói cước').toUpperCase();
    if (phone.endsWith('0')) throw new InviteError(422, 'Thuê bao không đủ điều kiện đăng ký gói cước');
    this.serial += 1;
    const rnd = prng(seedFor(phone, `otp:${this.serial}`));
    const code = String(Math.floor(rnd() * 1e6)).padStart(6, '0');
    const transId = `${field.toUpperCase().slice(0, 3)}${this.now().toString(36)}${this.serial}`;
    const sent: SentOtp = {
      phone,
      code,
      package: pkg,
      type,
      transId,
      sentAt: new Date(this.now()).toISOString(),
      expiresAtMs: this.now() + OTP_TTL_MS,
      attempts: 0,
      used: false,
    };
    this.byTrans.set(transId, sent);
    this.lastByPhone.set(phone, sent);
    return { [field]: transId, message: 'Đã gửi mã OTP' };
  }

  confirm(body: {
    type?: unknown;
    otp?: unknown;
    package?: unknown;
    phone?: unknown;
    transIdGetOtp?: unknown;
    transactionNo?: unknown;
    orderCode?: unknown;
  }): RegistrationAnswer {
    const phone = phoneOf(body.phone);
    const otp = need(body.otp, 'mã OTP');
    const transId = [body.transIdGetOtp, body.transactionNo, body.orderCode].find((v) => typeof v === 'string' && v.trim()) as
      string | undefined;
    const sent = transId ? this.byTrans.get(transId.trim()) : undefined;
    if (!sent || sent.used || sent.phone !== phone || sent.expiresAtMs < this.now())
      throw new InviteError(400, 'Giao dịch OTP không tồn tại hoặc đã hết hạn');
    if (sent.attempts >= OTP_MAX_ATTEMPTS) throw new InviteError(400, 'Nhập sai mã OTP quá số lần cho phép');
    sent.attempts += 1;
    if (otp !== sent.code) throw new InviteError(400, 'Mã OTP không đúng');
    sent.used = true;
    return this.answer(phone, sent.package, 'DK');
  }

  register(body: { type?: unknown; phone?: unknown; package?: unknown; command?: unknown }): RegistrationAnswer {
    const phone = phoneOf(body.phone);
    const pkg = need(body.package, 'gói cước').toUpperCase();
    const command = need(body.command, 'lệnh').toUpperCase();
    if (command !== 'DK' && command !== 'GIAHAN') throw new InviteError(400, 'Lệnh phải là DK hoặc GIAHAN');
    return this.answer(phone, pkg, command);
  }

  lastOtp(phone: string): SentOtp | undefined {
    return this.lastByPhone.get(last9(phone));
  }

  private answer(phone: string, pkg: string, requestType: 'DK' | 'GIAHAN'): RegistrationAnswer {
    const ok = !phone.endsWith('9');
    return {
      msisdn: `84${phone}`,
      packCode: pkg,
      packPrice: packagePrice(pkg),
      requestType,
      resultCodeMO: ok ? 'REGISTER_SUCCESS' : 'REGISTER_FAIL',
      resultDesMO: ok ? `Đăng ký gói ${pkg} thành công` : 'Thuê bao không đủ tiền để đăng ký gói cước',
      resultDesMt: ok ? `Quý khách đã đăng ký thành công gói ${pkg}` : `Quý khách đăng ký gói ${pkg} không thành công`,
      genDate: new Date(this.now()).toISOString(),
    };
  }
}
