import { mapSheetRows } from '../../import/sheet';
import { BAODO_IMPORT_SPEC, KHR_IMPORT_SPEC } from './recordSheets';

describe('private customer and red report sheets (spec 3 §7.4, §7.5 import)', () => {
  it('reads phone, success date and staff from row 2 on; rows without a phone are dropped', () => {
    const rows = mapSheetRows(
      [
        ['Số điện thoại', 'Ngày thành công', 'Nhân viên'],
        ['0912.345.678', '05/03/2026', 'nv1'],
        ['', '06/03/2026', 'nv2'],
        [912345679, '07/03/2026', ''],
      ],
      KHR_IMPORT_SPEC,
      'khr.xlsx',
    );
    expect(rows.map((r) => [r.rowNumber, r.data.so_dien_thoai, r.data.ngay_thanh_cong, r.data.username_nv])).toEqual([
      [2, '0912345678', '05/03/2026', 'nv1'],
      [4, '912345679', '07/03/2026', ''],
    ]);
  });

  it('a red report row also carries package, channel and reason', () => {
    const [row] = mapSheetRows([['h'], ['0912345678', '05/03/2026', '', 'MXH100', '9084 (3)', 'khách báo']], BAODO_IMPORT_SPEC, 'bd.xlsx');
    expect(row.data).toMatchObject({ ten_goi_cuoc: 'MXH100', kenh: '9084 (3)', ly_do: 'khách báo', username_nv: '' });
  });
});
