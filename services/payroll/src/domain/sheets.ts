import { parseDateTime, vnIsoDay } from '@cskh/kit';
import { MSG } from './messages';
import { monthOf } from './month';
import { EDITABLE_FIELDS, EditableField, ManualInputs, workingDayValue } from './payroll';
import type { PayrollSettings } from './settings';

/**
 * The two payroll sheets (spec 2 §3): attendance (username, check-in in column 5, check-out in
 * column 6: one row per person and day) and manual data (username then the fifteen editable
 * fields in order). Rows are checked here; a blank manual cell leaves the stored value alone.
 */
export interface AttendanceEntry {
  username: string;
  /** YYYY-MM-DD (Vietnam) of the check-in. */
  day: string;
  month: string;
  gio_vao: Date;
  gio_ra: Date | undefined;
  cong: number;
}

export function parseAttendance(
  raw: { username?: string; gioVao?: string; gioRa?: string },
  settings: Pick<PayrollSettings, 'gio_du_cong' | 'gio_nua_cong'>,
  month?: string,
): AttendanceEntry | string {
  const username = String(raw.username ?? '').trim();
  if (!username) return MSG.staffRequired;
  const checkIn = parseDateTime(raw.gioVao);
  if (!checkIn) return MSG.checkInInvalid;
  const outText = String(raw.gioRa ?? '').trim();
  const checkOut = outText ? parseDateTime(outText) : undefined;
  if (outText && !checkOut) return MSG.checkOutInvalid;
  if (checkOut && checkOut.getTime() <= checkIn.getTime()) return MSG.checkOutBeforeIn;
  const m = monthOf(checkIn);
  if (month && m !== month) return MSG.checkInOtherMonth(`${month.slice(5)}/${month.slice(0, 4)}`);
  return {
    username,
    day: vnIsoDay(checkIn),
    month: m,
    gio_vao: checkIn,
    gio_ra: checkOut,
    cong: workingDayValue(checkIn, checkOut, settings),
  };
}

const FIELD_NAMES: Record<EditableField, string> = {
  ngayCongThucTe: 'Ngày công thực tế',
  luongHocViec: 'Lương học việc',
  hoaHongDichVu: 'Hoa hồng dịch vụ',
  hoaHongSim: 'Hoa hồng sim',
  thiDuaThang: 'Thi đua tháng',
  thuongKhuyenKhich: 'Thưởng khuyến khích',
  thuongLeTet: 'Thưởng lễ tết',
  hoTroBaoHiemXaHoi: 'Hỗ trợ bảo hiểm xã hội',
  nhanKhac: 'Nhận khác',
  baoHiemXaHoi: 'Bảo hiểm xã hội',
  cheTaiSaiNoiQuyCongTy: 'Chế tài sai nội quy công ty',
  cheTaiSaiNghiepVu: 'Chế tài sai nghiệp vụ',
  cheTaiKhieuNai: 'Chế tài khiếu nại',
  cheTaiKhac: 'Chế tài khác',
  kyQuyTamUng: 'Ký quỹ tạm ứng',
};

/** One editable value as typed or sent: days in halves 0–31, money a whole non-negative đồng. */
export function editableValue(field: EditableField, v: unknown): number | string {
  if (field === 'ngayCongThucTe') {
    const n = Number(String(v).trim().replace(',', '.'));
    if (!Number.isFinite(n) || n < 0 || n > 31 || Math.round(n * 2) !== n * 2) return MSG.daysInvalid;
    return n;
  }
  const text =
    typeof v === 'number'
      ? String(v)
      : String(v)
          .trim()
          .replace(/[.,\s]/g, '');
  if (!/^\d{1,13}$/.test(text)) return MSG.amountInvalid(FIELD_NAMES[field]);
  return Number(text);
}

/** The fields present in a request or a sheet row, checked (blank / absent = unchanged). */
export function manualInputs(raw: Partial<Record<EditableField, unknown>>): ManualInputs | string {
  const out: ManualInputs = {};
  for (const f of EDITABLE_FIELDS) {
    const v = raw[f];
    if (v === undefined || v === null || (typeof v === 'string' && v.trim() === '')) continue;
    const parsed = editableValue(f, v);
    if (typeof parsed === 'string') return parsed;
    out[f] = parsed;
  }
  return out;
}

export function parseManualRow(
  raw: { username?: string } & Partial<Record<EditableField, unknown>>,
): { username: string; manual: ManualInputs } | string {
  const username = String(raw.username ?? '').trim();
  if (!username) return MSG.staffRequired;
  const manual = manualInputs(raw);
  return typeof manual === 'string' ? manual : { username, manual };
}
