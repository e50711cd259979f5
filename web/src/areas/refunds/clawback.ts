import type { refunds_v1_refunds } from '@cskh/proto';
import type { ColumnDef } from '../../list/types';

/**
 * DANH-SACH-TRUY-THU.xlsx: the clawback per staff member over the applied filters, summed by the
 * server; headed as the report's table heads its staff (the spec's field names in the descriptions).
 */
export const CLAWBACK_COLUMNS: ColumnDef<refunds_v1_refunds.ClawbackRow>[] = [
  { field: 'staff_username', headerName: 'Nhân viên', description: 'staff_username' },
  { field: 'staff_fullname', headerName: 'Tên nhân viên', description: 'staff_fullname' },
  {
    field: 'tong_truy_thu',
    headerName: 'Tổng truy thu',
    description: 'tong_truy_thu',
    kind: 'number',
    export: { value: (r) => Number(r.tong_truy_thu) },
  },
];
