import { useMemo, useRef } from 'react';
import DeleteIcon from '@mui/icons-material/Delete';
import ListScreen from '../../list/ListScreen';
import type { ListConfig, ListHandle } from '../../list/types';
import ImportButton from '../../import/ImportButton';
import type { ImportSpec } from '../../import/sheet';
import { careApi, CUSTOMER_IMPORT, UPLOAD_LIST, type Upload } from './api';

/**
 * The customer sheet (spec 3 §3 "Customer import row"): the first sheet, columns 2–9 (B–I: phone,
 * subscriber type, package, registration date, expiry date, current cycle, state, package can
 * register), header row skipped; the server checks every row again, keeps one customer per phone
 * in a list and stores a re-sent chunk once.
 */
export const CUSTOMER_IMPORT_SPEC: ImportSpec = {
  firstDataRow: 2,
  columns: [
    { col: 1, field: 'phone', parse: 'digits', label: 'Số điện thoại' },
    { col: 2, field: 'type', label: 'Loại thuê bao' },
    { col: 3, field: 'package', label: 'Gói cước' },
    { col: 4, field: 'registerAt', parse: 'date', label: 'Ngày đăng ký' },
    { col: 5, field: 'expiredAt', parse: 'date', label: 'Ngày hết hạn' },
    { col: 6, field: 'packageCycle', label: 'Chu kỳ hiện tại' },
    { col: 7, field: 'state', label: 'Trạng thái' },
    { col: 8, field: 'packageCanRegister', label: 'Gói có thể đăng ký' },
  ],
  skip: (r) => String(r.phone ?? '').trim() === '',
  // Duplicates by phone are removed before the preview (spec 3 §2.3); the first row of a phone stays.
  dedupeBy: (r) => String(r.phone).slice(-9),
};

/**
 * 'Upload' (/sys/upload and /sys/customers, spec 3 §2.3): the customer-sheet upload with its
 * preview, and the uploads with uploader, date, list name, used/remaining/total; delete behind
 * 'Xác nhận xoá bản ghi' (customers already handed out are kept by the server).
 */
export default function CustomerUpload() {
  const listRef = useRef<ListHandle>(null);
  const config = useMemo<ListConfig<Upload>>(
    () => ({
      id: 'uploads',
      title: 'Upload',
      endpoint: UPLOAD_LIST,
      defaultPageSize: 20,
      searchButton: 'refresh',
      toolbarExtra: (ctx) =>
        ctx.session.priority < 3 ? (
          <ImportButton id="customers" endpoint={CUSTOMER_IMPORT} spec={CUSTOMER_IMPORT_SPEC} preview label="Tải lên" onDone={() => listRef.current?.reload()} />
        ) : null,
      columns: [
        { field: 'index', headerName: '#', kind: 'index' },
        { field: 'created_by_fullname', headerName: 'Người upload', minWidth: 160, value: (u) => u.created_by_fullname || u.created_by },
        { field: 'createdAt', headerName: 'Ngày upload', kind: 'datetime', minWidth: 170 },
        { field: 'filename', headerName: 'Tên danh sách', flex: 1, minWidth: 200 },
        {
          field: 'usage',
          headerName: 'Đã dùng/Còn lại/Tổng',
          minWidth: 170,
          value: (u) => `${u.used}/${u.remaining}/${u.totalCustomers}`,
        },
        { field: 'actions', headerName: 'Thao tác', kind: 'actions', minWidth: 90, export: false },
      ],
      rowActions: [
        {
          key: 'delete',
          label: 'Xoá',
          icon: <DeleteIcon fontSize="small" />,
          color: 'error',
          visible: (_u, ctx) => ctx.session.priority < 3,
          confirm: 'Xác nhận xoá bản ghi',
          run: (u) => careApi.deleteUpload(u.id),
          successMsg: (_u, r) => (r as { msg?: string })?.msg || 'Xoá thành công',
          errorMsg: 'Xoá không thành công',
        },
      ],
    }),
    [],
  );
  return <ListScreen ref={listRef} config={config} />;
}
