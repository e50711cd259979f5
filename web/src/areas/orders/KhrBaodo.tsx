import { useMemo, useRef } from 'react';
import AddIcon from '@mui/icons-material/Add';
import CancelIcon from '@mui/icons-material/Cancel';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { useRecordDialog } from '../../form/useRecordDialog';
import ImportButton from '../../import/ImportButton';
import type { FormConfig, FormMode } from '../../form/types';
import ListScreen from '../../list/ListScreen';
import type { ListConfig, ListHandle } from '../../list/types';
import { BAODO_IMPORT_SPEC, KHR_IMPORT_SPEC } from './recordSheets';
import {
  BAODO_IMPORT,
  BAODO_LIST,
  baodoApi,
  baodoHistory,
  KHR_IMPORT,
  KHR_LIST,
  khrApi,
  khrHistory,
  orderApi,
  RED_CHANNELS,
  type BaodoInput,
  type BaodoRecord,
  type KhrInput,
  type KhrRecord,
} from './api';
import { AUTO_USER, whoLabel } from '../../common/format';
import { isManager, leadsPeople } from '../../api/access';

/** Approval (spec 3 §4; the original's 'DA DUYET' green, 'DA TU CHOI' red, shown with their diacritics). */
export const approvalChip = (v: string) =>
  v === '1'
    ? { label: 'ĐÃ DUYỆT', color: 'success' as const }
    : v === '2'
      ? { label: 'ĐÃ TỪ CHỐI', color: 'error' as const }
      : { label: 'CHỜ DUYỆT', color: 'default' as const };

/**
 * Red report result (spec 3 §4): not set, SUCCESS, FAILD (FAILED in older rows), in words on screen
 * and in the export, as the confirm texts already name them.
 */
export const RESULT_OPTIONS = [
  { value: '0', label: 'Chưa đặt' },
  { value: 'SUCCESS', label: 'Thành công' },
  { value: 'FAILD', label: 'Thất bại' },
];

const staffField = {
  key: 'username_nv',
  label: 'Nhân viên',
  type: 'select' as const,
  required: true,
  visibleTo: (v: { priority: number }) => leadsPeople(v.priority),
  // The order lists' staff picker: the caller and their subtree.
  loadOptions: async () =>
    (await orderApi('mfy').employees()).values.map((s) => ({
      value: s.username,
      label: `${s.username} - ${s.fullname}`,
      testKey: s.username,
    })),
};

/** The words of both record dialogs. */
const recordWords = {
  title: (m: FormMode) => (m === 'create' ? 'Tạo bản ghi' : 'Cập nhật bản ghi'),
  successMsg: (m: FormMode) => (m === 'create' ? 'Tạo bản ghi thành công' : 'Cập nhật bản ghi thành công'),
  errorMsg: (m: FormMode) => (m === 'create' ? 'Tạo bản ghi thất bại' : 'Cập nhật bản ghi thất bại'),
  submitLabel: 'Lưu',
};

const khrForm: FormConfig<KhrRecord, KhrInput> = {
  ...recordWords,
  fields: [
    { key: 'so_dien_thoai', label: 'Số điện thoại', type: 'text', required: true, digitsOnly: true },
    { key: 'ngay_thanh_cong', label: 'Ngày thành công', type: 'date', required: true },
    staffField,
  ],
  submit: (v, ctx) => (ctx.row ? khrApi.update(ctx.row.id, v) : khrApi.create(v)),
};

const baodoForm: FormConfig<BaodoRecord, BaodoInput> = {
  ...recordWords,
  fields: [
    { key: 'so_dien_thoai', label: 'Số điện thoại', type: 'text', required: true, digitsOnly: true },
    { key: 'ngay_thanh_cong', label: 'Ngày thành công', type: 'date', required: true },
    { key: 'ten_goi_cuoc', label: 'Gói cước', type: 'text', required: true },
    { key: 'kenh', label: 'Kênh', type: 'select', required: true, options: RED_CHANNELS.map((c) => ({ value: c, label: c })) },
    { key: 'ly_do', label: 'Lý do', type: 'text' },
    staffField,
  ],
  submit: (v, ctx) => (ctx.row ? baodoApi.update(ctx.row.id, v) : baodoApi.create(v)),
};

const decideActions = <R extends { id: string; can_decide: boolean }>(decide: (id: string, d: '1' | '2') => Promise<unknown>) => [
  {
    key: 'approve',
    label: 'Duyệt',
    icon: <CheckCircleIcon fontSize="small" />,
    color: 'success' as const,
    visible: (r: R) => r.can_decide,
    confirm: 'Xác nhận duyệt đơn này?',
    run: (r: R) => decide(r.id, '1'),
    successMsg: 'Duyệt thành công',
    errorMsg: 'Duyệt thất bại',
  },
  {
    key: 'reject',
    label: 'Từ chối',
    icon: <CancelIcon fontSize="small" />,
    color: 'error' as const,
    visible: (r: R) => r.can_decide,
    confirm: 'Xác nhận từ chối đơn này?',
    run: (r: R) => decide(r.id, '2'),
    successMsg: 'Từ chối thành công',
    errorMsg: 'Từ chối thất bại',
  },
];

/** 'Khách hàng riêng' (/app/khr, spec 3 §2.9): phone search, create/edit, approve/reject on pending rows (below priority 5). */
export function PrivateCustomers() {
  const listRef = useRef<ListHandle>(null);
  const form = useRecordDialog<KhrRecord>(khrForm, 'khr-form', () => listRef.current?.reload());
  const { openCreate, openEdit } = form;
  const config = useMemo<ListConfig<KhrRecord>>(
    () => ({
      id: 'khr',
      title: 'Khách hàng riêng',
      endpoint: KHR_LIST,
      filters: [{ key: 'phone', type: 'text', label: 'Số điện thoại', width: 200 }],
      searchButton: 'refresh',
      toolbar: [{ key: 'create', label: 'Tạo bản ghi', icon: <AddIcon />, onClick: () => openCreate() }],
      // Actions, the import among them, are for priority below 5 (spec 3 §6); the server checks it too.
      toolbarExtra: (ctx) =>
        leadsPeople(ctx.session.priority) ? (
          <ImportButton id="khr" endpoint={KHR_IMPORT} spec={KHR_IMPORT_SPEC} label="Nhập Excel" onDone={() => listRef.current?.reload()} />
        ) : null,
      columns: [
        { field: '__index', headerName: '#', kind: 'index' },
        { field: 'so_dien_thoai', headerName: 'Số điện thoại', kind: 'phone', minWidth: 130 },
        { field: 'ngay_thanh_cong', headerName: 'Ngày thành công', kind: 'date', minWidth: 130 },
        { field: 'ten_nv', headerName: 'Nhân viên', minWidth: 150, value: (r) => `${r.username_nv} - ${r.ten_nv}` },
        { field: 'createdAt', headerName: 'Ngày tạo', kind: 'datetime', minWidth: 160 },
        { field: 'nguoi_phe_duyet', headerName: 'Người phê duyệt', minWidth: 130 },
        { field: 'trang_thai', headerName: 'Trạng thái', kind: 'chip', chip: (r) => approvalChip(r.trang_thai), minWidth: 120 },
        { field: 'actions', headerName: 'Thao tác', kind: 'actions', minWidth: 170, visible: (ctx) => leadsPeople(ctx.session.priority) },
      ],
      rowActions: [
        ...decideActions<KhrRecord>(khrApi.decide),
        { key: 'edit', label: 'Sửa', icon: <EditIcon fontSize="small" />, visible: (r) => r.can_edit, run: (r) => openEdit(r) },
        {
          key: 'delete',
          label: 'Xoá',
          icon: <DeleteIcon fontSize="small" />,
          color: 'error',
          visible: (r) => r.can_edit,
          confirm: { title: 'Xoá bản ghi', message: 'Xác nhận xoá bản ghi', danger: true },
          run: (r) => khrApi.remove(r.id),
          successMsg: 'Xoá bản ghi thành công',
          errorMsg: 'Xoá bản ghi thất bại',
        },
      ],
      history: {
        endpoint: (r) => khrHistory(r.id),
        visible: (_r, ctx) => leadsPeople(ctx.session.priority),
      },
    }),
    [openCreate, openEdit],
  );
  return (
    <>
      <ListScreen ref={listRef} config={config} />
      {form.dialog}
    </>
  );
}

/** 'Báo đỏ' (/app/baodo, spec 3 §2.10): create/edit, approval and result (below 3) after confirmation, who set it, export below 3. */
export function RedReport() {
  const listRef = useRef<ListHandle>(null);
  const form = useRecordDialog<BaodoRecord>(baodoForm, 'baodo-form', () => listRef.current?.reload());
  const { openCreate, openEdit } = form;
  const config = useMemo<ListConfig<BaodoRecord>>(
    () => ({
      id: 'baodo',
      title: 'Báo đỏ',
      endpoint: BAODO_LIST,
      filters: [{ key: 'phone', type: 'text', label: 'Số điện thoại', width: 200 }],
      searchButton: 'refresh',
      toolbar: [{ key: 'create', label: 'Tạo bản ghi', icon: <AddIcon />, onClick: () => openCreate() }],
      // Export and import only below priority 3 (spec 3 §2.10, §6); the server refuses them from 3 up too.
      export: { fileName: 'Bao-do.xlsx', visible: (ctx) => isManager(ctx.session.priority) },
      toolbarExtra: (ctx) =>
        isManager(ctx.session.priority) ? (
          <ImportButton
            id="baodo"
            endpoint={BAODO_IMPORT}
            spec={BAODO_IMPORT_SPEC}
            label="Nhập Excel"
            onDone={() => listRef.current?.reload()}
          />
        ) : null,
      columns: [
        { field: '__index', headerName: '#', kind: 'index' },
        { field: 'so_dien_thoai', headerName: 'Số điện thoại', kind: 'phone', minWidth: 130 },
        { field: 'ten_goi_cuoc', headerName: 'Gói cước', minWidth: 110 },
        { field: 'gia_goi_cuoc', headerName: 'Giá gói', kind: 'number', minWidth: 100 },
        { field: 'kenh', headerName: 'Kênh', minWidth: 130 },
        { field: 'ngay_thanh_cong', headerName: 'Ngày thành công', kind: 'date', minWidth: 130 },
        { field: 'ten_nv', headerName: 'Nhân viên', minWidth: 150, value: (r) => `${r.username_nv} - ${r.ten_nv}` },
        { field: 'ly_do', headerName: 'Lý do', minWidth: 140 },
        {
          field: 'trang_thai',
          headerName: 'Kết quả',
          minWidth: 140,
          options: RESULT_OPTIONS,
          edit: {
            type: 'select',
            canEdit: (_r, ctx) => isManager(ctx.session.priority),
            save: async (r, v, ctx) => {
              if (!(await ctx.confirm(v === 'SUCCESS' ? 'Xác nhận đặt trạng thái Thành công?' : 'Xác nhận đặt trạng thái Thất bại?')))
                return ctx.reload();
              await baodoApi.setResult(r.id, String(v));
              ctx.notify('Cập nhật kết quả thành công', 'success');
            },
            errorMsg: 'Cập nhật kết quả thất bại',
          },
          export: {
            value: (r) =>
              r.trang_thai === 'FAILD' || r.trang_thai === 'FAILED' ? 'Thất bại' : r.trang_thai === 'SUCCESS' ? 'Thành công' : '',
          },
        },
        {
          field: 'nguoi_dat_trang_thai',
          headerName: 'Người đặt',
          minWidth: 120,
          value: (r) => whoLabel(r.nguoi_dat_trang_thai),
          render: (r) => (
            <span style={{ color: r.nguoi_dat_trang_thai === AUTO_USER ? 'grey' : '#1976d2' }}>{whoLabel(r.nguoi_dat_trang_thai)}</span>
          ),
        },
        { field: 'createdAt', headerName: 'Ngày tạo', kind: 'datetime', minWidth: 160 },
        { field: 'nguoi_phe_duyet', headerName: 'Người phê duyệt', minWidth: 130 },
        { field: 'trang_thai_duyet', headerName: 'Duyệt', kind: 'chip', chip: (r) => approvalChip(r.trang_thai_duyet), minWidth: 120 },
        { field: 'actions', headerName: 'Thao tác', kind: 'actions', minWidth: 170, export: false },
      ],
      rowActions: [
        ...decideActions<BaodoRecord>(baodoApi.decide),
        { key: 'edit', label: 'Sửa', icon: <EditIcon fontSize="small" />, visible: (r) => r.can_edit, run: (r) => openEdit(r) },
        {
          key: 'delete',
          label: 'Xoá',
          icon: <DeleteIcon fontSize="small" />,
          color: 'error',
          visible: (_r, ctx) => isManager(ctx.session.priority),
          confirm: { title: 'Xoá bản ghi', message: 'Xác nhận xoá bản ghi', danger: true },
          run: (r) => baodoApi.remove(r.id),
          successMsg: 'Xoá bản ghi thành công',
          errorMsg: 'Xoá bản ghi thất bại',
        },
      ],
      history: { endpoint: (r) => baodoHistory(r.id) },
    }),
    [openCreate, openEdit],
  );
  return (
    <>
      <ListScreen ref={listRef} config={config} />
      {form.dialog}
    </>
  );
}
