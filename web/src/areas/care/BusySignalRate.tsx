import { useMemo } from 'react';
import ListScreen from '../../list/ListScreen';
import type { ColumnDef, ListConfig } from '../../list/types';
import { monthStart, today } from '../../common/format';
import { staffPickerOptions, type StaffOption } from '../../common/refdata';
import { BUSY_SIGNAL_RATE, careApi, countWithShare, type BusySignalRow } from './api';

const RESULT_COLUMNS: Array<[keyof BusySignalRow, string]> = [
  ['hen', 'Hẹn lại'],
  ['chap_nhan', 'Đồng ý'],
  ['tu_choi', 'Không đồng ý'],
  ['khong_nghe_may', 'Không bắt máy'],
  ['khong_lien_lac_duoc', 'Không liên lạc được'],
  ['dung_lai_goi_cu', 'Dùng lại gói cũ'],
  ['da_dang_ky_lai', 'Đã đăng ký lại'],
];

/**
 * 'Tỉ lệ bắt số' (/app/tilebatso, spec 2 §2.6): per staff member (picker, or username/name search) in the period (first of the month
 * to today by default), results returned and each result's count with its share ('0 (0%)' when
 * none), server paging, export Ti-le-bat-so.xlsx (hidden for priority 5).
 */
export default function BusySignalRate() {
  const config = useMemo<ListConfig<BusySignalRow>>(
    () => ({
      id: 'tilebatso',
      title: 'Tỉ lệ bắt số',
      endpoint: BUSY_SIGNAL_RATE,
      rowId: (r) => r.username_nv,
      searchButton: 'search',
      filters: [
        {
          key: 'username',
          type: 'staff',
          label: 'Nhân viên',
          allLabel: 'Tất cả',
          width: 220,
          loadOptions: async () => staffPickerOptions((await careApi.staff()).values as unknown as StaffOption[]),
        },
        // The route's `message`: staff username or name contains (Enter searches).
        { key: 'message', type: 'text', label: 'Tìm nhân viên', width: 180 },
        { key: 'startDate', type: 'date', label: 'Từ ngày', default: () => monthStart() },
        { key: 'endDate', type: 'date', label: 'Đến ngày', default: () => today() },
      ],
      export: { fileName: 'Ti-le-bat-so.xlsx' },
      columns: [
        { field: 'index', headerName: '#', kind: 'index' },
        { field: 'username_nv', headerName: 'Tên đăng nhập', minWidth: 130 },
        { field: 'ten_nv', headerName: 'Tên nhân viên', minWidth: 170 },
        { field: 'so_tra_ket_qua', headerName: 'Số trả kết quả', kind: 'number', minWidth: 120 },
        ...RESULT_COLUMNS.map(([field, headerName]): ColumnDef<BusySignalRow> => ({
          field,
          headerName,
          minWidth: 130,
          value: (r) => countWithShare(Number(r[field] ?? 0), Number(r.so_tra_ket_qua ?? 0)),
        })),
      ],
    }),
    [],
  );
  return <ListScreen config={config} />;
}
