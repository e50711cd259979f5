import { commissionPercent, computePayroll, unionFee, workingDayValue } from './payroll';
import { checkSettings, DEFAULT_SETTINGS } from './settings';

const S = DEFAULT_SETTINGS;

describe('payroll formulas (worked examples of services/payroll/README.md)', () => {
  it('a short month with commission at the second tier, bonuses, penalties and a clawback', () => {
    const p = computePayroll(
      {
        attendanceDays: 24,
        payrollRevenue: 25_000_000,
        packageValue: 30_000_000,
        clawback: 200_000,
        manual: { hoaHongDichVu: 300_000, thuongLeTet: 1_000_000, baoHiemXaHoi: 525_000, cheTaiKhac: 100_000, kyQuyTamUng: 2_000_000 },
      },
      S,
    );
    // 5,000,000 × 24 / 26 = 4,615,384.6 → 4,615,385; no attendance bonus below 26 days.
    expect(p.luongTheoNgayCong).toBe(4_615_385);
    expect(p.chuyenCan).toBe(0);
    expect(p.tongLuongCoBan).toBe(4_615_385);
    // 25,000,000 reaches the 20,000,000 tier: 8 % of all of it.
    expect(p.hoaHongPhanTram).toBe(8);
    expect(p.hoaHongThucTinh).toBe(2_000_000);
    expect(p.binhQuanDoanhThuTheoNgay).toBe(1_041_667);
    expect(p.tongThuongPhuCap).toBe(3_300_000);
    expect(p.tongLuongThang).toBe(7_915_385);
    // 1 % of 7,915,385 = 79,153.85 → 79,154 (under the 150,000 cap).
    expect(p.phiCongDoan).toBe(79_154);
    expect(p.tongCheTai).toBe(100_000);
    expect(p.tongKhauTru).toBe(525_000 + 79_154 + 100_000 + 200_000 + 2_000_000);
    expect(p.luongThucNhan).toBe(5_011_231);
    expect(p.tongDoanhThuGiaGoc).toBe(30_000_000);
  });

  it('days entered by hand win over the attendance sheet; a full month earns the attendance bonus, base pay capped at the standard days', () => {
    const p = computePayroll(
      { attendanceDays: 10, payrollRevenue: 60_000_000, packageValue: 0, clawback: 0, manual: { ngayCongThucTe: 27 } },
      S,
    );
    expect(p.ngayCongThucTe).toBe(27);
    expect(p.luongTheoNgayCong).toBe(5_000_000);
    expect(p.chuyenCan).toBe(500_000);
    expect(p.hoaHongPhanTram).toBe(10);
    expect(p.hoaHongThucTinh).toBe(6_000_000);
    expect(p.tongLuongThang).toBe(11_500_000);
    expect(p.phiCongDoan).toBe(115_000);
    expect(p.luongThucNhan).toBe(11_385_000);
  });

  it('no days, no revenue: nothing earned and nothing divided by zero', () => {
    const p = computePayroll({ attendanceDays: 0, payrollRevenue: 0, packageValue: 0, clawback: 0, manual: {} }, S);
    expect(p.luongTheoNgayCong).toBe(0);
    expect(p.binhQuanDoanhThuTheoNgay).toBe(0);
    expect(p.hoaHongPhanTram).toBe(5);
    expect(p.luongThucNhan).toBe(0);
  });

  it('union fee is 1 % of the gross pay, at most 150,000', () => {
    expect(unionFee(20_000_000, S)).toBe(150_000);
    expect(unionFee(15_000_000, S)).toBe(150_000);
    expect(unionFee(14_999_949, S)).toBe(149_999);
    expect(unionFee(0, S)).toBe(0);
  });

  it('commission percent is the highest tier reached', () => {
    expect(commissionPercent(19_999_999, S.hoa_hong)).toBe(5);
    expect(commissionPercent(20_000_000, S.hoa_hong)).toBe(8);
    expect(commissionPercent(50_000_000, S.hoa_hong)).toBe(10);
    expect(commissionPercent(1, [{ tu_doanh_thu: 1_000, phan_tram: 3 }])).toBe(0);
  });

  it('an attendance row is a full day from 8 hours, half a day from 4', () => {
    const at = (h: number, m = 0) => new Date(Date.UTC(2026, 10, 3, h - 7, m));
    expect(workingDayValue(at(8), at(17), S)).toBe(1);
    expect(workingDayValue(at(8), at(16), S)).toBe(1);
    expect(workingDayValue(at(8), at(15, 59), S)).toBe(0.5);
    expect(workingDayValue(at(8), at(11, 59), S)).toBe(0);
    expect(workingDayValue(at(8), undefined, S)).toBe(0);
  });
});

describe('payroll settings', () => {
  it('accepts the defaults and refuses tiers out of order or bad numbers', () => {
    expect(checkSettings(DEFAULT_SETTINGS)).toEqual(DEFAULT_SETTINGS);
    expect(() =>
      checkSettings({
        ...S,
        hoa_hong: [
          { tu_doanh_thu: 10, phan_tram: 1 },
          { tu_doanh_thu: 5, phan_tram: 2 },
        ],
      }),
    ).toThrow('Bậc hoa hồng');
    expect(() => checkSettings({ ...S, hoa_hong: [] })).toThrow('Bậc hoa hồng');
    expect(() => checkSettings({ ...S, ngay_cong_chuan: 0 })).toThrow('ngay_cong_chuan');
    expect(() => checkSettings({ ...S, luong_co_ban: -1 })).toThrow('luong_co_ban');
    expect(() => checkSettings({ ...S, gio_nua_cong: 9 })).toThrow('gio_nua_cong');
  });
});
