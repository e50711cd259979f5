import type { ImportSpec } from '../../import/sheet';

/** The 9279 upload (spec 3 §5): company, phone, package code, staff, kind, revenue, tier, created date, note. */
export const R9279_IMPORT_SPEC: ImportSpec = {
  firstDataRow: 2,
  columns: [
    { col: 0, field: 'cty', label: 'Công ty' },
    { col: 1, field: 'so_dien_thoai', parse: 'digits', label: 'Số thuê bao' },
    { col: 2, field: 'ma_goi', label: 'Mã gói' },
    { col: 3, field: 'username_nv', label: 'Nhân viên (để trống: chia sau)' },
    { col: 4, field: 'hinh_thuc', label: 'Hình thức' },
    { col: 5, field: 'doanh_thu', parse: 'digits', label: 'Doanh thu' },
    { col: 6, field: 'gia_ban_goi', label: 'Loại giá' },
    { col: 7, field: 'created_time', parse: 'date', label: 'Ngày tạo' },
    { col: 8, field: 'note', label: 'Ghi chú' },
  ],
  // Rows without a phone are dropped (the server checks the rest again).
  skip: (r) => !String(r.so_dien_thoai ?? '').trim(),
};

/**
 * The mfy upload: the 9279 columns without the kind. A row without staff joins the
 * pool that 'Chia đơn' hands out; the company must be on the managed list (the server checks).
 */
export const MFY_IMPORT_SPEC: ImportSpec = {
  firstDataRow: 2,
  columns: [
    { col: 0, field: 'cty', label: 'Công ty' },
    { col: 1, field: 'so_dien_thoai', parse: 'digits', label: 'Số thuê bao' },
    { col: 2, field: 'ma_goi', label: 'Mã gói' },
    { col: 3, field: 'username_nv', label: 'Nhân viên (để trống: chia sau)' },
    { col: 4, field: 'doanh_thu', parse: 'digits', label: 'Doanh thu' },
    { col: 5, field: 'gia_ban_goi', label: 'Loại giá' },
    { col: 6, field: 'created_time', parse: 'date', label: 'Ngày tạo' },
    { col: 7, field: 'note', label: 'Ghi chú' },
  ],
  skip: (r) => !String(r.so_dien_thoai ?? '').trim(),
};
