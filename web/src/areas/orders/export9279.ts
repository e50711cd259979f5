import { OrderService } from '../../api/gen/routes';
import { formatDateTime, whoLabel } from '../../common/format';
import { writeExcel } from '../../list/exportExcel';
import type { ColumnDef, ListContext } from '../../list/types';
import { EXPORT_ALL_COUNT } from '../../list/types';
import { ORDER_LISTS, type OrderRecord } from './api';
import { label } from './statuses';
import { isManager } from '../../api/access';

/**
 * The 9279 order export (spec 3 §9): exactly these columns, in this order — #, partner company
 * (dropped for priority 3 and above), kind, subscriber, package code, revenue, staff username,
 * staff name, request status, status, status-update note (blank for priority 3 and above, spec 3
 * §6), price type, salary revenue, salary revenue ratio, created date, note. The list shows other
 * columns in another order, so the export has its own column list.
 */
export function r9279ExportColumns(priority: number): ColumnDef<OrderRecord>[] {
  const manager = isManager(priority);
  const cols: Array<ColumnDef<OrderRecord> | false> = [
    { field: '__index', headerName: '#', kind: 'index' },
    manager && { field: 'cty', headerName: 'Công ty đối tác' },
    { field: 'hinh_thuc', headerName: 'Hình thức', value: (r) => label(r.hinh_thuc) },
    { field: 'so_dien_thoai', headerName: 'Số thuê bao', kind: 'phone' },
    { field: 'ma_goi', headerName: 'Mã gói' },
    { field: 'doanh_thu', headerName: 'Doanh thu', kind: 'number' },
    { field: 'username_nv', headerName: 'Tên đăng nhập nhân viên' },
    { field: 'ten_nv', headerName: 'Tên nhân viên' },
    { field: 'trang_thai_yeu_cau', headerName: 'Trạng thái yêu cầu', value: (r) => label(r.trang_thai_yeu_cau) },
    { field: 'trang_thai', headerName: 'Trạng thái', value: (r) => label(r.trang_thai) },
    { field: 'ghi_chu_cap_nhat', headerName: 'Ghi chú cập nhật trạng thái', value: (r) => (manager ? statusUpdateNote(r) : '') },
    { field: 'gia_ban_goi', headerName: 'Loại giá', value: (r) => (r.gia_ban_goi ? `T${r.gia_ban_goi}` : '') },
    { field: 'doanh_thu_tinh_luong', headerName: 'Doanh thu tính lương', kind: 'number' },
    // −1 = unset: the revenue ratio applies (spec 3 §3), so the sheet shows the ratio in force.
    {
      field: 'ti_le_doanh_thu_tinh_luong',
      headerName: 'Tỉ lệ doanh thu tính lương',
      kind: 'number',
      value: (r) => (r.ti_le_doanh_thu_tinh_luong < 0 ? r.ti_le_doanh_thu : r.ti_le_doanh_thu_tinh_luong),
    },
    { field: 'created_time', headerName: 'Ngày tạo', value: (r) => formatDateTime(r.created_time || r.created_at) },
    // Absent from the answer for priority 3 and above (the server's masking): blank there.
    { field: 'note', headerName: 'Ghi chú' },
  ];
  return cols.filter((c): c is ColumnDef<OrderRecord> => !!c);
}

/** Who last changed the status, and when ('Tự động' = the server's auto-cancel, '__AUTO'). */
export function statusUpdateNote(r: Pick<OrderRecord, 'username_thay_doi_trang_thai' | 'thoi_diem_thay_doi_trang_thai'>): string {
  if (!r.username_thay_doi_trang_thai) return '';
  const who = whoLabel(r.username_thay_doi_trang_thai);
  const at = formatDateTime(r.thoi_diem_thay_doi_trang_thai);
  return at ? `${who} - ${at}` : who;
}

/** Fetches every row of the applied filters (page 0, count 9999999999) and writes Bao-cao-dang-ky-9279.xlsx. */
export async function export9279(ctx: ListContext<OrderRecord>) {
  const query: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(ctx.filters)) if (v !== undefined && v !== null && v !== '') query[k] = v as string;
  const data = await OrderService['9279'].listOrders.send({ ...query, page: 0, count: EXPORT_ALL_COUNT });
  await writeExcel(ORDER_LISTS['9279'].exportFile, r9279ExportColumns(ctx.session.priority) as never, data?.values ?? []);
}
