import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { formatNumber, whoLabel } from '../../common/format';
import { hiddenAtFirst } from '../../list/columns';
import type { ColumnDef, InlineEdit, InlineEditType, ListContext } from '../../list/types';
import { isManager } from '../../api/access';
import {
  CHANNEL_OPTIONS,
  differenceColor,
  METHOD_LABELS,
  REQUEST_METHODS,
  REQUEST_TYPES,
  requestApi,
  tradeStatusChoices,
  tradeStatusColor,
  type RefundPrice,
  type RefundRequest,
} from './api';
import { PhoneCell } from './requestTools';

const NUMBER_TYPE = { 1: 'MC', 2: 'MG' } as Record<number, string>;
const PACKAGE_APPROVAL = [
  { value: 0, label: 'Chưa duyệt hoàn' },
  { value: 1, label: 'Đã duyệt hoàn' },
  { value: 2, label: 'Từ chối' },
];
const TRANSFER = [
  { value: 0, label: 'Chưa CK' },
  { value: 1, label: 'Đã CK' },
];

/**
 * An inline edit that saves only after the manager confirms (spec 2 §4: every status change asks
 * first; the list's edit.confirm: a declined prompt saves nothing and puts the old value back).
 */
function confirmedEdit<R extends RefundRequest>(
  type: Exclude<InlineEditType, 'number'>,
  question: (row: R, value: string) => string,
  save: (row: R, value: string) => Promise<unknown>,
  extra: Partial<Pick<InlineEdit<R>, 'options' | 'canEdit'>> = {},
): InlineEdit<R> {
  return {
    type,
    ignoreBlank: true,
    canEdit: (_r, ctx) => isManager(ctx.session.priority),
    errorMsg: 'Cập nhật không thành công',
    ...extra,
    confirm: question,
    save: async (row, value, ctx) => {
      await save(row, value);
      ctx.notify('Cập nhật thành công', 'success');
    },
  };
}

const label = (opts: ReadonlyArray<{ value: number; label: string }>, v: unknown) =>
  opts.find((o) => o.value === Number(v))?.label ?? String(v ?? '');
const money = (v: unknown) => (v === null || v === undefined || v === '' ? NaN : Number(String(v).replace(/[^\d-]/g, '')));

/**
 * Columns shown only when asked for ('Cột'): who, the number, the package, the kind of request,
 * the partner's status, the amount and what the customer transfers for a top-up, and the
 * approval fit a 1440-px screen with the row actions; the rest is one click away and in every export.
 */
const HIDDEN_AT_FIRST = new Set([
  'staff_fullname',
  'number_type',
  'ma_trang_thai_giao_dich_doi_tac',
  'request_method',
  'other_refund',
  // For managers the same number as 'Số tiền khách chuyển khoản' on a top-up (shown at first).
  'tien_hoan_sau_chiet_khau',
  'chenh_lech',
  'tien_trinh_nap',
  'created_time',
  'kenh_doi_tac',
  'is_transfer',
  'approver',
  'noi_dung_chuyen_khoan',
]);

/**
 * The request list's columns: every inline edit the server allows priority below 3, each confirmed
 * first; `packages` feeds the package select.
 */
export function requestColumns(packages: RefundPrice[]): ColumnDef<RefundRequest>[] {
  const senior = (ctx: ListContext) => isManager(ctx.session.priority);
  return hiddenAtFirst<RefundRequest>(HIDDEN_AT_FIRST, [
    { field: '__index', headerName: '#', kind: 'index' },
    {
      field: 'staff_username',
      headerName: 'Nhân viên',
      minWidth: 110,
      edit: confirmedEdit(
        'text',
        (_r, v) => `Xác nhận đổi nhân viên thành '${v}'?`,
        (r, v) => requestApi.staff(r.id, String(v).trim()),
      ),
    },
    { field: 'staff_fullname', headerName: 'Tên nhân viên', minWidth: 140 },
    { field: 'number_phone', headerName: 'Số điện thoại', kind: 'phone', minWidth: 130, render: (r) => <PhoneCell row={r} /> },
    { field: 'number_type', headerName: 'Loại TB', width: 80, value: (r) => NUMBER_TYPE[r.number_type] ?? '' },
    {
      field: 'package_code',
      headerName: 'Gói cước',
      minWidth: 110,
      edit: confirmedEdit(
        'select',
        (_r, v) => `Xác nhận đổi gói cước thành '${v}'?`,
        (r, v) => requestApi.packageCode(r.id, String(v)),
        {
          options: () => packages.map((p) => ({ value: p.ten_goi_cuoc, label: p.ten_goi_cuoc })),
        },
      ),
    },
    {
      field: 'trang_thai_giao_dich_doi_tac',
      headerName: 'Trạng thái',
      minWidth: 130,
      render: (r) => (
        <Chip size="small" label={r.trang_thai_giao_dich_doi_tac || '—'} color={tradeStatusColor(r.trang_thai_giao_dich_doi_tac)} />
      ),
    },
    {
      field: 'ma_trang_thai_giao_dich_doi_tac',
      headerName: 'Đổi trạng thái',
      minWidth: 130,
      visible: senior,
      export: false,
      edit: confirmedEdit(
        'select',
        (r, v) => `Xác nhận đổi trạng thái giao dịch thành '${label(tradeStatusChoices(r.number_type), v)}'?`,
        (r, v) => requestApi.tradeStatus(r.id, Number(v)),
        { options: (r) => tradeStatusChoices(r.number_type) },
      ),
    },
    {
      field: 'request_type',
      headerName: 'Yêu cầu',
      minWidth: 100,
      options: REQUEST_TYPES,
      edit: confirmedEdit(
        'select',
        (_r, v) => `Xác nhận đổi yêu cầu thành '${label(REQUEST_TYPES, v)}'?`,
        (r, v) => requestApi.type(r.id, Number(v)),
        {
          // A type edit stays on its side: refunds among 1, 2, 4, a top-up stays 5 (server rule).
          options: (r) => REQUEST_TYPES.filter((t) => (r.request_type === 5 ? t.value === 5 : [1, 2, 4].includes(t.value))),
        },
      ),
    },
    {
      field: 'request_method',
      headerName: 'Hình thức',
      minWidth: 120,
      options: METHOD_LABELS,
      edit: confirmedEdit(
        'select',
        (_r, v) => `Xác nhận đổi hình thức thành '${label(REQUEST_METHODS, v)}'?`,
        (r, v) => requestApi.method(r.id, Number(v)),
        {
          canEdit: (r, ctx) => isManager(ctx.session.priority) && r.request_type !== 5,
          options: REQUEST_METHODS.map(({ value, label: l }) => ({ value, label: l })),
        },
      ),
    },
    {
      field: 'refund_price',
      headerName: 'Số tiền hoàn / nạp',
      kind: 'number',
      minWidth: 110,
      edit: confirmedEdit(
        'text',
        (_r, v) => `Xác nhận đổi số tiền thành ${formatNumber(money(v))}?`,
        (r, v) => requestApi.refundAmount(r.id, money(v)),
        {
          canEdit: (r, ctx) => isManager(ctx.session.priority) && r.request_type === 5,
        },
      ),
    },
    {
      field: 'other_refund',
      headerName: 'Hoàn thêm',
      kind: 'number',
      minWidth: 110,
      edit: confirmedEdit(
        'text',
        (_r, v) => `Xác nhận đổi tiền hoàn thêm thành ${formatNumber(money(v))}?`,
        (r, v) => requestApi.extraRefund(r.id, money(v)),
      ),
    },
    // What the customer of a top-up transfers (transfer_final_amount): the salesperson tells them, so everyone sees it.
    {
      field: 'transfer_final_amount',
      // Short enough for two header lines at 110 px (1440-px layout); the full words on hover and in the export.
      headerName: 'Khách chuyển',
      description: 'Số tiền khách chuyển khoản',
      export: { header: 'Số tiền khách chuyển khoản' },
      kind: 'number',
      minWidth: 110,
      value: (r) => (r.request_type === 5 ? r.transfer_final_amount : ''),
    },
    // The server sends it to priority below 3 only (spec 2 §2.9).
    { field: 'tien_hoan_sau_chiet_khau', headerName: 'Tiền sau chiết khấu', kind: 'number', minWidth: 110, visible: senior },
    {
      field: 'chenh_lech',
      headerName: 'Chênh lệch chiết khấu',
      kind: 'number',
      minWidth: 130,
      // Read-only and coloured for priority above 2 (spec 2 §6); managers get the editable cell.
      render: (r, ctx) => (
        <Box
          component="span"
          data-testid={`requestrefund-chenh_lech-${r.id}`}
          sx={{
            color: differenceColor(r.chenh_lech, ctx.session.priority),
            fontWeight: differenceColor(r.chenh_lech, ctx.session.priority) ? 600 : undefined,
          }}
        >
          {formatNumber(r.chenh_lech)}
        </Box>
      ),
      edit: confirmedEdit(
        'text',
        (_r, v) => `Xác nhận đổi chênh lệch thành ${formatNumber(money(v))}?`,
        (r, v) => requestApi.difference(r.id, money(v)),
      ),
    },
    { field: 'tien_trinh_nap', headerName: 'Tiến trình nạp', minWidth: 120 },
    {
      field: 'created_time',
      headerName: 'Thời gian yêu cầu',
      kind: 'datetime',
      minWidth: 170,
      edit: confirmedEdit(
        'datetime',
        (_r, v) => `Xác nhận đổi thời gian tạo thành ${v}?`,
        (r, v) => requestApi.createdTime(r.id, String(v)),
      ),
    },
    { field: 'kenh_doi_tac', headerName: 'Kênh đối tác', minWidth: 120, visible: senior, options: CHANNEL_OPTIONS },
    {
      field: 'is_transfer',
      headerName: 'Chuyển khoản',
      minWidth: 110,
      options: TRANSFER,
      edit: confirmedEdit(
        'select',
        (_r, v) => `Xác nhận đổi trạng thái chuyển khoản thành '${label(TRANSFER, v)}'?`,
        (r, v) => requestApi.transfer(r.id, Number(v)),
        { options: TRANSFER },
      ),
    },
    { field: 'approver', headerName: 'Người duyệt', minWidth: 110, value: (r) => whoLabel(r.approver) },
    {
      field: 'trang_thai_duyet_hoan_goi',
      headerName: 'Duyệt hoàn gói',
      minWidth: 120,
      options: PACKAGE_APPROVAL,
      edit: confirmedEdit(
        'select',
        (_r, v) => `Xác nhận đổi trạng thái duyệt hoàn thành '${label(PACKAGE_APPROVAL, v)}'?`,
        (r, v) => requestApi.packageApproval(r.id, Number(v)),
        { canEdit: (r, ctx) => isManager(ctx.session.priority) && r.request_type <= 2, options: PACKAGE_APPROVAL },
      ),
    },
    {
      field: 'noi_dung_chuyen_khoan',
      headerName: 'Nội dung CK',
      minWidth: 170,
      render: (r, ctx) =>
        r.noi_dung_chuyen_khoan ? (
          <Chip
            size="small"
            variant="outlined"
            icon={<ContentCopyIcon fontSize="small" />}
            label={r.noi_dung_chuyen_khoan}
            data-testid={`requestrefund-note-${r.id}`}
            onClick={() =>
              navigator.clipboard?.writeText(r.noi_dung_chuyen_khoan ?? '').then(
                () => ctx.notify('Đã sao chép nội dung chuyển khoản', 'success'),
                () => undefined,
              )
            }
          />
        ) : null,
    },
    { field: 'actions', headerName: 'Thao tác', kind: 'actions', width: 170, export: false },
  ]);
}
