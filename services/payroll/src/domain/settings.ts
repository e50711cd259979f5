import { AppError } from '@cskh/kit';
import { MSG } from './messages';

/**
 * Every parameter of the payroll formulas (services/payroll/README.md "Payroll formulas"),
 * stored as one settings document and edited by priority below 3. The defaults are what the
 * service starts with until someone sets them.
 */
export interface CommissionTier {
  /** Monthly payroll revenue from which this tier applies (integer đồng). */
  tu_doanh_thu: number;
  phan_tram: number;
}

export interface PayrollSettings {
  /** Monthly base salary for a full month of standard working days (integer đồng). */
  luong_co_ban: number;
  /** Standard working days of a month. */
  ngay_cong_chuan: number;
  /** Attendance bonus, paid when the working days reach the standard. */
  muc_chuyen_can: number;
  /** Commission tiers on the month's payroll revenue, ascending. */
  hoa_hong: CommissionTier[];
  /** Union fee: percent of the gross monthly pay, capped. */
  phi_cong_doan_phan_tram: number;
  phi_cong_doan_toi_da: number;
  /** Hours between check-in and check-out that make a full / a half working day. */
  gio_du_cong: number;
  gio_nua_cong: number;
}

export const DEFAULT_SETTINGS: PayrollSettings = {
  luong_co_ban: 5_000_000,
  ngay_cong_chuan: 26,
  muc_chuyen_can: 500_000,
  hoa_hong: [
    { tu_doanh_thu: 0, phan_tram: 5 },
    { tu_doanh_thu: 20_000_000, phan_tram: 8 },
    { tu_doanh_thu: 50_000_000, phan_tram: 10 },
  ],
  phi_cong_doan_phan_tram: 1,
  phi_cong_doan_toi_da: 150_000,
  gio_du_cong: 8,
  gio_nua_cong: 4,
};

const bad = (field: string) => new AppError('VALIDATION', MSG.settingInvalid(field));

function money(v: unknown, field: string): number {
  const n = Number(v);
  if (!Number.isSafeInteger(n) || n < 0) throw bad(field);
  return n;
}

function number(v: unknown, field: string, min: number, max: number): number {
  const n = Number(v);
  if (!Number.isFinite(n) || n < min || n > max) throw bad(field);
  return n;
}

/** A settings document as sent (every field required) → checked settings. */
export function checkSettings(s: Partial<PayrollSettings>): PayrollSettings {
  const tiers = (s.hoa_hong ?? []).map((t) => ({ tu_doanh_thu: Number(t.tu_doanh_thu), phan_tram: Number(t.phan_tram) }));
  const tiersOk =
    tiers.length > 0 &&
    tiers.every(
      (t, i) =>
        Number.isSafeInteger(t.tu_doanh_thu) &&
        t.tu_doanh_thu >= 0 &&
        Number.isFinite(t.phan_tram) &&
        t.phan_tram >= 0 &&
        t.phan_tram <= 100 &&
        (i === 0 || t.tu_doanh_thu > tiers[i - 1].tu_doanh_thu),
    );
  if (!tiersOk) throw new AppError('VALIDATION', MSG.tiersInvalid);
  const out: PayrollSettings = {
    luong_co_ban: money(s.luong_co_ban, 'luong_co_ban'),
    ngay_cong_chuan: number(s.ngay_cong_chuan, 'ngay_cong_chuan', 1, 31),
    muc_chuyen_can: money(s.muc_chuyen_can, 'muc_chuyen_can'),
    hoa_hong: tiers,
    phi_cong_doan_phan_tram: number(s.phi_cong_doan_phan_tram, 'phi_cong_doan_phan_tram', 0, 100),
    phi_cong_doan_toi_da: money(s.phi_cong_doan_toi_da, 'phi_cong_doan_toi_da'),
    gio_du_cong: number(s.gio_du_cong, 'gio_du_cong', 0.5, 24),
    gio_nua_cong: number(s.gio_nua_cong, 'gio_nua_cong', 0, 24),
  };
  if (out.gio_nua_cong > out.gio_du_cong) throw bad('gio_nua_cong');
  return out;
}
