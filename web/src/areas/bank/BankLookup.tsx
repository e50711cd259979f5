import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import Badge from '@mui/material/Badge';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import GroupAddIcon from '@mui/icons-material/GroupAdd';
import LinkIcon from '@mui/icons-material/Link';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import CancelIcon from '@mui/icons-material/Cancel';
import HandOutDialog, { type HandOut } from '../../common/HandOutDialog';
import ListScreen from '../../list/ListScreen';
import type { ColumnDef, ListConfig, ListHandle, ListResult, RowAction } from '../../list/types';
import { presetFilters } from '../../list/presets';
import { onPush } from '../../api/realtime';
import { PUSHES } from '../../api/gen/pushes';
import { useSession } from '../../common/session';
import { useMenuAccess, type MenuAccess } from '../../common/menuAccess';
import { clawbackLabel, REQUEST_METHODS, REQUEST_TYPES } from '../refunds/api';
import { useScreenActive } from '../../common/screenActive';
import { destinations, type Destination } from './rules';
import { hiddenAtFirst } from '../../list/columns';
import ImportButton from '../../import/ImportButton';
import type { ImportSpec } from '../../import/sheet';
import { formatNumber, monthStart, today } from '../../common/format';
import {
  BANK_ASSIGNED,
  BANK_CHANNELS,
  BANK_IMPORT,
  BANK_LIST,
  bankApi,
  bankHistory,
  PROCESSING_OPTIONS,
  type BankMessage,
  type BankMessageList,
} from './api';
import { isManager, leadsPeople } from '../../api/access';

// Head office (isManager: priority below 3) sees processing, updater and approval, uploads, approves (spec 1 §6).

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
function Totals({ data }: { data: ListResult<BankMessage, BankMessageList> | null }) {
  return (
    <Paper variant="outlined" sx={{ p: 1.5 }}>
      <Stack direction="row" spacing={4} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Typography variant="subtitle1">
          TỔNG CHUYỂN KHOẢN: <b data-testid="mesbank-total-money">{formatNumber(data?.raw?.tongChuyenKhoan ?? 0)}</b>
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

/** The refund request's fields the export carries (spec 1 §3, §2.8), as the refund screen words them; priority below 3 only. */
const refundColumns = (): ColumnDef<BankMessage>[] => {
  const seniorOnly = { visible: (ctx: { session: { priority: number } }) => isManager(ctx.session.priority) };
  const label = (list: ReadonlyArray<{ value: number; label: string }>, v: unknown) =>
    v ? (list.find((o) => o.value === Number(v))?.label ?? '') : '';
  return [
    {
      field: 'request_type',
      headerName: 'Loại yêu cầu hoàn tiền',
      minWidth: 130,
      ...seniorOnly,
      value: (r) => label(REQUEST_TYPES, r.request_type),
    },
    {
      field: 'request_method',
      headerName: 'Hình thức hoàn tiền',
      minWidth: 130,
      ...seniorOnly,
      value: (r) => label(REQUEST_METHODS, r.request_method),
    },
    { field: 'refund_price', headerName: 'Số tiền hoàn / nạp', kind: 'number', minWidth: 120, ...seniorOnly },
    { field: 'transfer_final_amount', headerName: 'Số tiền chuyển sau chiết khấu', kind: 'number', minWidth: 140, ...seniorOnly },
    { field: 'ti_le_chiet_khau', headerName: 'Tỉ lệ chiết khấu (%)', kind: 'number', minWidth: 110, ...seniorOnly },
    {
      field: 'trang_thai_truy_thu_hoan_theo_goi',
      headerName: 'Truy thu hoàn theo gói',
      minWidth: 130,
      ...seniorOnly,
      value: (r) => (r.trang_thai_truy_thu_hoan_theo_goi ? clawbackLabel(r.trang_thai_truy_thu_hoan_theo_goi, r.request_type ?? 0) : ''),
    },
    {
      field: 'trang_thai_truy_thu_hoan_them',
      headerName: 'Truy thu hoàn thêm',
      minWidth: 130,
      ...seniorOnly,
      value: (r) => (r.trang_thai_truy_thu_hoan_them ? clawbackLabel(r.trang_thai_truy_thu_hoan_them, r.request_type ?? 0) : ''),
    },
  ];
};

/** The message columns both lists share (inline processing / phone / package as the server allows). */
function messageColumns(mine: boolean): ColumnDef<BankMessage>[] {
  // The sending bank ('Kênh') and, for managers, who last updated the row show from the start.
  const hidden = mine ? new Set<string>() : new Set(['assigned_to', ...refundColumns().map((c) => c.field)]);
  return hiddenAtFirst<BankMessage>(hidden, [
    // Every column at the least its content needs, so that a manager's list, 'Kênh' and 'Người cập nhật'
    // included, fits a 1440-px screen with the menu open; the content takes whatever is wider.
    { field: 'index', headerName: '#', kind: 'index', width: 44, minWidth: 44 },
    { field: 'sender', headerName: 'Kênh', minWidth: 80 },
    { field: 'money', headerName: 'Số tiền', kind: 'number', minWidth: 96 },
    { field: 'datetime', headerName: 'Thời gian', kind: 'datetime', minWidth: 150 },
    { field: 'str_mes', headerName: 'Nội dung', flex: 2, minWidth: 86 },
    {
      field: 'is_read',
      headerName: 'Trạng thái xử lý',
      minWidth: 120,
      options: PROCESSING_OPTIONS,
      visible: (ctx) => isManager(ctx.session.priority),
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
      minWidth: 110,
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
      minWidth: 80,
      edit: {
        type: 'text',
        canEdit: (r) => !!r.can_edit_package,
        save: (r, v) => bankApi.update(r.id, { goi_cuoc: String(v ?? '') }),
        successMsg: 'Cập nhật gói cước thành công',
        errorMsg: 'Cập nhật gói cước không thành công',
      },
    },
    { field: 'nguoi_cap_nhat', headerName: 'Người cập nhật', minWidth: 110, visible: (ctx) => isManager(ctx.session.priority) },
    {
      field: 'trang_thai_duyet_thong_tin',
      headerName: 'Trạng thái duyệt',
      kind: 'chip',
      minWidth: 120,
      chip: APPROVAL,
      visible: (ctx) => isManager(ctx.session.priority),
      export: { value: (r) => APPROVAL(r).label },
    },
    ...(mine
      ? [{ field: 'assigned_at', headerName: 'Thời gian giao', kind: 'datetime', minWidth: 150 } as ColumnDef<BankMessage>]
      : [
          {
            field: 'assigned_to',
            headerName: 'Người được giao',
            minWidth: 130,
            visible: (ctx) => leadsPeople(ctx.session.priority),
          } as ColumnDef<BankMessage>,
          ...refundColumns(),
        ]),
    // Up to four icons (approve, deny, refund / orders, history).
    { field: 'actions', headerName: 'Thao tác', kind: 'actions', minWidth: 140, export: false },
  ]);
}

const HISTORY = {
  endpoint: (r: BankMessage) => bankHistory(r.id),
  fieldLabels: {
    is_read: 'Trạng thái xử lý',
    so_dien_thoai: 'Số điện thoại',
    goi_cuoc: 'Gói cước',
    trang_thai_duyet_thong_tin: 'Trạng thái duyệt',
    deleted: 'Xoá tin nhắn',
  },
  valueLabels: {
    is_read: { 0: 'Chưa xử lý', 1: 'Đã xử lý' },
    trang_thai_duyet_thong_tin: { 0: 'Chờ duyệt', 1: 'Đã duyệt', 2: 'Từ chối' },
    deleted: { false: 'Chưa xoá', true: 'Đã xoá' },
  },
};

/** Approve and deny behind their confirmations, and the way into the transfer's refund request or orders. */
function rowActions(openLinks: (r: BankMessage) => void, canOpenScreen: MenuAccess['canOpenScreen']): RowAction<BankMessage>[] {
  return [
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
    {
      key: 'links',
      label: (r) => (r.refund_request_id ? 'Yêu cầu hoàn tiền, đơn hàng của giao dịch' : 'Đơn hàng của thuê bao'),
      icon: <LinkIcon fontSize="small" />,
      color: 'primary',
      visible: (r, ctx) => destinations(r, (p) => canOpenScreen(p, ctx.session)).length > 0,
      run: (r) => openLinks(r),
    },
  ];
}

/** Where a transfer leads: one button per destination; each opens its screen filtered to it. */
function LinksDialog({ row, onClose }: { row: BankMessage | null; onClose: () => void }) {
  const session = useSession();
  const { canOpenScreen } = useMenuAccess();
  const navigate = useNavigate();
  const go = (d: Destination) => {
    presetFilters(d.listId, d.filters);
    onClose();
    navigate(d.path);
  };
  const list = row ? destinations(row, (p) => canOpenScreen(p, session)) : [];
  return (
    <Dialog open={!!row} onClose={onClose} data-testid="mesbank-links-dialog">
      <DialogTitle>Yêu cầu hoàn tiền và đơn hàng của giao dịch</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={1}>
          {!row?.refund_request_id && (
            <Typography color="text.secondary">Chưa có yêu cầu hoàn tiền nào của thuê bao và gói cước này.</Typography>
          )}
          {list.map((d) => (
            <Button key={d.key} variant="outlined" onClick={() => go(d)} data-testid={`mesbank-link-${d.key}`}>
              {d.label}
            </Button>
          ))}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Đóng</Button>
      </DialogActions>
    </Dialog>
  );
}

/** 'ĐANG CHỜ XỬ LÝ' of the caller's queue (handed, not processed, not decided). */
function Pending({ data }: { data: ListResult<BankMessage, BankMessageList> | null }) {
  return (
    <Paper variant="outlined" sx={{ p: 1.5 }}>
      <Typography variant="subtitle1">
        ĐANG CHỜ XỬ LÝ: <b data-testid="mesbank-mine-pending">{formatNumber(data?.raw?.pending ?? 0)}</b> / TỔNG ĐƯỢC GIAO:{' '}
        <b data-testid="mesbank-mine-count">{formatNumber(data?.count ?? 0)}</b>
      </Typography>
    </Paper>
  );
}

/**
 * 'Phân chia tin nhắn' (spec 1 §7 assign / count-assign): how many unprocessed messages nobody
 * holds yet, the people the manager may hand them to (their subtree, as the server answers it,
 * indented by level), a quantity each; the server hands the oldest out at once, or nothing, and
 * says who got fewer than asked when the pool ran out.
 */
const bankHandOut: HandOut = {
  testId: 'mesbank-assign',
  title: 'Phân chia tin nhắn ngân hàng',
  poolText: (n) => `Số tin nhắn chưa giao: ${n}`,
  poolFailed: 'Không tải được số tin nhắn chưa giao',
  countLabel: 'Số lượng',
  submitLabel: 'Phân chia',
  countPool: bankApi.countAssignable,
  staff: async () =>
    (await bankApi.assignableStaff()).map((p) => ({ value: p.username, label: `${p.username} - ${p.fullname}`, indent: p.level })),
  handOut: bankApi.assign,
};

/**
 * 'Tin nhắn được giao cho tôi' with the count still waiting, refreshed when the screen is shown again
 * and when messages are handed to this person. It alone asks whether the screen is in front and
 * holds the count: a tab switch or a new count re-renders this label, not the screen and its lists.
 */
function MineTabLabel() {
  const active = useScreenActive();
  const [pending, setPending] = useState(0);
  const refreshPending = useCallback(() => {
    bankApi.pending().then(setPending, () => undefined);
  }, []);
  useEffect(() => onPush(PUSHES.BankMessagesAssigned, refreshPending), [refreshPending]);
  useEffect(() => {
    if (active) refreshPending();
  }, [active, refreshPending]);
  return (
    <Badge color="error" badgeContent={pending} max={999} sx={{ pr: pending ? 1.5 : 0 }} data-testid="mesbank-tab-mine-badge">
      Tin nhắn được giao cho tôi
    </Badge>
  );
}

/**
 * Bank lookup (/app/bank-lookup, 'Tra cứu ngân hàng', spec 1 §2.8): filters, totals, the table
 * with inline processing status / phone / package, approve and deny behind their confirmations,
 * the VPBank upload (priority below 3) and the export (hidden for priority 5, with the refund
 * request's fields); managers hand messages out ('Phân chia tin nhắn', spec 1 §7 assign); everyone
 * has their own queue ('Tin nhắn được giao cho tôi'), refreshed the moment messages are handed to
 * them; a transfer leads to its refund request and the subscriber's orders.
 */
export default function BankLookup() {
  const listRef = useRef<ListHandle>(null);
  const mineRef = useRef<ListHandle>(null);
  const session = useSession();
  const { canOpenScreen } = useMenuAccess();
  const [tab, setTab] = useState<'all' | 'mine'>('all');
  const [assigning, setAssigning] = useState(false);
  const [linkRow, setLinkRow] = useState<BankMessage | null>(null);
  // Handed something: the queue follows at once (its count too: MineTabLabel).
  useEffect(() => onPush(PUSHES.BankMessagesAssigned, () => mineRef.current?.reload()), []);

  const config = useMemo<ListConfig<BankMessage, BankMessageList>>(
    () => ({
      id: 'mesbank',
      endpoint: BANK_LIST,
      filters: [
        { key: 'startDate', type: 'date', label: 'Từ ngày', default: () => monthStart() },
        { key: 'endDate', type: 'date', label: 'Đến ngày', default: () => today() },
        { key: 'message', type: 'text', label: 'Nội dung', placeholder: 'Tìm theo nội dung tin nhắn', width: 240 },
        { key: 'is_read', type: 'select', label: 'Trạng thái xử lý', allLabel: 'Tất cả', options: PROCESSING_OPTIONS, width: 180 },
        {
          key: 'sender',
          type: 'select',
          label: 'Kênh',
          allLabel: 'Tất cả',
          options: BANK_CHANNELS.map((c) => ({ value: c, label: c })),
          width: 180,
        },
      ],
      searchButton: 'search',
      export: { fileName: 'TRA-CUU-NGAN-HANG.xlsx' },
      toolbar: [
        {
          key: 'assign',
          label: 'Phân chia tin nhắn',
          icon: <GroupAddIcon />,
          variant: 'outlined',
          visible: (ctx) => leadsPeople(ctx.session.priority),
          onClick: () => setAssigning(true),
          testId: 'mesbank-assign-open',
        },
      ],
      toolbarExtra: (ctx) =>
        isManager(ctx.session.priority) ? (
          <ImportButton
            id="mesbank"
            endpoint={BANK_IMPORT}
            spec={VPBANK_IMPORT_SPEC}
            label="Tải lên"
            onDone={() => listRef.current?.reload()}
          />
        ) : null,
      summary: (data) => <Totals data={data} />,
      columns: messageColumns(false),
      history: HISTORY,
      rowActions: rowActions(setLinkRow, canOpenScreen),
    }),
    [canOpenScreen],
  );
  const mineConfig = useMemo<ListConfig<BankMessage, BankMessageList>>(
    () => ({
      id: 'mesbank-mine',
      endpoint: BANK_ASSIGNED,
      searchButton: 'refresh',
      summary: (data) => <Pending data={data} />,
      columns: messageColumns(true),
      history: HISTORY,
      rowActions: rowActions(setLinkRow, canOpenScreen),
    }),
    [canOpenScreen],
  );

  return (
    <Stack spacing={1}>
      <Typography variant="h6" component="h2">
        Tra cứu ngân hàng
      </Typography>
      <Tabs value={tab} onChange={(_, v) => setTab(v)} aria-label="Danh sách tin nhắn">
        <Tab value="all" label="Tất cả tin nhắn" data-testid="mesbank-tab-all" />
        <Tab value="mine" data-testid="mesbank-tab-mine" label={<MineTabLabel />} />
      </Tabs>
      <Box sx={{ display: tab === 'all' ? 'block' : 'none' }}>
        <ListScreen ref={listRef} config={config} />
      </Box>
      <Box sx={{ display: tab === 'mine' ? 'block' : 'none' }}>
        <ListScreen ref={mineRef} config={mineConfig} />
      </Box>
      {leadsPeople(session.priority) && (
        <HandOutDialog config={bankHandOut} open={assigning} onClose={() => setAssigning(false)} onDone={() => listRef.current?.reload()} />
      )}
      <LinksDialog row={linkRow} onClose={() => setLinkRow(null)} />
    </Stack>
  );
}
