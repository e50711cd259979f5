/**
 * The order lists' columns (spec 3 §2.15, §2.16): every inline edit and status dropdown is made
 * after the list's confirm dialog (spec 3 §4: "every manual status change is made from a dropdown
 * after a confirm dialog"); declining puts the value back. The countdown is the server's deadline.
 */
import Chip from '@mui/material/Chip';
import { AUTO_USER, formatNumber, whoLabel } from '../../common/format';
import { hiddenAtFirst } from '../../list/columns';
import type { ColumnDef, ListContext, SelectOption } from '../../list/types';
import { isManager } from '../../api/access';
import { ORDER_LISTS, type OrderApi, type OrderKind, type OrderPage, type OrderRecord } from './api';
import Countdown from './Countdown';
import {
  COLLECTION_OPTIONS,
  INFO_APPROVAL_OPTIONS,
  infoApprovalPrompt,
  FORM_OPTIONS,
  label,
  MFY_STATUS_OPTIONS,
  R9279_STATUS_OPTIONS,
  SETTABLE_COLLECTION_OPTIONS,
  statusColor,
  TIER_OPTIONS,
} from './statuses';

const chip = (v: string) => ({ label: label(v), color: statusColor(v) });

/**
 * Columns shown only when asked for ('Cột'): the rest, the ones staff work with every day, fit a
 * 1440-px screen with the row actions in view. Exports keep every column.
 */
const HIDDEN_AT_FIRST = new Set([
  'so_dien_thoai_chu',
  'gia_ban_goi',
  'ti_le_doanh_thu',
  'ti_le_doanh_thu_tinh_luong',
  'doanh_thu_tinh_luong',
  'truy_thu',
  'ten_nv',
  'username_thay_doi_trang_thai',
  'note',
  'cty',
  'chenh_lech',
  'created_at',
  // Collection is the accountant's: its filter stays, the column is one click away.
  'trang_thai_thu_tien',
  // 9279: the order's own date and its form.
  'created_time',
  'hinh_thuc',
]);

/** The columns of one order list; `packages` are the price list's, the choices of the package cell. */
export function orderColumns(kind: OrderKind, calls: OrderApi, packages: () => SelectOption[]): ColumnDef<OrderRecord>[] {
  const { testId } = ORDER_LISTS[kind];
  const mfy = kind === 'mfy';
  const ifManager = (ctx: ListContext<OrderRecord>) => isManager(ctx.session.priority);
  const serverOffset = (ctx: ListContext<OrderRecord>) => {
    // The list's answer is the screen's (OrdersScreen: an OrderPage).
    const page = ctx.data?.raw as OrderPage | null | undefined;
    const st = page?.server_time;
    return st ? Date.parse(st) - (page?.__loadedAt ?? Date.now()) : 0;
  };
  const money = (
    field: 'doanh_thu' | 'chenh_lech',
    headerName: string,
    run: (id: string, v: string) => Promise<unknown>,
  ): ColumnDef<OrderRecord> => ({
    field,
    headerName,
    kind: 'number',
    minWidth: 110,
    edit: {
      // Shown 70,000 like the read-only amounts; typed as digits.
      type: 'number',
      ignoreBlank: true,
      canEdit: (r) => r.can_edit,
      confirm: (_r, v) => `Xác nhận cập nhật ${headerName.toLowerCase()} thành ${formatNumber(v)}?`,
      save: (r, v) => run(r.id, String(v).trim()),
      successMsg: 'Cập nhật thành công',
      errorMsg: 'Cập nhật thất bại',
    },
  });
  return hiddenAtFirst<OrderRecord>(HIDDEN_AT_FIRST, [
    { field: '__index', headerName: '#', kind: 'index' },
    {
      field: 'so_dien_thoai_chu',
      headerName: 'SĐT chủ',
      minWidth: 130,
      visible: ifManager,
      edit: {
        type: 'text',
        ignoreBlank: true,
        canEdit: (r) => r.can_edit,
        confirm: (_r, v) => `Xác nhận cập nhật số điện thoại chủ ${v}?`,
        save: (r, v) => calls.ownerPhone(r.id, String(v).trim()),
        successMsg: 'Cập nhật thành công',
        errorMsg: 'Cập nhật thất bại',
      },
    },
    ...(mfy ? [] : [{ field: 'cty', headerName: 'Công ty đối tác', minWidth: 130, visible: ifManager } as ColumnDef<OrderRecord>]),
    ...(mfy
      ? []
      : [
          {
            field: 'hinh_thuc',
            headerName: 'Hình thức',
            minWidth: 120,
            options: FORM_OPTIONS,
            edit: {
              type: 'select',
              canEdit: (r) => r.can_edit,
              confirm: (_r, v) => `Xác nhận đổi hình thức thành ${label(v)}?`,
              save: (r, v) => calls.form(r.id, v),
              successMsg: 'Cập nhật thành công',
              errorMsg: 'Cập nhật thất bại',
            },
          } as ColumnDef<OrderRecord>,
        ]),
    { field: 'so_dien_thoai', headerName: 'Số thuê bao', kind: 'phone', minWidth: 120 },
    {
      field: 'ma_goi',
      headerName: 'Gói cước',
      minWidth: 110,
      edit: {
        // One of the price list's packages, not free text; the server checks it too.
        type: 'select',
        options: (r) => {
          const listed = packages();
          return listed.some((o) => o.value === r.ma_goi) ? listed : [{ value: r.ma_goi, label: r.ma_goi }, ...listed];
        },
        canEdit: (r) => r.can_edit,
        confirm: (_r, v) => `Xác nhận đổi gói cước thành ${v}?`,
        save: (r, v) => calls.packageCode(r.id, String(v).trim()),
        successMsg: 'Cập nhật thành công',
        errorMsg: 'Cập nhật thất bại',
      },
    },
    {
      field: 'gia_ban_goi',
      headerName: 'Giá bán gói',
      minWidth: 100,
      options: TIER_OPTIONS,
      edit: {
        type: 'select',
        canEdit: (r) => r.can_edit,
        confirm: (_r, v) => `Xác nhận đổi giá bán gói thành T${v}?`,
        save: (r, v) => calls.tier(r.id, v),
        successMsg: 'Cập nhật thành công',
        errorMsg: 'Cập nhật thất bại',
      },
    },
    {
      field: 'trang_thai_yeu_cau',
      headerName: 'Trạng thái yêu cầu',
      kind: 'chip',
      minWidth: 130,
      chip: (r) => chip(r.trang_thai_yeu_cau),
      export: { value: (r) => label(r.trang_thai_yeu_cau) },
    },
    {
      field: 'trang_thai',
      headerName: 'Trạng thái',
      minWidth: 140,
      options: mfy ? MFY_STATUS_OPTIONS : R9279_STATUS_OPTIONS,
      render: (r) =>
        (r.can_set_status ? undefined : (
          <Chip size="small" data-testid={`${testId}-status-${r.id}`} data-status={r.trang_thai} {...chip(r.trang_thai)} />
        )) ?? label(r.trang_thai),
      edit: {
        type: 'select',
        canEdit: (r) => r.can_set_status,
        confirm: (_r, v) => `Xác nhận đổi trạng thái thành ${label(v)}?`,
        save: (r, v) => calls.setStatus(r.id, v),
        successMsg: 'Cập nhật trạng thái thành công',
        errorMsg: 'Cập nhật trạng thái thất bại',
      },
      export: { value: (r) => label(r.trang_thai) },
    },
    {
      field: 'han_huy',
      headerName: 'Tự huỷ sau',
      minWidth: 90,
      export: false,
      render: (r, ctx) => <Countdown deadline={r.han_huy} serverOffsetMs={serverOffset(ctx)} testId={`${testId}-countdown-${r.id}`} />,
    },
    {
      field: 'trang_thai_thu_tien',
      headerName: 'Thu tiền',
      minWidth: 120,
      options: COLLECTION_OPTIONS,
      edit: {
        type: 'select',
        options: SETTABLE_COLLECTION_OPTIONS,
        canEdit: (r) => r.can_set_collection,
        confirm: (_r, v) => `Xác nhận đổi trạng thái thu tiền thành ${label(v)}?`,
        save: (r, v) => calls.setCollection(r.id, v),
        successMsg: 'Cập nhật thành công',
        errorMsg: 'Cập nhật thất bại',
      },
      export: { value: (r) => label(r.trang_thai_thu_tien) },
    },
    {
      // 'Duyệt thông tin' (spec 3 §4): a select for managers, a chip for the rest.
      field: 'trang_thai_duyet_thong_tin',
      headerName: 'Duyệt thông tin',
      description: 'trang_thai_duyet_thong_tin',
      minWidth: 130,
      options: INFO_APPROVAL_OPTIONS,
      render: (r) => (
        <Chip
          size="small"
          data-testid={`${testId}-info-approval-${r.id}`}
          data-status={r.trang_thai_duyet_thong_tin}
          {...chip(r.trang_thai_duyet_thong_tin)}
        />
      ),
      edit: {
        type: 'select',
        canEdit: (r) => r.can_set_status,
        confirm: (_r, v) => infoApprovalPrompt(v),
        save: (r, v) => calls.setInfoApproval(r.id, v),
        successMsg: 'Cập nhật thành công',
        errorMsg: 'Cập nhật thất bại',
      },
      export: { value: (r) => label(r.trang_thai_duyet_thong_tin) },
    },
    ...(mfy
      ? [money('doanh_thu', 'Doanh thu', calls.revenue)]
      : [{ field: 'doanh_thu', headerName: 'Doanh thu', kind: 'number', minWidth: 110 } as ColumnDef<OrderRecord>]),
    money('chenh_lech', 'Chênh lệch', calls.difference),
    { field: 'ti_le_doanh_thu', headerName: 'Tỉ lệ DT', kind: 'number', minWidth: 90 },
    {
      field: 'ti_le_doanh_thu_tinh_luong',
      headerName: 'Tỉ lệ lương',
      minWidth: 110,
      value: (r) => (r.ti_le_doanh_thu_tinh_luong < 0 ? '' : r.ti_le_doanh_thu_tinh_luong),
      edit: mfy
        ? {
            type: 'text',
            ignoreBlank: true,
            canEdit: (r) => r.can_edit,
            confirm: (_r, v) => `Xác nhận cập nhật tỉ lệ doanh thu tính lương thành ${v}?`,
            save: (r, v) => calls.salaryRatio(r.id, String(v).trim()),
            successMsg: 'Cập nhật thành công',
            errorMsg: 'Cập nhật thất bại',
          }
        : undefined,
    },
    { field: 'doanh_thu_tinh_luong', headerName: 'DT tính lương', kind: 'number', minWidth: 120 },
    { field: 'truy_thu', headerName: 'Truy thu', kind: 'number', minWidth: 100 },
    { field: 'username_nv', headerName: 'Nhân viên', minWidth: 110 },
    { field: 'ten_nv', headerName: 'Tên nhân viên', minWidth: 140 },
    {
      field: 'username_thay_doi_trang_thai',
      headerName: 'Người cập nhật trạng thái',
      minWidth: 140,
      visible: ifManager,
      value: (r) => whoLabel(r.username_thay_doi_trang_thai),
      render: (r) => (
        <span style={{ color: r.username_thay_doi_trang_thai === AUTO_USER ? 'grey' : undefined }}>
          {whoLabel(r.username_thay_doi_trang_thai)}
        </span>
      ),
    },
    { field: 'created_at', headerName: 'Ngày tạo', kind: 'datetime', minWidth: 160 },
    ...(mfy
      ? []
      : [
          {
            field: 'created_time',
            headerName: 'Ngày đơn',
            kind: 'datetime',
            minWidth: 170,
            edit: {
              type: 'datetime',
              canEdit: (r) => r.can_edit,
              confirm: (_r, v) => `Xác nhận đổi ngày đơn thành ${v}?`,
              save: (r, v) => calls.createdTime(r.id, String(v)),
              successMsg: 'Cập nhật thành công',
              errorMsg: 'Cập nhật thất bại',
            },
          } as ColumnDef<OrderRecord>,
        ]),
    { field: 'note', headerName: 'Ghi chú', minWidth: 140, visible: ifManager },
    ...(mfy ? [{ field: 'cty', headerName: 'Công ty', minWidth: 120, visible: ifManager } as ColumnDef<OrderRecord>] : []),
    { field: 'actions', headerName: 'Chức năng', kind: 'actions', minWidth: 150, export: false },
  ]);
}
