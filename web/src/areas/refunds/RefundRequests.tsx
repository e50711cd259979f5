import { useEffect, useMemo, useRef, useState } from 'react';
import AddIcon from '@mui/icons-material/Add';
import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import DeleteIcon from '@mui/icons-material/Delete';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import EditIcon from '@mui/icons-material/Edit';
import ReplayIcon from '@mui/icons-material/Replay';
import SettingsIcon from '@mui/icons-material/Settings';
import AssignmentIndIcon from '@mui/icons-material/AssignmentInd';
import GroupAddIcon from '@mui/icons-material/GroupAdd';
import Chip from '@mui/material/Chip';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatNumber, monthStart, today, whoLabel } from '../../common/format';
import FormDialog from '../../form/FormDialog';
import { useRecordDialog } from '../../form/useRecordDialog';
import ImportButton from '../../import/ImportButton';
import ListScreen from '../../list/ListScreen';
import type { InlineEdit, ListConfig, ListContext, ListHandle } from '../../list/types';
import { hiddenAtFirst } from '../../list/columns';
import { notify } from '../../store';
import {
  ASSIGNED_LIST,
  canDeleteRequest,
  CHANNEL_OPTIONS,
  differenceColor,
  HISTORY_FIELD_LABELS,
  historyValueLabels,
  METHOD_LABELS,
  REQUEST_IMPORT,
  REQUEST_LIST,
  REQUEST_METHODS,
  REQUEST_TYPES,
  TRADE_STATUS_FILTER,
  noticeText,
  priceApi,
  requestApi,
  tradeStatusChoices,
  tradeStatusColor,
  type RefundPrice,
  type RefundRequest,
} from './api';
import { assignForm, loadPool, loadSettings, markDialogOpened, packageRefundForm, settingsForm, topUpForm } from './forms';
import { isManager } from '../../api/access';
import { PhoneCell, REQUEST_IMPORT_SPEC, subscriberForm } from './requestTools';

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
  type: InlineEdit['type'],
  question: (row: R, value: any) => string,
  save: (row: R, value: any) => Promise<unknown>,
  extra: Partial<InlineEdit<R>> = {},
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

const label = (opts: Array<{ value: number; label: string }>, v: unknown) =>
  opts.find((o) => o.value === Number(v))?.label ?? String(v ?? '');
const money = (v: unknown) => (v === null || v === undefined || v === '' ? NaN : Number(String(v).replace(/[^\d-]/g, '')));

/** Shows the partner notices of a creation or a retry (spec 2 §8) as one alert. */
export function showNotices(reply: unknown) {
  const text = noticeText(reply as any);
  if (text) notify(text, 'info');
}

/**
 * 'Yêu cầu hoàn tiền' (/app/requestrefund, spec 2 §2.9): filters (transfer, partner status, text,
 * dates) with the four totals over the whole filter, the two creation dialogs with the partner's
 * notice, the channel settings, approvals after their confirm prompts, every inline edit the server
 * allows priority below 3 (each confirmed), the transfer note to copy, each row's history.
 */
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

export default function RefundRequests() {
  const listRef = useRef<ListHandle>(null);
  const [dialog, setDialogState] = useState<'refund' | 'topup' | 'settings' | 'assign' | null>(null);
  const [settings, setSettings] = useState<Record<string, string> | null>(null);
  /** 'Được giao cho tôi': the requests handed to the caller (GET assign) instead of the whole list. */
  const [mine, setMine] = useState(false);
  const setDialog = (d: 'refund' | 'topup' | 'settings' | 'assign' | null) => {
    if (d === 'refund' || d === 'topup') markDialogOpened();
    if (d === 'assign') {
      loadPool().then(
        () => setDialogState('assign'),
        (e) => notify(`[Lỗi] ${e?.msg ?? e?.message ?? ''}`.trim(), 'error'),
      );
      return;
    }
    if (d === 'settings') {
      loadSettings().then(
        (row) => {
          setSettings(row);
          setDialogState('settings');
        },
        (e) => notify(`[Lỗi] ${e?.msg ?? e?.message ?? ''}`.trim(), 'error'),
      );
      return;
    }
    setDialogState(d);
  };
  const correction = useRecordDialog<RefundRequest>(subscriberForm, 'subscriber-form', () => listRef.current?.reload());
  const [packages, setPackages] = useState<RefundPrice[]>([]);
  useEffect(() => {
    // The package dropdown of the list (priority below 3); refused otherwise, then left empty.
    priceApi.all().then(
      (r) => setPackages(r.values ?? []),
      () => undefined,
    );
  }, []);

  const config = useMemo<ListConfig<RefundRequest>>(() => {
    const senior = (ctx: ListContext) => isManager(ctx.session.priority);
    return {
      id: 'requestrefund',
      title: mine ? 'Yêu cầu hoàn tiền được giao cho tôi' : 'Yêu cầu hoàn tiền',
      endpoint: mine ? ASSIGNED_LIST : REQUEST_LIST,
      filters: [
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
          width: 170,
        },
        {
          key: 'trang_thai_giao_dich_doi_tac',
          type: 'select',
          label: 'Trạng thái giao dịch',
          options: TRADE_STATUS_FILTER,
          allLabel: 'Tất cả',
          default: '',
          width: 210,
        },
        { key: 'message', type: 'text', label: 'Tìm kiếm', placeholder: 'SĐT, gói cước, nhân viên, lý do', width: 240 },
        { key: 'startDate', type: 'date', label: 'Từ ngày', default: () => monthStart() },
        { key: 'endDate', type: 'date', label: 'Đến ngày', default: () => today() },
      ],
      toolbar: [
        {
          key: 'refund',
          label: 'Hoàn tiền gói cước',
          icon: <AddIcon />,
          onClick: () => setDialog('refund'),
          testId: 'requestrefund-create-refund',
        },
        {
          key: 'topup',
          label: 'Nạp tiền chiết khấu',
          icon: <AddIcon />,
          onClick: () => setDialog('topup'),
          testId: 'requestrefund-create-topup',
        },
        {
          key: 'mine',
          label: mine ? 'Tất cả yêu cầu' : 'Được giao cho tôi',
          icon: <AssignmentIndIcon />,
          variant: 'outlined',
          onClick: () => setMine((m) => !m),
          testId: 'requestrefund-mine',
        },
        {
          key: 'assign',
          label: 'Phân chia',
          icon: <GroupAddIcon />,
          variant: 'outlined',
          visible: (ctx) => isManager(ctx.session.priority),
          onClick: () => setDialog('assign'),
          testId: 'requestrefund-assign',
        },
        {
          key: 'settings',
          label: 'Cài đặt',
          icon: <SettingsIcon />,
          variant: 'outlined',
          visible: (ctx) => ctx.session.has('requestrefund.doi-kenh-hoan-tien'),
          onClick: () => setDialog('settings'),
          testId: 'requestrefund-settings',
        },
      ],
      toolbarExtra: (ctx) =>
        isManager(ctx.session.priority) && (
          <ImportButton
            id="requestrefund"
            endpoint={REQUEST_IMPORT}
            spec={REQUEST_IMPORT_SPEC}
            label="Nhập Excel"
            onDone={() => ctx.reload()}
          />
        ),
      export: { fileName: 'YCHT.xlsx' },
      // The totals are the whole list's; the handed-out view has none.
      summary: mine
        ? undefined
        : (data) => {
            const raw = data?.raw ?? {};
            const item = (k: string, text: string) => (
              <Typography variant="body2" data-testid={`requestrefund-${k}`}>
                {text}: <b>{formatNumber(raw[k] ?? 0)}</b>
              </Typography>
            );
            return (
              <Stack direction="row" spacing={3} sx={{ mb: 1 }}>
                {item('tongHoanTien', 'Tổng hoàn tiền')}
                {item('tongHoanThem', 'Tổng hoàn thêm')}
                {item('tongNapTien', 'Tổng nạp tiền')}
                {raw.tongTienSauChietKhau !== undefined && item('tongTienSauChietKhau', 'Tổng tiền sau chiết khấu')}
              </Stack>
            );
          },
      columns: hiddenAtFirst<RefundRequest>(HIDDEN_AT_FIRST, [
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
            (_r, v) => `Xác nhận đổi hình thức thành '${label(REQUEST_METHODS as any, v)}'?`,
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
      ]),
      rowActions: [
        {
          key: 'subscriber',
          label: 'Sửa số thuê bao',
          icon: <EditIcon fontSize="small" />,
          visible: (_r, ctx) => isManager(ctx.session.priority),
          run: (r) => correction.openEdit(r),
          testId: (r) => `requestrefund-subscriber-${r.id}`,
        },
        {
          key: 'approve',
          label: 'Duyệt',
          icon: <CheckIcon fontSize="small" />,
          color: 'success',
          visible: (r, ctx) => r.request_type === 5 && !r.approver && ctx.session.has('requestrefund.duyet-don-chuyen-khoan'),
          confirm: 'Xác nhận duyệt đơn này?',
          run: (r) => requestApi.approve(r.id, 1),
          successMsg: 'Duyệt đơn thành công',
          errorMsg: 'Duyệt đơn không thành công',
          testId: (r) => `requestrefund-approve-${r.id}`,
        },
        {
          key: 'reject',
          label: 'Từ chối',
          icon: <CloseIcon fontSize="small" />,
          color: 'error',
          visible: (r, ctx) => r.request_type === 5 && !r.approver && ctx.session.has('requestrefund.duyet-don-chuyen-khoan'),
          confirm: 'Xác nhận từ chối đơn này?',
          run: (r) => requestApi.approve(r.id, 2),
          successMsg: 'Từ chối đơn thành công',
          errorMsg: 'Từ chối đơn không thành công',
          testId: (r) => `requestrefund-reject-${r.id}`,
        },
        {
          key: 'retry',
          label: 'Gửi lại cổng nạp thẻ',
          icon: <ReplayIcon fontSize="small" />,
          color: 'warning',
          visible: (r) => !!r.can_retry,
          confirm: 'Xác nhận gửi lại yêu cầu tới cổng nạp thẻ?',
          run: async (r) => showNotices(await requestApi.retry(r.id)),
          errorMsg: 'Gửi lại không thành công',
          testId: (r) => `requestrefund-retry-${r.id}`,
        },
        {
          key: 'delete',
          label: 'Xoá',
          icon: <DeleteIcon fontSize="small" />,
          color: 'error',
          visible: (r, ctx) => canDeleteRequest(r, ctx.session.priority),
          confirm: { title: 'Xoá bản ghi', message: 'Xác nhận xoá bản ghi', danger: true },
          run: (r) => requestApi.remove(r.id),
          successMsg: 'Xoá bản ghi thành công',
          errorMsg: 'Xoá bản ghi thất bại',
          testId: (r) => `requestrefund-delete-${r.id}`,
        },
      ],
      history: {
        endpoint: (r) => `${REQUEST_LIST}/${encodeURIComponent(r.id)}/history`,
        fieldLabels: HISTORY_FIELD_LABELS,
        valueLabels: historyValueLabels(),
      },
    };
  }, [packages, mine, correction]);

  const saved = (reply: unknown) => {
    setDialog(null);
    showNotices(reply);
    listRef.current?.reload();
  };
  return (
    <>
      <ListScreen ref={listRef} config={config} />
      {correction.dialog}
      <FormDialog
        config={packageRefundForm}
        testIdPrefix="refund-form"
        open={dialog === 'refund'}
        mode="create"
        onClose={() => setDialog(null)}
        onSaved={saved}
      />
      <FormDialog
        config={topUpForm}
        testIdPrefix="topup-form"
        open={dialog === 'topup'}
        mode="create"
        onClose={() => setDialog(null)}
        onSaved={saved}
      />
      <FormDialog
        config={assignForm}
        testIdPrefix="assign-form"
        open={dialog === 'assign'}
        mode="create"
        onClose={() => setDialog(null)}
        onSaved={(reply: any) => {
          setDialog(null);
          notify(reply?.msg || 'Phân chia dữ liệu thành công.', reply?.assigned ? 'success' : 'warning');
          listRef.current?.reload();
        }}
      />
      <FormDialog
        config={settingsForm}
        testIdPrefix="settings-form"
        open={dialog === 'settings'}
        mode="edit"
        row={settings}
        onClose={() => setDialog(null)}
        onSaved={() => setDialog(null)}
      />
    </>
  );
}
