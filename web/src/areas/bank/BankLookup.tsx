import { useMemo, useRef } from 'react';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import CancelIcon from '@mui/icons-material/Cancel';
import ListScreen from '../../list/ListScreen';
import type { ListConfig, ListHandle, ListResult } from '../../list/types';
import { hiddenAtFirst } from '../../list/columns';
import ImportButton from '../../import/ImportButton';
import type { ImportSpec } from '../../import/sheet';
import { formatNumber, monthStart, today } from '../../common/format';
import { BANK_CHANNELS, BANK_IMPORT, BANK_LIST, bankApi, PROCESSING_OPTIONS, type BankMessage } from './api';

/** Priority below 3 sees processing, updater and approval, uploads, approves (spec 1 §6). */
const senior = (priority: number) => priority < 3;

/**
 * The VPBank statement (spec 1 §5): data from sheet row 13; a row with a blank first column is
 * skipped; columns counted from 0 as the sheet is read (A = 0): B (1) the time
 * DD/MM/YYYY HH:mm:ss, D (3) the content, G (6) the amount, of which only the digits count; rows
 * whose amount is 0 or less are dropped; the channel is VPBANK. The server checks every row again.
 */
export const VPBANK_IMPORT_SPEC: ImportSpec = {
  firstDataRow: 13,
  columns: [
    { col: 0, field: 'stt', label: 'STT' },
    { col: 1, field: 'datetime', parse: 'datetime', label: 'Thời gian' },
    { col: 3, field: 'str_mes', label: 'Nội dung' },
    { col: 6, field: 'money', parse: 'digits', label: 'Số tiền' },
  ],
  skip: (r) => String(r.stt ?? '').trim() === '',
  finish: ({ stt: _stt, money, ...row }, fileName) => {
    const amount = Number(money || 0);
    if (!(amount > 0)) return null;
    return { ...row, money: String(amount), sender: 'VPBANK', ten_file_upload: fileName };
  },
};

/** 'TỔNG CHUYỂN KHOẢN' and 'TỔNG ĐƠN CHUYỂN' over the whole filter (the server sums them). */
function Totals({ data }: { data: ListResult<BankMessage> | null }) {
  return (
    <Paper variant="outlined" sx={{ p: 1.5 }}>
      <Stack direction="row" spacing={4} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Typography variant="subtitle1">
          TỔNG CHUYỂN KHOẢN:{' '}
          <b data-testid="mesbank-total-money">{formatNumber(data?.raw?.tongChuyenKhoan ?? 0)}</b>
        </Typography>
        <Typography variant="subtitle1">
          TỔNG ĐƠN CHUYỂN: <b data-testid="mesbank-total-count">{formatNumber(data?.raw?.tongDonChuyen ?? 0)}</b>
        </Typography>
      </Stack>
    </Paper>
  );
}

const APPROVAL = (m: BankMessage): { label: string; color: 'success' | 'error' | 'default' } =>
  m.trang_thai_duyet_thong_tin === 1
    ? { label: 'Đã duyệt', color: 'success' }
    : m.trang_thai_duyet_thong_tin === 2
      ? { label: 'Từ chối', color: 'error' }
      : { label: 'Chờ duyệt', color: 'default' };

/**
 * Bank lookup (/app/bank-lookup, 'Tra cứu ngân hàng', spec 1 §2.8): filters, totals, the table
 * with inline processing status / phone / package, approve and deny behind their confirmations,
 * the VPBank upload (priority below 3) and the export (hidden for priority 5).
 */
export default function BankLookup() {
  const listRef = useRef<ListHandle>(null);
  const config = useMemo<ListConfig<BankMessage>>(
    () => ({
      id: 'mesbank',
      title: 'Tra cứu ngân hàng',
      endpoint: BANK_LIST,
      filters: [
        { key: 'startDate', type: 'date', label: 'Từ ngày', default: () => monthStart() },
        { key: 'endDate', type: 'date', label: 'Đến ngày', default: () => today() },
        { key: 'message', type: 'text', label: 'Nội dung', placeholder: 'Tìm theo nội dung tin nhắn', width: 240 },
        { key: 'is_read', type: 'select', label: 'Trạng thái xử lý', allLabel: 'Tất cả', options: PROCESSING_OPTIONS, width: 180 },
        { key: 'sender', type: 'select', label: 'Kênh', allLabel: 'Tất cả', options: BANK_CHANNELS.map((c) => ({ value: c, label: c })), width: 180 },
      ],
      searchButton: 'search',
      export: { fileName: 'TRA-CUU-NGAN-HANG.xlsx' },
      toolbarExtra: (ctx) =>
        senior(ctx.session.priority) ? (
          <ImportButton id="mesbank" endpoint={BANK_IMPORT} spec={VPBANK_IMPORT_SPEC} label="Tải lên" onDone={() => listRef.current?.reload()} />
        ) : null,
      summary: (data) => <Totals data={data} />,
      // The sending bank and who last changed a message: one click away ('Cột'), in every export.
      columns: hiddenAtFirst<BankMessage>(new Set(['sender', 'nguoi_cap_nhat']), [
        { field: 'index', headerName: '#', kind: 'index' },
        { field: 'sender', headerName: 'Kênh', minWidth: 110 },
        { field: 'money', headerName: 'Số tiền', kind: 'number', minWidth: 120 },
        { field: 'datetime', headerName: 'Thời gian', kind: 'datetime', minWidth: 150 },
        { field: 'str_mes', headerName: 'Nội dung', flex: 2, minWidth: 200 },
        {
          field: 'is_read',
          headerName: 'Trạng thái xử lý',
          minWidth: 120,
          options: PROCESSING_OPTIONS,
          visible: (ctx) => senior(ctx.session.priority),
          edit: {
            type: 'select',
            canEdit: (r) => !!r.can_process,
            save: (r, v) => bankApi.setProcessing(r.id, Number(v)),
            successMsg: 'Cập nhật trạng thái xử lý thành công',
            errorMsg: 'Cập nhật trạng thái xử lý không thành công',
          },
        },
        {
          field: 'so_dien_thoai',
          headerName: 'Số điện thoại',
          kind: 'phone',
          minWidth: 130,
          edit: {
            type: 'text',
            canEdit: (r) => !!r.can_edit_phone,
            save: (r, v) => bankApi.update(r.id, { so_dien_thoai: String(v ?? '') }),
            successMsg: 'Cập nhật số điện thoại thành công',
            errorMsg: 'Cập nhật số điện thoại không thành công',
          },
        },
        {
          field: 'goi_cuoc',
          headerName: 'Gói cước',
          minWidth: 120,
          edit: {
            type: 'text',
            canEdit: (r) => !!r.can_edit_package,
            save: (r, v) => bankApi.update(r.id, { goi_cuoc: String(v ?? '') }),
            successMsg: 'Cập nhật gói cước thành công',
            errorMsg: 'Cập nhật gói cước không thành công',
          },
        },
        { field: 'nguoi_cap_nhat', headerName: 'Người cập nhật', minWidth: 130, visible: (ctx) => senior(ctx.session.priority) },
        {
          field: 'trang_thai_duyet_thong_tin',
          headerName: 'Trạng thái duyệt',
          kind: 'chip',
          minWidth: 130,
          chip: APPROVAL,
          visible: (ctx) => senior(ctx.session.priority),
          export: { value: (r) => APPROVAL(r).label },
        },
        { field: 'actions', headerName: 'Thao tác', kind: 'actions', minWidth: 120, export: false, visible: (ctx) => senior(ctx.session.priority) },
      ]),
      history: { endpoint: (r) => `/api/v1/mesbank/${encodeURIComponent(r.id)}/history`, fieldLabels: { is_read: 'Trạng thái xử lý', so_dien_thoai: 'Số điện thoại', goi_cuoc: 'Gói cước', trang_thai_duyet_thong_tin: 'Trạng thái duyệt', deleted: 'Xoá tin nhắn' }, valueLabels: { is_read: { 0: 'Chưa xử lý', 1: 'Đã xử lý' }, trang_thai_duyet_thong_tin: { 0: 'Chờ duyệt', 1: 'Đã duyệt', 2: 'Từ chối' }, deleted: { false: 'Chưa xoá', true: 'Đã xoá' } } },
      rowActions: [
        {
          key: 'approve',
          label: 'Duyệt',
          icon: <CheckCircleIcon fontSize="small" />,
          color: 'success',
          visible: (r) => !!r.can_decide,
          confirm: 'Xác nhận duyệt?',
          run: (r) => bankApi.approve(r.id),
          successMsg: 'Duyệt thông tin thành công',
          errorMsg: 'Duyệt thông tin không thành công',
        },
        {
          key: 'deny',
          label: 'Từ chối',
          icon: <CancelIcon fontSize="small" />,
          color: 'error',
          visible: (r) => !!r.can_decide,
          confirm: 'Xác nhận từ chối?',
          run: (r) => bankApi.deny(r.id),
          successMsg: 'Từ chối thông tin thành công',
          errorMsg: 'Từ chối thông tin không thành công',
        },
      ],
    }),
    [],
  );
  return <ListScreen ref={listRef} config={config} />;
}
