import type { CommissionTier, PayrollSettings } from './settings';

/**
 * The payroll formulas (spec 2 §3 "Payroll row" names the columns; the formulas are ours, written
 * down in services/payroll/README.md so an accountant can check a payslip by hand). Money is
 * integer đồng; every rounding is to the nearest đồng, once, where the README says.
 */

/** The fifteen editable fields (spec 2 §3), in the manual-data sheet's order. */
export const EDITABLE_FIELDS = [
  'ngayCongThucTe',
  'luongHocViec',
  'hoaHongDichVu',
  'hoaHongSim',
  'thiDuaThang',
  'thuongKhuyenKhich',
  'thuongLeTet',
  'hoTroBaoHiemXaHoi',
  'nhanKhac',
  'baoHiemXaHoi',
  'cheTaiSaiNoiQuyCongTy',
  'cheTaiSaiNghiepVu',
  'cheTaiKhieuNai',
  'cheTaiKhac',
  'kyQuyTamUng',
] as const;
export type EditableField = (typeof EDITABLE_FIELDS)[number];
export type ManualInputs = Partial<Record<EditableField, number>>;

/** What the server gathers for one staff member and month. */
export interface PayrollInputs {
  /** Working days from the attendance sheet (used unless ngayCongThucTe was entered by hand). */
  attendanceDays: number;
  /** Σ payroll revenue of the month's reconciled records (after refunds, at each record's ratio). */
  payrollRevenue: number;
  /** Σ package value of the month's successful records. */
  packageValue: number;
  /** Clawbacks due from the staff member this month (refunds marked truy_thu, revoked orders). */
  clawback: number;
  manual: ManualInputs;
}

export interface PayrollAmounts {
  ngayCongThucTe: number;
  luongCoBan: number;
  luongTheoNgayCong: number;
  luongHocViec: number;
  chuyenCan: number;
  tongLuongCoBan: number;
  tongDoanhThuVasTinhLuong: number;
  tongDoanhThuGiaGoc: number;
  binhQuanDoanhThuTheoNgay: number;
  hoaHongPhanTram: number;
  hoaHongThucTinh: number;
  hoaHongDichVu: number;
  hoaHongSim: number;
  thiDuaThang: number;
  thuongKhuyenKhich: number;
  thuongLeTet: number;
  hoTroBaoHiemXaHoi: number;
  nhanKhac: number;
  tongThuongPhuCap: number;
  tongLuongThang: number;
  baoHiemXaHoi: number;
  phiCongDoan: number;
  cheTaiSaiNoiQuyCongTy: number;
  cheTaiSaiNghiepVu: number;
  cheTaiKhieuNai: number;
  cheTaiKhac: number;
  tongCheTai: number;
  truyThuSauChietKhau: number;
  kyQuyTamUng: number;
  tongKhauTru: number;
  luongThucNhan: number;
}

/** A row with every amount 0 (what the sheet shows while 'Đang tính toán...'). */
export const ZERO_AMOUNTS: PayrollAmounts = Object.fromEntries(
  [
    'ngayCongThucTe',
    'luongCoBan',
    'luongTheoNgayCong',
    'luongHocViec',
    'chuyenCan',
    'tongLuongCoBan',
    'tongDoanhThuVasTinhLuong',
    'tongDoanhThuGiaGoc',
    'binhQuanDoanhThuTheoNgay',
    'hoaHongPhanTram',
    'hoaHongThucTinh',
    'hoaHongDichVu',
    'hoaHongSim',
    'thiDuaThang',
    'thuongKhuyenKhich',
    'thuongLeTet',
    'hoTroBaoHiemXaHoi',
    'nhanKhac',
    'tongThuongPhuCap',
    'tongLuongThang',
    'baoHiemXaHoi',
    'phiCongDoan',
    'cheTaiSaiNoiQuyCongTy',
    'cheTaiSaiNghiepVu',
    'cheTaiKhieuNai',
    'cheTaiKhac',
    'tongCheTai',
    'truyThuSauChietKhau',
    'kyQuyTamUng',
    'tongKhauTru',
    'luongThucNhan',
  ].map((k) => [k, 0]),
) as unknown as PayrollAmounts;

/** Working-day value of one attendance row: full day, half day or nothing, by hours present. */
export function workingDayValue(
  checkIn: Date | undefined,
  checkOut: Date | undefined,
  s: Pick<PayrollSettings, 'gio_du_cong' | 'gio_nua_cong'>,
): number {
  if (!checkIn || !checkOut) return 0;
  const hours = (checkOut.getTime() - checkIn.getTime()) / 3_600_000;
  if (hours >= s.gio_du_cong) return 1;
  if (hours >= s.gio_nua_cong && s.gio_nua_cong > 0) return 0.5;
  return 0;
}

/** The commission percent of the highest tier the revenue reaches (the whole revenue at that rate). */
export function commissionPercent(revenue: number, tiers: readonly CommissionTier[]): number {
  let pct = 0;
  for (const t of tiers) if (revenue >= t.tu_doanh_thu) pct = t.phan_tram;
  return pct;
}

/** Union fee: a percent of the gross monthly pay, at most the cap (spec label '1% - Max 150k'). */
export function unionFee(grossPay: number, s: Pick<PayrollSettings, 'phi_cong_doan_phan_tram' | 'phi_cong_doan_toi_da'>): number {
  if (grossPay <= 0) return 0;
  return Math.min(Math.round((grossPay * s.phi_cong_doan_phan_tram) / 100), s.phi_cong_doan_toi_da);
}

/** One payslip from its inputs and the settings. */
export function computePayroll(input: PayrollInputs, s: PayrollSettings): PayrollAmounts {
  const m = (k: EditableField) => input.manual[k] ?? 0;
  const days = input.manual.ngayCongThucTe ?? input.attendanceDays;
  const luongCoBan = s.luong_co_ban;
  const luongTheoNgayCong = Math.round((luongCoBan * Math.min(days, s.ngay_cong_chuan)) / s.ngay_cong_chuan);
  const chuyenCan = days >= s.ngay_cong_chuan ? s.muc_chuyen_can : 0;
  const luongHocViec = m('luongHocViec');
  const tongLuongCoBan = luongTheoNgayCong + luongHocViec + chuyenCan;

  const revenue = input.payrollRevenue;
  const hoaHongPhanTram = commissionPercent(revenue, s.hoa_hong);
  const hoaHongThucTinh = Math.round((revenue * hoaHongPhanTram) / 100);
  const bonuses = {
    hoaHongDichVu: m('hoaHongDichVu'),
    hoaHongSim: m('hoaHongSim'),
    thiDuaThang: m('thiDuaThang'),
    thuongKhuyenKhich: m('thuongKhuyenKhich'),
    thuongLeTet: m('thuongLeTet'),
    hoTroBaoHiemXaHoi: m('hoTroBaoHiemXaHoi'),
    nhanKhac: m('nhanKhac'),
  };
  const tongThuongPhuCap = hoaHongThucTinh + Object.values(bonuses).reduce((a, b) => a + b, 0);
  const tongLuongThang = tongLuongCoBan + tongThuongPhuCap;

  const penalties = {
    cheTaiSaiNoiQuyCongTy: m('cheTaiSaiNoiQuyCongTy'),
    cheTaiSaiNghiepVu: m('cheTaiSaiNghiepVu'),
    cheTaiKhieuNai: m('cheTaiKhieuNai'),
    cheTaiKhac: m('cheTaiKhac'),
  };
  const tongCheTai = Object.values(penalties).reduce((a, b) => a + b, 0);
  const baoHiemXaHoi = m('baoHiemXaHoi');
  const phiCongDoan = unionFee(tongLuongThang, s);
  const kyQuyTamUng = m('kyQuyTamUng');
  const truyThuSauChietKhau = input.clawback;
  const tongKhauTru = baoHiemXaHoi + phiCongDoan + tongCheTai + truyThuSauChietKhau + kyQuyTamUng;

  return {
    ngayCongThucTe: days,
    luongCoBan,
    luongTheoNgayCong,
    luongHocViec,
    chuyenCan,
    tongLuongCoBan,
    tongDoanhThuVasTinhLuong: revenue,
    tongDoanhThuGiaGoc: input.packageValue,
    binhQuanDoanhThuTheoNgay: days > 0 ? Math.round(revenue / days) : 0,
    hoaHongPhanTram,
    hoaHongThucTinh,
    ...bonuses,
    tongThuongPhuCap,
    tongLuongThang,
    baoHiemXaHoi,
    phiCongDoan,
    ...penalties,
    tongCheTai,
    truyThuSauChietKhau,
    kyQuyTamUng,
    tongKhauTru,
    luongThucNhan: tongLuongThang - tongKhauTru,
  };
}
