import { r9279ExportColumns, statusUpdateNote } from './export9279';
import { exportCell } from '../../list/exportExcel';

const row = {
  id: '1',
  cty: 'VAS 1',
  hinh_thuc: 'gia_han',
  so_dien_thoai: '912345678',
  ma_goi: 'D120',
  doanh_thu: 90000,
  username_nv: 'nv1',
  ten_nv: 'Nguyễn Văn A',
  trang_thai_yeu_cau: 'soan_y1',
  trang_thai: 'y1',
  username_thay_doi_trang_thai: 'quanly',
  thoi_diem_thay_doi_trang_thai: '2026-03-05T08:00:00+07:00',
  gia_ban_goi: 2,
  doanh_thu_tinh_luong: 81000,
  ti_le_doanh_thu: 90,
  ti_le_doanh_thu_tinh_luong: -1,
  created_time: '2026-03-05T07:30:00+07:00',
  created_at: '2026-03-05T07:31:00+07:00',
  note: 'gọi lại',
} as any;

describe('the 9279 export (spec 3 §9)', () => {
  it("has the spec's columns in order; a manager's sheet carries company, status-update note and note", () => {
    const cols = r9279ExportColumns(2);
    expect(cols.map((c) => c.headerName)).toEqual([
      '#',
      'Công ty đối tác',
      'Hình thức',
      'Số thuê bao',
      'Mã gói',
      'Doanh thu',
      'Tên đăng nhập nhân viên',
      'Tên nhân viên',
      'Trạng thái yêu cầu',
      'Trạng thái',
      'Ghi chú cập nhật trạng thái',
      'Loại giá',
      'Doanh thu tính lương',
      'Tỉ lệ doanh thu tính lương',
      'Ngày tạo',
      'Ghi chú',
    ]);
    expect(cols.map((c) => exportCell(c as never, row, 0))).toEqual([
      1,
      'VAS 1',
      'Gia hạn',
      '0912345678',
      'D120',
      90000,
      'nv1',
      'Nguyễn Văn A',
      'Soạn Y1',
      'Y1',
      'quanly - 05-03-2026 08:00:00',
      'T2',
      81000,
      90,
      '05-03-2026 07:30:00',
      'gọi lại',
    ]);
  });

  it('priority 3 and above: no company column, the status-update note blank', () => {
    const cols = r9279ExportColumns(3);
    expect(cols.map((c) => c.headerName)).not.toContain('Công ty đối tác');
    expect(exportCell(cols.find((c) => c.field === 'ghi_chu_cap_nhat') as never, row, 0)).toBe('');
    expect(statusUpdateNote({ username_thay_doi_trang_thai: '', thoi_diem_thay_doi_trang_thai: '' })).toBe('');
  });

  it("the server's own change ('__AUTO', the auto-cancel) reads 'Tự động'", () => {
    expect(statusUpdateNote({ username_thay_doi_trang_thai: '__AUTO', thoi_diem_thay_doi_trang_thai: '2026-03-05T00:30:00Z' })).toBe(
      'Tự động - 05-03-2026 07:30:00',
    );
  });
});
