import type { ImportSpec } from '../../import/sheet';

/**
 * The import reads the layout this screen exports (header row 1, data from row 2): A '#',
 * B 'Nhân viên' (username - full name), C 'Số điện thoại', D 'Loại tra cứu', E 'Nội dung',
 * F 'Thời gian'. A blank staff member means the importing user; a blank time means now.
 */
export const LOOKUP_LOG_IMPORT_SPEC: ImportSpec = {
  firstDataRow: 2,
  columns: [
    { col: 1, field: 'staff', label: 'Nhân viên' },
    { col: 2, field: 'so_dien_thoai', parse: 'digits', label: 'Số điện thoại' },
    { col: 3, field: 'ten_tra_cuu', label: 'Loại tra cứu' },
    { col: 4, field: 'noi_dung', label: 'Nội dung' },
    { col: 5, field: 'createdAt', parse: 'datetime', label: 'Thời gian' },
  ],
  skip: (r) => !r.so_dien_thoai && !r.ten_tra_cuu,
  finish: ({ staff, ...row }) => {
    const [username, ...name] = String(staff ?? '').split(' - ');
    return { ...row, username: username.trim(), full_name: name.join(' - ').trim() };
  },
};
