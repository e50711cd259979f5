import { useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import CallSplitIcon from '@mui/icons-material/CallSplit';
import EditIcon from '@mui/icons-material/Edit';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import DeleteIcon from '@mui/icons-material/Delete';
import ListScreen from '../../list/ListScreen';
import type { ListConfig, ListHandle } from '../../list/types';
import ImportButton from '../../import/ImportButton';
import FormDialog from '../../form/FormDialog';
import type { FormConfig } from '../../form/types';
import type { ImportSpec } from '../../import/sheet';
import { careApi, CUSTOMER_IMPORT, UPLOAD_LIST, type Upload } from './api';
import { isManager } from '../../api/access';
import { WORDS } from '../../common/words';

/**
 * The customer sheet (spec 3 §3 "Customer import row"): the first sheet, columns 2–9 (B–I: phone,
 * subscriber type, package, registration date, expiry date, current cycle, state, package can
 * register), header row skipped; the server checks every row again, keeps one customer per phone
 * in a list and stores a re-sent chunk once. Column A is the row's number (the preview's ID, spec 3
 * §2.3): labelled in the template so that nobody types the phones there (the server has no such field and ignores it).
 */
export const CUSTOMER_IMPORT_SPEC: ImportSpec = {
  firstDataRow: 2,
  columns: [
    { col: 0, field: 'stt', label: 'STT', aliases: ['ID'] },
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
/**
 * 'Thêm khách hàng' (POST /api/v1/customer): one customer typed in, checked by the
 * server as a sheet row would be, into a list of that name (the row's list, or a new one).
 */
const ADD_CUSTOMER: FormConfig<Upload> = {
  title: 'Thêm khách hàng',
  successMsg: 'Đã thêm khách hàng vào danh sách',
  errorMsg: 'Thêm khách hàng không thành công',
  submitLabel: 'Lưu',
  fields: [
    { key: 'file_name', label: 'Tên danh sách', type: 'text', required: true, initial: (u) => u.filename },
    { key: 'phone', label: 'Số điện thoại', type: 'text', required: true, digitsOnly: true, initial: () => '' },
    { key: 'type', label: 'Loại thuê bao', type: 'text', initial: () => '' },
    { key: 'package', label: 'Gói cước', type: 'text', initial: () => '' },
    { key: 'registerAt', label: 'Ngày đăng ký', type: 'date', initial: () => '' },
    { key: 'expiredAt', label: 'Ngày hết hạn', type: 'date', initial: () => '' },
  ],
  submit: (v) =>
    careApi.createCustomer({
      file_name: String(v.file_name ?? ''),
      phone: String(v.phone ?? ''),
      type: String(v.type ?? ''),
      package: String(v.package ?? ''),
      registerAt: String(v.registerAt ?? ''),
      expiredAt: String(v.expiredAt ?? ''),
    }),
};

/** The edit icon of a list (spec 3 §2.3): its name. */
const RENAME_UPLOAD: FormConfig<Upload> = {
  title: 'Đổi tên danh sách',
  successMsg: 'Đổi tên danh sách thành công',
  errorMsg: 'Đổi tên danh sách không thành công',
  submitLabel: 'Lưu',
  fields: [{ key: 'file_name', label: 'Tên danh sách', type: 'text', required: true, initial: (u) => u.filename }],
  submit: (v, ctx) => careApi.renameUpload(ctx.row!.id, String(v.file_name ?? '')),
};

export default function CustomerUpload() {
  const listRef = useRef<ListHandle>(null);
  const navigate = useNavigate();
  const [adding, setAdding] = useState<{ row: Upload | null } | null>(null);
  const [renaming, setRenaming] = useState<Upload | null>(null);
  const config = useMemo<ListConfig<Upload>>(
    () => ({
      id: 'uploads',
      title: WORDS.upload,
      endpoint: UPLOAD_LIST,
      // 50 a page (spec 3 §7.1, §9: the upload list's count).
      defaultPageSize: 50,
      searchButton: 'search',
      filters: [{ key: 'message', type: 'text', label: 'Tìm kiếm', placeholder: 'Tên danh sách hoặc người tải lên', width: 280 }],
      toolbarExtra: (ctx) =>
        isManager(ctx.session.priority) ? (
          <ImportButton
            id="customers"
            endpoint={CUSTOMER_IMPORT}
            spec={CUSTOMER_IMPORT_SPEC}
            preview
            label="Tải lên"
            onDone={() => listRef.current?.reload()}
          />
        ) : null,
      columns: [
        { field: 'index', headerName: '#', kind: 'index' },
        { field: 'created_by_fullname', headerName: 'Người tải lên', minWidth: 160, value: (u) => u.created_by_fullname || u.created_by },
        { field: 'createdAt', headerName: 'Ngày tải lên', kind: 'datetime', minWidth: 170 },
        { field: 'filename', headerName: 'Tên danh sách', flex: 1, minWidth: 200 },
        {
          field: 'usage',
          headerName: 'Đã dùng/Còn lại/Tổng',
          minWidth: 170,
          value: (u) => `${u.used}/${u.remaining}/${u.totalCustomers}`,
        },
        { field: 'actions', headerName: 'Thao tác', kind: 'actions', minWidth: 90, export: false },
      ],
      toolbar: [
        {
          // 'Distribute data' (spec 3 §2.3): the division screen, in its own tab.
          key: 'divide',
          label: 'Phân chia dữ liệu',
          icon: <CallSplitIcon />,
          variant: 'outlined',
          onClick: () => navigate('/sys/division'),
        },
        {
          key: 'add-customer',
          label: 'Thêm khách hàng',
          icon: <PersonAddIcon />,
          variant: 'outlined',
          visible: (ctx) => isManager(ctx.session.priority),
          onClick: () => setAdding({ row: null }),
        },
      ],
      rowActions: [
        {
          key: 'add',
          label: 'Thêm khách hàng vào danh sách',
          icon: <PersonAddIcon fontSize="small" />,
          color: 'primary',
          visible: (_u, ctx) => isManager(ctx.session.priority),
          run: (u) => setAdding({ row: u }),
        },
        {
          key: 'rename',
          label: 'Đổi tên danh sách',
          icon: <EditIcon fontSize="small" />,
          color: 'primary',
          visible: (_u, ctx) => isManager(ctx.session.priority),
          run: (u) => setRenaming(u),
        },
        {
          key: 'delete',
          label: 'Xoá',
          icon: <DeleteIcon fontSize="small" />,
          color: 'error',
          visible: (_u, ctx) => isManager(ctx.session.priority),
          confirm: 'Xác nhận xoá bản ghi',
          run: (u) => careApi.deleteUpload(u.id),
          successMsg: (_u, r) => (r as { msg?: string })?.msg || 'Xoá thành công',
          errorMsg: 'Xoá không thành công',
        },
      ],
    }),
    [navigate],
  );
  return (
    <>
      <ListScreen ref={listRef} config={config} />
      <FormDialog
        config={ADD_CUSTOMER}
        testIdPrefix="customer-add"
        open={!!adding}
        // From a list's row the dialog opens with that list's name (the form's 'edit' of its fields).
        mode={adding?.row ? 'edit' : 'create'}
        row={adding?.row ?? null}
        onClose={() => setAdding(null)}
        onSaved={() => {
          setAdding(null);
          listRef.current?.reload();
        }}
      />
      <FormDialog
        config={RENAME_UPLOAD}
        testIdPrefix="upload-rename"
        open={!!renaming}
        mode="edit"
        row={renaming}
        onClose={() => setRenaming(null)}
        onSaved={() => {
          setRenaming(null);
          listRef.current?.reload();
        }}
      />
    </>
  );
}
