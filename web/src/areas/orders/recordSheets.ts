import type { ImportSpec } from '../../import/sheet';

/** Private customers from a sheet (spec 3 §7.4 import): phone, success date, staff (blank = the pool 'assign' hands out). */
export const KHR_IMPORT_SPEC: ImportSpec = {
  firstDataRow: 2,
  columns: [
    { col: 0, field: 'so_dien_thoai', parse: 'digits', label: 'Số điện thoại' },
    { col: 1, field: 'ngay_thanh_cong', parse: 'date', label: 'Ngày thành công' },
    { col: 2, field: 'username_nv', label: 'Nhân viên' },
  ],
  skip: (r) => !String(r.so_dien_thoai ?? '').trim(),
};

/** Red reports from a sheet (spec 3 §7.5 import): the private-customer columns, then package, channel, reason. */
export const BAODO_IMPORT_SPEC: ImportSpec = {
  ...KHR_IMPORT_SPEC,
  columns: [
    ...KHR_IMPORT_SPEC.columns,
    { col: 3, field: 'ten_goi_cuoc', label: 'Gói cước' },
    { col: 4, field: 'kenh', label: 'Kênh' },
    { col: 5, field: 'ly_do', label: 'Lý do' },
  ],
};
