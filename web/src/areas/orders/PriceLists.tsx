import { useMemo, useRef, useState } from 'react';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import FormDialog from '../../form/FormDialog';
import type { FormConfig } from '../../form/types';
import ImportButton from '../../import/ImportButton';
import type { ImportSpec } from '../../import/sheet';
import ListScreen from '../../list/ListScreen';
import type { ListConfig, ListHandle } from '../../list/types';
import { PRICE_LISTS, priceApi, type PackagePrice, type PriceKind } from './api';

/** Sheet columns in order: name, fee, T1, T2, T3; row 1 is the header (spec 3 §3). */
export const PRICE_IMPORT_SPEC: ImportSpec = {
  firstDataRow: 2,
  columns: [
    { col: 0, field: 'ten_goi_cuoc', label: 'Tên gói cước' },
    { col: 1, field: 'phi_thu_hoi', parse: 'digits', label: 'Phí thu hồi' },
    { col: 2, field: 'gia_t1', parse: 'digits', label: 'Giá T1' },
    { col: 3, field: 'gia_t2', parse: 'digits', label: 'Giá T2' },
    { col: 4, field: 'gia_t3', parse: 'digits', label: 'Giá T3' },
  ],
};

/** What the price dialog sends: the name, and the amounts as numbers (money fields; blank: null). */
type PriceValues = {
  ten_goi_cuoc: string;
  phi_thu_hoi: number | null;
  gia_t1: number | null;
  gia_t2: number | null;
  gia_t3: number | null;
};

/** The dialog (spec 3 §5): all five fields required, amounts default to 0; nothing is sent otherwise. */
export function priceFormConfig(kind: PriceKind): FormConfig<PackagePrice, PriceValues> {
  const calls = priceApi(kind);
  const money = (key: string, label: string) => ({ key, label, type: 'money' as const, required: true, default: 0 });
  return {
    title: (mode) => (mode === 'create' ? 'Thêm giá gói' : 'Cập nhật giá gói'),
    successMsg: (mode) => (mode === 'create' ? 'Thêm giá gói thành công' : 'Cập nhật giá gói thành công'),
    errorMsg: (mode) => (mode === 'create' ? 'Thêm giá gói không thành công' : 'Cập nhật giá gói không thành công'),
    submitLabel: 'Lưu',
    fields: [
      { key: 'ten_goi_cuoc', label: 'Tên gói cước', type: 'text', required: true },
      money('phi_thu_hoi', 'Phí thu hồi'),
      money('gia_t1', 'Giá T1'),
      money('gia_t2', 'Giá T2'),
      money('gia_t3', 'Giá T3'),
    ],
    submit: (v, ctx) => {
      // Amounts travel as the proto's digits (the sheet import sends them so too).
      const amount = (n: number | null) => (n === null ? '' : String(n));
      const body = {
        ten_goi_cuoc: v.ten_goi_cuoc,
        phi_thu_hoi: amount(v.phi_thu_hoi),
        gia_t1: amount(v.gia_t1),
        gia_t2: amount(v.gia_t2),
        gia_t3: amount(v.gia_t3),
      };
      return ctx.row ? calls.update(ctx.row.id, body) : calls.create(body);
    },
  };
}

/**
 * A package price list ('Giá gói mfy' /sys/giagoimfy, 'Giá gói đăng ký 9279' /sys/giagoidangky9279;
 * spec 3 §2.13, §2.14): name search (Enter), create, Excel import and export, edit, delete after
 * 'Xoá bản ghi' / 'Xác nhận xoá bản ghi', and each row's history.
 */
function PriceListScreen({ kind }: { kind: PriceKind }) {
  const listRef = useRef<ListHandle>(null);
  const [dialog, setDialog] = useState<{ row: PackagePrice | null } | null>(null);
  const meta = PRICE_LISTS[kind];
  const calls = useMemo(() => priceApi(kind), [kind]);
  const form = useMemo(() => priceFormConfig(kind), [kind]);

  const config = useMemo<ListConfig<PackagePrice>>(
    () => ({
      id: meta.testId,
      title: meta.title,
      endpoint: meta.endpoint,
      defaultPageSize: 20,
      filters: [{ key: 'ten_goi_cuoc', type: 'text', label: 'Tên gói cước', placeholder: 'Tìm theo tên gói', width: 240 }],
      toolbar: [{ key: 'create', label: 'Tạo bản ghi', icon: <AddIcon />, onClick: () => setDialog({ row: null }) }],
      toolbarExtra: () => (
        <ImportButton
          id={meta.testId}
          endpoint={calls.importEndpoint}
          spec={PRICE_IMPORT_SPEC}
          label="Nhập Excel"
          onDone={() => listRef.current?.reload()}
        />
      ),
      export: { fileName: meta.exportFile },
      columns: [
        { field: '__index', headerName: '#', kind: 'index' },
        { field: 'ten_goi_cuoc', headerName: 'Tên gói cước', flex: 1, minWidth: 160 },
        { field: 'phi_thu_hoi', headerName: 'Phí thu hồi', kind: 'number', minWidth: 120 },
        { field: 'gia_t1', headerName: 'Giá T1', kind: 'number', minWidth: 110 },
        { field: 'gia_t2', headerName: 'Giá T2', kind: 'number', minWidth: 110 },
        { field: 'gia_t3', headerName: 'Giá T3', kind: 'number', minWidth: 110 },
        { field: 'actions', headerName: 'Thao tác', kind: 'actions', width: 140, export: false },
      ],
      rowActions: [
        { key: 'edit', label: 'Sửa', icon: <EditIcon fontSize="small" />, color: 'primary', run: (r) => setDialog({ row: r }) },
        {
          key: 'delete',
          label: 'Xoá',
          icon: <DeleteIcon fontSize="small" />,
          color: 'error',
          confirm: { title: 'Xoá bản ghi', message: 'Xác nhận xoá bản ghi', danger: true },
          run: (r) => calls.remove(r.id),
          successMsg: 'Xoá bản ghi thành công',
          errorMsg: 'Xoá bản ghi không thành công',
        },
      ],
      history: {
        endpoint: (r) => calls.history(r.id),
        fieldLabels: {
          ten_goi_cuoc: 'Tên gói cước',
          phi_thu_hoi: 'Phí thu hồi',
          gia_t1: 'Giá T1',
          gia_t2: 'Giá T2',
          gia_t3: 'Giá T3',
          deleted: 'Xoá bản ghi',
        },
      },
    }),
    [meta, calls],
  );

  return (
    <>
      <ListScreen ref={listRef} config={config} />
      <FormDialog
        config={form}
        testIdPrefix={`${meta.testId}-form`}
        open={!!dialog}
        mode={dialog?.row ? 'edit' : 'create'}
        row={dialog?.row ?? null}
        onClose={() => setDialog(null)}
        onSaved={() => {
          setDialog(null);
          listRef.current?.reload();
        }}
      />
    </>
  );
}

export const MfyPrices = () => <PriceListScreen kind="mfy" />;
export const Reg9279Prices = () => <PriceListScreen kind="9279" />;
