import { mapSheetRows, type SheetRow } from '../../import/sheet';
import { LOOKUP_LOG_IMPORT_SPEC } from './lookupLogImport';

/** A mapped row's request data and sheet row only (not the typed cells a row error quotes). */
const plain = (rows: SheetRow[]) => rows.map(({ rowNumber, data }) => ({ rowNumber, data }));

describe('lookup log import', () => {
  it('reads the lookup-history export back (staff split into username and name)', () => {
    const exported = [
      ['#', 'Nhân viên', 'Số điện thoại', 'Loại tra cứu', 'Nội dung', 'Thời gian'],
      [1, 'nv01 - Nguyễn Văn A', '912345678', 'Tra cứu số dư', 'Số dư: 10.000\nHạn: 01/01', '05-03-2025 08:30:00'],
      [2, '', '', '', '', ''],
    ];
    expect(plain(mapSheetRows(exported, LOOKUP_LOG_IMPORT_SPEC))).toEqual([
      {
        rowNumber: 2,
        data: {
          so_dien_thoai: '912345678',
          ten_tra_cuu: 'Tra cứu số dư',
          noi_dung: 'Số dư: 10.000\nHạn: 01/01',
          createdAt: '05/03/2025 08:30:00',
          username: 'nv01',
          full_name: 'Nguyễn Văn A',
        },
      },
    ]);
  });
});
