import { useMemo, useRef } from 'react';
import DownloadIcon from '@mui/icons-material/Download';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { failText } from '../../api/client';
import { formatNumber, monthStart, today } from '../../common/format';
import { staffPickerOptions, type StaffOption } from '../../common/refdata';
import { writeExcel } from '../../list/exportExcel';
import { CLAWBACK_COLUMNS } from './clawback';
import ListScreen from '../../list/ListScreen';
import type { InlineEdit, ListConfig, ListContext, ListHandle } from '../../list/types';
import {
  CLAWBACK_OPTIONS,
  HISTORY_FIELD_LABELS,
  historyValueLabels,
  REPORT_LIST,
  METHOD_LABELS,
  REQUEST_TYPES,
  TRADE_STATUS_FILTER,
  clawbackLabel,
  reportApi,
  tradeStatusColor,
  type RefundRequest,
  requestHistory,
  type RefundRequestList,
  type RefundTotals,
} from './api';
import { isManager, isSales } from '../../api/access';
import { deleteRequestAction } from './requestActions';

/** A clawback column: the status as a chip, a dropdown for priority below 3 after the spec's confirm text. */
function clawbackEdit(save: (id: string, v: string) => Promise<unknown>): InlineEdit<RefundRequest> {
  return {
    type: 'select',
    canEdit: (_r, ctx) => isManager(ctx.session.priority),
    options: (r) => CLAWBACK_OPTIONS.map((o) => ({ value: o.value, label: clawbackLabel(o.value, r.request_type) })),
    errorMsg: 'Đổi trạng thái truy thu không thành công',
    confirm: (_r, v) => CLAWBACK_OPTIONS.find((o) => o.value === v)?.confirm ?? '',
    save: async (r, v, ctx) => {
      await save(r.id, String(v));
      ctx.notify('Đổi trạng thái truy thu thành công', 'success');
    },
  };
}

const clawbackChip = (value: string, requestType: number) => (
  <Chip
    size="small"
    label={clawbackLabel(value, requestType)}
    color={CLAWBACK_OPTIONS.find((o) => o.value === value)?.color ?? 'default'}
  />
);

async function exportClawback(ctx: ListContext) {
  try {
    const data = await reportApi.clawbackList(ctx.filters);
    await writeExcel('DANH-SACH-TRUY-THU.xlsx', CLAWBACK_COLUMNS, data.values ?? []);
  } catch (e) {
    ctx.notify(failText('[Lỗi]', e), 'error');
  }
}

/**
 * 'Báo cáo yêu cầu hoàn tiền' (/app/requestrefundreport, spec 2 §2.10): staff picker indented by
 * level, every filter (clawback status of the package and of the extra refund, order kind), the
 * clawback statuses changed after their confirm texts ('ĐÃ THANH TOÁN' for top-ups), the two
 * exports BAO-CAO-YCHT.xlsx and DANH-SACH-TRUY-THU.xlsx (hidden for priority 5; refused by the server),
 * and 'Xoá' on a row after 'Xác nhận xoá bản ghi' for managers.
 */
export default function RefundReport() {
  const listRef = useRef<ListHandle>(null);
  const config = useMemo<ListConfig<RefundRequest, RefundRequestList>>(() => {
    const clawbackFilterOptions = CLAWBACK_OPTIONS.map((o) => ({ value: o.value, label: o.label }));
    return {
      id: 'requestrefundreport',
      title: 'Báo cáo yêu cầu hoàn tiền',
      endpoint: REPORT_LIST,
      filters: [
        {
          key: 'username',
          type: 'select',
          label: 'Nhân viên',
          allLabel: 'Tất cả',
          default: '',
          width: 220,
          loadOptions: async () => staffPickerOptions((await reportApi.staff()).values as StaffOption[]),
        },
        {
          key: 'is_transfer',
          type: 'select',
          label: 'Chuyển khoản',
          options: [
            { value: '0', label: 'Tất cả' },
            { value: '1', label: 'Chưa chuyển khoản' },
            { value: '2', label: 'Đã chuyển khoản' },
          ],
          default: '0',
          width: 160,
        },
        {
          key: 'trang_thai_giao_dich_doi_tac',
          type: 'select',
          label: 'Trạng thái giao dịch',
          options: TRADE_STATUS_FILTER,
          allLabel: 'Tất cả',
          default: '',
          width: 190,
        },
        {
          key: 'trang_thai_truy_thu_hoan_theo_goi',
          type: 'select',
          label: 'Truy thu hoàn gói',
          options: clawbackFilterOptions,
          allLabel: 'Tất cả',
          default: '',
          width: 170,
        },
        {
          key: 'trang_thai_truy_thu_hoan_them',
          type: 'select',
          label: 'Truy thu hoàn thêm',
          options: clawbackFilterOptions,
          allLabel: 'Tất cả',
          default: '',
          width: 170,
        },
        {
          key: 'don_hoan_hoac_nap',
          type: 'select',
          label: 'Loại đơn',
          options: [
            { value: 'hoan_tien', label: 'Đơn hoàn tiền' },
            { value: 'nap_tien', label: 'Đơn nạp tiền' },
          ],
          allLabel: 'Tất cả',
          default: '',
          width: 150,
        },
        { key: 'message', type: 'text', label: 'Tìm kiếm', placeholder: 'SĐT, gói cước, nhân viên', width: 200 },
        { key: 'startDate', type: 'date', label: 'Từ ngày', default: () => monthStart() },
        { key: 'endDate', type: 'date', label: 'Đến ngày', default: () => today() },
      ],
      toolbar: [
        {
          key: 'clawback',
          label: 'Xuất DS truy thu',
          icon: <DownloadIcon />,
          variant: 'outlined',
          visible: (ctx) => !isSales(ctx.session.priority),
          onClick: (ctx) => void exportClawback(ctx),
          testId: 'requestrefundreport-export-clawback',
        },
      ],
      export: { fileName: 'BAO-CAO-YCHT.xlsx' },
      summary: (data) => {
        const raw = data?.raw;
        const item = (k: keyof RefundTotals, text: string) => (
          <Typography variant="body2" data-testid={`requestrefundreport-${k}`}>
            {text}: <b>{formatNumber(raw?.[k] ?? 0)}</b>
          </Typography>
        );
        return (
          <Stack direction="row" spacing={3} sx={{ mb: 1 }}>
            {item('tongHoanTien', 'Tổng hoàn tiền')}
            {item('tongHoanThem', 'Tổng hoàn thêm')}
            {item('tongNapTien', 'Tổng nạp tiền')}
            {raw?.tongTienSauChietKhau !== undefined && item('tongTienSauChietKhau', 'Tổng tiền sau chiết khấu')}
          </Stack>
        );
      },
      columns: [
        { field: '__index', headerName: '#', kind: 'index' },
        { field: 'staff_username', headerName: 'Nhân viên', minWidth: 120 },
        { field: 'staff_fullname', headerName: 'Tên nhân viên', minWidth: 140 },
        { field: 'number_phone', headerName: 'Số điện thoại', kind: 'phone', minWidth: 120 },
        { field: 'package_code', headerName: 'Gói cước', minWidth: 110 },
        { field: 'request_type', headerName: 'Yêu cầu', options: REQUEST_TYPES, minWidth: 100 },
        {
          field: 'request_method',
          headerName: 'Hình thức',
          options: METHOD_LABELS,
          minWidth: 110,
        },
        { field: 'refund_price', headerName: 'Số tiền hoàn / nạp', kind: 'number', minWidth: 130 },
        { field: 'other_refund', headerName: 'Hoàn thêm', kind: 'number', minWidth: 100 },
        { field: 'transfer_final_amount', headerName: 'Tiền chuyển khoản', kind: 'number', minWidth: 130 },
        {
          field: 'trang_thai_giao_dich_doi_tac',
          headerName: 'Trạng thái',
          minWidth: 140,
          render: (r) => (
            <Chip size="small" label={r.trang_thai_giao_dich_doi_tac || '—'} color={tradeStatusColor(r.trang_thai_giao_dich_doi_tac)} />
          ),
        },
        { field: 'created_time', headerName: 'Thời gian yêu cầu', kind: 'datetime', minWidth: 160 },
        {
          field: 'trang_thai_truy_thu_hoan_theo_goi',
          headerName: 'Truy thu hoàn gói',
          minWidth: 160,
          render: (r) => clawbackChip(r.trang_thai_truy_thu_hoan_theo_goi, r.request_type),
          export: { value: (r) => clawbackLabel(r.trang_thai_truy_thu_hoan_theo_goi, r.request_type) },
          edit: clawbackEdit(reportApi.setPackage),
        },
        {
          field: 'trang_thai_truy_thu_hoan_them',
          headerName: 'Truy thu hoàn thêm',
          minWidth: 160,
          render: (r) => clawbackChip(r.trang_thai_truy_thu_hoan_them, r.request_type),
          export: { value: (r) => clawbackLabel(r.trang_thai_truy_thu_hoan_them, r.request_type) },
          edit: clawbackEdit(reportApi.setExtra),
        },
        { field: 'actions', headerName: 'Thao tác', kind: 'actions', width: 110, export: false },
      ],
      rowActions: [deleteRequestAction('requestrefundreport', reportApi.remove)],
      history: {
        endpoint: (r) => requestHistory(r.id),
        fieldLabels: HISTORY_FIELD_LABELS,
        valueLabels: historyValueLabels(),
      },
    };
  }, []);
  return <ListScreen ref={listRef} config={config} />;
}
