/**
 * The export files built outside the generic list: DA-XU-LY-{file} of the three scan
 * screens, DANH-SACH-TRUY-THU and Bao-cao-dang-ky-9279 are headed in Vietnamese and hold no raw
 * code or ISO date. Every export through the list screens is opened in test/exports.browser.test.ts.
 */
import { exportCell } from '../list/exportExcel';
import { isFieldNameHeader, isRawValue } from '../list/rawCodes';
import type { ColumnDef, Row } from '../list/types';
import { exportColumns } from './dataops/scanExport';
import { r9279ExportColumns } from './orders/export9279';
import { CLAWBACK_COLUMNS } from './refunds/clawback';
import { channelLabel, plainStaffLabel } from './payroll/rules';

const header = (c: ColumnDef<any>) => (c.export && c.export.header) || c.headerName;
const cells = (cols: ColumnDef<any>[], rows: Row[]) =>
  rows.flatMap((r, i) => cols.filter((c) => c.export !== false).map((c) => exportCell(c as ColumnDef, r, i)));

const scanRows: Row[] = [
  {
    PhoneNumber: '0912345678',
    FileName: 'quet.xlsx',
    NumberType: 'MC',
    NumberCurrentPackage: 'MXH120',
    NumberPackageRegisterDate: '2026-10-20',
    NumberPackageRegisterExpire: '2026-11-19',
    CurrentCycle: 2,
    NumberFreeCycleLeft: 1,
    NumberStatus: 'ACTIVE',
    Status: 'DA_QUET',
    dtct: 'MXH120,V90',
    ngay_upload: '2026-11-20T10:15:00+07:00',
  },
  {
    PhoneNumber: '0912345679',
    FileName: 'quet.xlsx',
    NumberStatus: 'KHONG_CO_GOI',
    Status: 'DA_QUET',
    ngay_upload: '2026-11-20T10:15:00+07:00',
  },
  {
    PhoneNumber: '0912345670',
    FileName: 'quet.xlsx',
    NumberStatus: 'Thuê bao không tồn tại',
    Status: 'LOI',
    ngay_upload: '2026-11-20T10:15:00+07:00',
  },
  {
    PhoneNumber: '0912345671',
    FileName: 'quet.xlsx',
    NumberStatus: 'CO_DTCT',
    Status: 'DA_QUET',
    dtct: 'V90',
    ngay_upload: '2026-11-20T10:15:00+07:00',
  },
];

describe('export columns built outside the list screens', () => {
  it.each(['quetdata', 'quetdatakhonggoi', 'quetdtct'] as const)(
    'DA-XU-LY of %s: Vietnamese headers, codes in words, dates as the screen shows them',
    (kind) => {
      const cols = exportColumns(kind);
      expect(cols.map(header).filter(isFieldNameHeader)).toEqual([]);
      const values = cells(cols, scanRows);
      expect(values.filter((v) => isRawValue(v))).toEqual([]);
      expect(values).toContain('Đã quét');
      expect(values).toContain('Lỗi');
    },
  );

  it('DA-XU-LY of quetdata: the spec columns in order, the status words and DD-MM-YYYY dates', () => {
    const cols = exportColumns('quetdata');
    expect(cols.map(header)).toEqual([
      'Số điện thoại',
      'Loại thuê bao',
      'Gói cước hiện tại',
      'Ngày đăng ký gói',
      'Ngày hết hạn gói',
      'Chu kỳ hiện tại',
      'Số chu kỳ miễn phí còn lại',
      'Trạng thái gói',
      'Kết quả quét',
    ]);
    expect(cols.map((c) => c.description)).toEqual([
      'PhoneNumber',
      'NumberType',
      'NumberCurrentPackage',
      'NumberPackageRegisterDate',
      'NumberPackageRegisterExpire',
      'CurrentCycle',
      'NumberFreeCycleLeft',
      'NumberStatus',
      'Status',
    ]);
    expect(cols.map((c) => exportCell(c as ColumnDef, scanRows[0], 0))).toEqual([
      '0912345678',
      'MC - Trả trước',
      'MXH120',
      '20-10-2026',
      '19-11-2026',
      2,
      1,
      'Đang hoạt động',
      'Đã quét',
    ]);
    expect(exportCell(cols[7] as ColumnDef, scanRows[1], 1)).toBe('Không có gói');
    // A carrier's refusal is already a sentence: kept.
    expect(exportCell(cols[7] as ColumnDef, scanRows[2], 2)).toBe('Thuê bao không tồn tại');
    expect(exportColumns('quetdatakhonggoi').map(header)).not.toContain('Số chu kỳ miễn phí còn lại');
  });

  it('DA-XU-LY of quetdtct: the programme list and the upload time on Vietnam clock', () => {
    const cols = exportColumns('quetdtct');
    expect(cols.map(header)).toEqual(['Số điện thoại', 'Tên file', 'Đối tượng chương trình', 'Ngày tải lên', 'Kết quả quét']);
    expect(cols.map((c) => exportCell(c as ColumnDef, scanRows[0], 0))).toEqual([
      '0912345678',
      'quet.xlsx',
      'MXH120,V90',
      '20-11-2026 10:15:00',
      'Đã quét',
    ]);
  });

  it('DANH-SACH-TRUY-THU: staff and total headed as the report heads them', () => {
    expect(CLAWBACK_COLUMNS.map(header)).toEqual(['Nhân viên', 'Tên nhân viên', 'Tổng truy thu']);
    expect(
      // The total as text (an int64 may arrive so) is still exported as a number.
      CLAWBACK_COLUMNS.map((c) =>
        exportCell(c, { staff_username: 'nv_tuan', staff_fullname: 'Phạm Tuấn', tong_truy_thu: '59000' as unknown as number }, 0),
      ),
    ).toEqual(['nv_tuan', 'Phạm Tuấn', 59000]);
  });

  it.each([1, 3])('Bao-cao-dang-ky-9279 (priority %i): Vietnamese headers, the auto-cancel as Tự động', (priority) => {
    const cols = r9279ExportColumns(priority);
    expect(cols.map(header).filter(isFieldNameHeader)).toEqual([]);
    const row = {
      hinh_thuc: 'gia_han',
      trang_thai_yeu_cau: 'dang_cho_duyet',
      trang_thai: 'huy_qua_han',
      username_thay_doi_trang_thai: '__AUTO',
      thoi_diem_thay_doi_trang_thai: '2026-11-20T03:00:00Z',
      created_time: '2026-11-20T02:00:00Z',
      gia_ban_goi: 1,
      ti_le_doanh_thu: 100,
      ti_le_doanh_thu_tinh_luong: -1,
    };
    expect(cells(cols, [row]).filter((v) => isRawValue(v))).toEqual([]);
  });
});

describe('revenue report cells', () => {
  it('the channel in words: invitation channels, order kinds, the import; typed channels as they are', () => {
    expect(channelLabel('ma_xac_nhan_1')).toBe('Mã xác nhận 1');
    expect(channelLabel('ma_xac_nhan_4')).toBe('Mã xác nhận 4');
    expect(channelLabel('dk')).toBe('Đăng ký trực tiếp');
    expect(channelLabel('mfy')).toBe('Mfy');
    expect(channelLabel('import')).toBe('Nhập file');
    expect(channelLabel('9084')).toBe('9084');
    expect(channelLabel('OTP 1')).toBe('OTP 1');
  });
  it("a staff option in a cell without the picker's hierarchy dashes", () => {
    expect(plainStaffLabel('----nv_tuan - Phạm Tuấn')).toBe('nv_tuan - Phạm Tuấn');
    expect(plainStaffLabel('--tn_hanoi - Trưởng nhóm')).toBe('tn_hanoi - Trưởng nhóm');
    expect(plainStaffLabel('cn_hanoi - Chi nhánh Hà Nội')).toBe('cn_hanoi - Chi nhánh Hà Nội');
  });
});
