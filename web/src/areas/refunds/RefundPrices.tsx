import { useMemo, useRef } from 'react';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { useRecordDialog } from '../../form/useRecordDialog';
import type { FormConfig } from '../../form/types';
import ImportButton from '../../import/ImportButton';
import type { ImportSpec } from '../../import/sheet';
import ListScreen from '../../list/ListScreen';
import type { ListConfig, ListHandle } from '../../list/types';
import { PRICE_FIELDS, PRICE_IMPORT, PRICE_LIST, priceApi, type RefundPrice, type RefundPriceInput, priceHistory } from './api';

/** Sheet columns in order: name then the thirteen prices; row 1 is the header (spec 3 §3). */
export const REFUND_PRICE_IMPORT_SPEC: ImportSpec = {
  firstDataRow: 2,
  columns: [
    { col: 0, field: 'ten_goi_cuoc', label: 'Tên gói cước' },
    ...PRICE_FIELDS.map((f, i) => ({ col: i + 1, field: f.key, parse: 'number' as const, label: f.label })),
  ],
};

/** The dialog (spec 3 §5): all fourteen fields required; prices shown 0,0. */
export const refundPriceForm: FormConfig<RefundPrice> = {
  title: (mode) => (mode === 'create' ? 'Thêm giá hoàn tiền' : 'Cập nhật giá hoàn tiền'),
  successMsg: (mode) => (mode === 'create' ? 'Thêm giá hoàn tiền thành công' : 'Cập nhật giá hoàn tiền thành công'),
  errorMsg: (mode) => (mode === 'create' ? 'Thêm giá hoàn tiền không thành công' : 'Cập nhật giá hoàn tiền không thành công'),
  submitLabel: 'Lưu',
  maxWidth: 'md',
  fields: [
    { key: 'ten_goi_cuoc', label: 'Tên gói cước', type: 'text', required: true },
    ...PRICE_FIELDS.map((f) => ({ key: f.key, label: f.label, type: 'money' as const, required: true })),
  ],
  submit: (v, ctx) => {
    const body = Object.fromEntries([['ten_goi_cuoc', v.ten_goi_cuoc], ...PRICE_FIELDS.map((f) => [f.key, v[f.key]])]) as RefundPriceInput;
    return ctx.row ? priceApi.update(ctx.row.id, body) : priceApi.create(body);
  },
};

/**
 * 'Giá hoàn tiền' (/sys/giahoantien, spec 3 §2.19): name search, create, edit, delete after
 * 'Xác nhận xoá bản ghi', Excel import (header skipped, the server keeps the last row of a name)
 * and export, each row's history.
 */
export default function RefundPrices() {
  const listRef = useRef<ListHandle>(null);
  const form = useRecordDialog<RefundPrice>(refundPriceForm, 'giahoantien-form', () => listRef.current?.reload());
  const { openCreate, openEdit } = form;
  const config = useMemo<ListConfig<RefundPrice>>(
    () => ({
      id: 'giahoantien',
      title: 'Giá hoàn tiền',
      endpoint: PRICE_LIST,
      filters: [{ key: 'ten_goi_cuoc', type: 'text', label: 'Tên gói cước', placeholder: 'Tìm theo tên gói', width: 240 }],
      toolbar: [{ key: 'create', label: 'Tạo bản ghi', icon: <AddIcon />, onClick: () => openCreate() }],
      toolbarExtra: () => (
        <ImportButton
          id="giahoantien"
          endpoint={PRICE_IMPORT}
          spec={REFUND_PRICE_IMPORT_SPEC}
          label="Nhập Excel"
          onDone={() => listRef.current?.reload()}
        />
      ),
      export: { fileName: 'GIA-HOAN-TIEN.xlsx' },
      columns: [
        { field: '__index', headerName: '#', kind: 'index' },
        { field: 'ten_goi_cuoc', headerName: 'Tên gói cước', minWidth: 140 },
        ...PRICE_FIELDS.map((f) => ({ field: f.key, headerName: f.label, kind: 'number' as const, minWidth: 120 })),
        { field: 'actions', headerName: 'Thao tác', kind: 'actions', width: 140, export: false },
      ],
      rowActions: [
        { key: 'edit', label: 'Sửa', icon: <EditIcon fontSize="small" />, color: 'primary', run: (r) => openEdit(r) },
        {
          key: 'delete',
          label: 'Xoá',
          icon: <DeleteIcon fontSize="small" />,
          color: 'error',
          confirm: { title: 'Xoá bản ghi', message: 'Xác nhận xoá bản ghi', danger: true },
          run: (r) => priceApi.remove(r.id),
          successMsg: 'Xoá bản ghi thành công',
          errorMsg: 'Xoá bản ghi không thành công',
        },
      ],
      history: {
        endpoint: (r) => priceHistory(r.id),
        fieldLabels: {
          ten_goi_cuoc: 'Tên gói cước',
          ...Object.fromEntries(PRICE_FIELDS.map((f) => [f.key, f.label])),
          deleted: 'Xoá bản ghi',
          created: 'Tạo bản ghi',
          imported: 'Nhập Excel',
        },
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
