import type { lookup_v1_lookup as Reply } from '@cskh/proto';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import SearchIcon from '@mui/icons-material/Search';
import { cancelLookup, last9, LookupError, LOOKUP_KINDS, mayLookup, requestLookup, type LookupKind } from '../../api/lookups';
import { NUM_TYPES, PACKAGE_STATUS } from '../../common/carrier';
import DateField from '../../common/DateField';
import { dayjs, monthStart, parseFilterDate, today } from '../../common/format';
import { useSession } from '../../common/session';
import { notify } from '../../store';
import { KeyValueTable, lookupPhone, RowsTable, type FieldDef } from './ResultViews';
import { END_DATE_REQUIRED, INFO_NOTE, PHONE_REQUIRED, START_DATE_REQUIRED } from './texts';
import { testIdProps } from '../../common/testId';

/**
 * Subscriber lookup (/app/customer-lookup, 'Tra cứu thuê bao', spec 1 §2.12): six panels, each
 * sending its lookup over the realtime socket (api/lookups.ts) and showing the answer in place.
 *
 *  #2 eligible packages  #3 main account balance  #4 detailed info (priority < 5)
 *  #5 package history    #6 9279 history          #7 ARPU (priority < 5)
 *
 * A panel shows when the user may run its lookup (same guard as the server). The button is
 * disabled while the phone is empty and while the panel's one request is pending. Only the last
 * 9 digits of the phone are sent; nine-digit phones are shown with a leading 0.
 */

export type PanelId = 'package' | 'balance' | 'info' | 'history' | 'h9279' | 'arpu';
const PANEL_KIND: Record<PanelId, LookupKind> = {
  package: 'package',
  balance: 'balance',
  info: 'info',
  history: 'history',
  h9279: '9279',
  arpu: 'arpu',
};

interface PanelState {
  loading: boolean;
  data: unknown;
  error: string;
  /** Last 9 digits of the phone of the shown result. */
  isdn: string;
  at: number | null;
  /** The data of the last request (paging re-uses it). */
  request: Record<string, unknown> | null;
}

const initialState: PanelState = { loading: false, data: null, error: '', isdn: '', at: null, request: null };

/** One panel's lookup: one pending request at a time, loading cleared on the reply or the error. */
function usePanelLookup(panel: PanelId) {
  const key = `customer-lookup:${panel}`;
  const [state, setState] = useState<PanelState>(initialState);
  const alive = useRef(true);
  const busy = useRef(false);
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
      busy.current = false;
      cancelLookup(key);
    };
  }, [key]);

  const run = useCallback(
    (data: Record<string, unknown> & { isdn: string }) => {
      if (busy.current) return;
      busy.current = true;
      setState((s) => ({ ...s, loading: true, error: '' }));
      requestLookup({ key, kind: PANEL_KIND[panel], data })
        .then((result) => {
          if (alive.current) setState({ loading: false, data: result, error: '', isdn: last9(data.isdn), at: Date.now(), request: data });
        })
        .catch((e) => {
          const msg = (e instanceof LookupError && e.msg) || 'Tra cứu không thành công';
          if (alive.current) setState((s) => ({ ...s, loading: false, error: msg }));
        })
        .finally(() => {
          busy.current = false;
        });
    },
    [key, panel],
  );

  const fail = useCallback((msg: string) => {
    notify(msg, 'warning');
    setState((s) => ({ ...s, error: msg }));
  }, []);

  return { state, run, fail };
}

/** D: the reply's data, the lookup route's reply type (a socket reply carries exactly the REST data). */
interface PanelProps<D> {
  id: PanelId;
  number: number;
  /** Extra inputs beside the phone. */
  extra?: ReactNode;
  note?: ReactNode;
  /** A validation alert, or null when the inputs are fine. */
  validate?: () => string | null;
  /** The event's data besides isdn. */
  params?: () => Record<string, unknown>;
  render: (
    data: D,
    ctx: { isdn: string; rerun: (over: Record<string, unknown>) => void; request: Record<string, unknown> | null; loading: boolean },
  ) => ReactNode;
}

function LookupPanel<D>({ id, number, extra, note, validate, params, render }: PanelProps<D>) {
  const [phone, setPhone] = useState('');
  const { state, run, fail } = usePanelLookup(id);
  const title = LOOKUP_KINDS[PANEL_KIND[id]].label;
  const empty = phone.trim() === '';

  const submit = () => {
    if (empty || state.loading) return;
    const isdn = last9(phone);
    if (!isdn) return fail(PHONE_REQUIRED);
    const invalid = validate?.();
    if (invalid) return fail(invalid);
    run({ isdn, ...(params ? params() : {}) });
  };

  const rerun = (over: Record<string, unknown>) => {
    if (state.request && !state.loading) run({ ...(state.request as { isdn: string }), ...over });
  };

  return (
    <Paper
      variant="outlined"
      sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 1.5, minWidth: 0 }}
      data-testid={`lookup-panel-${id}`}
    >
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        #{number} {title}
      </Typography>
      {note}
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'flex-start' }}>
        <TextField
          label="Số điện thoại"
          value={phone}
          onChange={(e) => setPhone(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') submit();
          }}
          sx={{ width: 180 }}
          slotProps={{ htmlInput: { 'data-testid': `lookup-phone-${id}`, inputMode: 'tel', 'aria-label': `Số điện thoại (${title})` } }}
        />
        {extra}
        <Button
          variant="contained"
          onClick={submit}
          disabled={empty || state.loading}
          startIcon={state.loading ? <CircularProgress size={16} color="inherit" aria-label="Đang tra cứu" /> : <SearchIcon />}
          data-testid={`lookup-submit-${id}`}
          sx={{ height: 40 }}
        >
          {state.loading ? 'Đang tra cứu…' : 'Tra cứu'}
        </Button>
      </Stack>
      {state.loading && <LinearProgress aria-label="Đang tra cứu" />}
      {state.error && (
        <Alert severity="error" data-testid={`lookup-error-${id}`}>
          {state.error}
        </Alert>
      )}
      {state.data !== null && state.at !== null && (
        <Box data-testid={`lookup-result-${id}`} data-isdn={state.isdn} sx={{ minWidth: 0 }}>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            Thuê bao <b data-testid={`lookup-result-phone-${id}`}>{lookupPhone(state.isdn)}</b> ·{' '}
            {dayjs(state.at).format('DD-MM-YYYY HH:mm:ss')}
          </Typography>
          {render(state.data as D, { isdn: state.isdn, rerun, request: state.request, loading: state.loading })}
        </Box>
      )}
    </Paper>
  );
}

// ---------- the six panels ----------

const PACKAGE_FIELDS: FieldDef[] = [
  { field: 'PackageCode', label: 'Mã gói' },
  { field: 'FromDate', label: 'Từ ngày', kind: 'date' },
  { field: 'ToDate', label: 'Đến ngày', kind: 'date' },
  { field: 'SyntaxRegister', label: 'Cú pháp đăng ký' },
  { field: 'RegisterExpire', label: 'Thời hạn đăng ký (ngày)' },
];

function PackagePanel() {
  const [code, setCode] = useState('');
  // The carrier's page size, as seen on a full first page (numbers the rows of later pages).
  const pageSize = useRef(0);
  return (
    <LookupPanel
      id="package"
      number={2}
      extra={
        <TextField
          label="Mã gói (không bắt buộc)"
          value={code}
          onChange={(e) => setCode(e.target.value)}
          sx={{ width: 200 }}
          slotProps={{ htmlInput: { 'data-testid': 'lookup-package-code' } }}
        />
      }
      params={() => ({ package_code: code.trim(), page: 1 })}
      render={(data: Reply.PackageResult, { rerun, request, loading }) => {
        const rows = Array.isArray(data?.FinalDataList) ? data.FinalDataList : [];
        const pages = Math.max(1, Number(data?.PaginateNumber) || 1);
        const page = Math.min(pages, Math.max(1, Number(request?.page) || 1));
        if (page === 1 && pages > 1) pageSize.current = rows.length;
        return (
          <>
            <RowsTable
              panel="package"
              fields={PACKAGE_FIELDS}
              rows={rows}
              startIndex={(page - 1) * (pageSize.current || rows.length)}
              emptyText="Không có gói cước phù hợp"
            />
            {pages > 1 && (
              <Pagination
                sx={{ mt: 1 }}
                count={pages}
                page={page}
                disabled={loading}
                onChange={(_, p) => rerun({ page: p })}
                data-testid="lookup-page-package"
              />
            )}
          </>
        );
      }}
    />
  );
}

const BALANCE_FIELDS: FieldDef[] = [
  { field: 'NUMBER_PHONE', label: 'Số thuê bao', kind: 'phone' },
  { field: 'NUM_TYPE', label: 'Loại thuê bao', options: NUM_TYPES },
  { field: 'PHONE_BALANCE', label: 'Số dư tài khoản chính', kind: 'money' },
];

function BalancePanel() {
  return (
    <LookupPanel
      id="balance"
      number={3}
      render={(data: Reply.BalanceResult) => <KeyValueTable panel="balance" fields={BALANCE_FIELDS} data={data ?? {}} />}
    />
  );
}

const INFO_FIELDS: FieldDef[] = [
  { field: 'NUMBER_PHONE', label: 'Số thuê bao', kind: 'phone' },
  { field: 'NUM_TYPE', label: 'Loại thuê bao', options: NUM_TYPES },
  { field: 'PHONE_BALANCE', label: 'Số dư tài khoản chính', kind: 'money' },
  { field: 'SIM_TYPE', label: 'Loại SIM' },
  { field: 'CURRENT_PACKAGE', label: 'Gói cước hiện tại' },
  { field: 'NUMBER_CONTRACT_DATE', label: 'Ngày hợp đồng', kind: 'date' },
  { field: 'NUMBER_LIMIT', label: 'Hạn mức', kind: 'money' },
  { field: 'NUMBER_LIMIT_F1', label: 'Hạn mức F1', kind: 'money' },
  { field: 'NUMBER_TYPE', label: 'Loại số' },
];
const PACKAGE_DATA_FIELDS: FieldDef[] = [
  { field: 'PACKAGE_NAME', label: 'Tên gói' },
  { field: 'START_DATE', label: 'Ngày bắt đầu', kind: 'date' },
  { field: 'END_DATE', label: 'Ngày kết thúc', kind: 'date' },
];

function InfoPanel() {
  const [type, setType] = useState('MC');
  return (
    <LookupPanel
      id="info"
      number={4}
      note={
        <Alert severity="info" variant="outlined" sx={{ py: 0 }} data-testid="lookup-note-info">
          {INFO_NOTE}
        </Alert>
      }
      extra={
        <TextField
          select
          label="Loại thuê bao"
          value={type}
          onChange={(e) => setType(e.target.value)}
          sx={{ width: 170 }}
          slotProps={{ select: { SelectDisplayProps: testIdProps('lookup-type-info') } }}
        >
          {Object.entries(NUM_TYPES).map(([v, l]) => (
            <MenuItem key={v} value={v}>
              {l}
            </MenuItem>
          ))}
        </TextField>
      }
      params={() => ({ phoneType: type })}
      render={(data: Reply.InfoResult) => (
        <>
          <KeyValueTable panel="info" fields={INFO_FIELDS} data={data ?? {}} />
          <Typography variant="body2" sx={{ fontWeight: 600, mt: 1.5, mb: 0.5 }}>
            Gói cước đã đăng ký (PACKAGE_DATA)
          </Typography>
          <RowsTable
            panel="info"
            name="package-data"
            fields={PACKAGE_DATA_FIELDS}
            rows={Array.isArray(data?.PACKAGE_DATA) ? data.PACKAGE_DATA : []}
          />
        </>
      )}
    />
  );
}

const HISTORY_FIELDS: FieldDef[] = [
  { field: 'NumberType', label: 'Loại thuê bao', options: NUM_TYPES },
  { field: 'NumberCurrentPackage', label: 'Gói cước' },
  { field: 'NumberPackageRegisterDate', label: 'Ngày đăng ký', kind: 'date' },
  { field: 'NumberPackageRegisterExpire', label: 'Ngày hết hạn', kind: 'date' },
  { field: 'CurrentCycle', label: 'Chu kỳ hiện tại', kind: 'number' },
  { field: 'NumberFreeCycleLeft', label: 'Chu kỳ miễn phí còn lại', kind: 'number' },
  { field: 'Status', label: 'Trạng thái', options: PACKAGE_STATUS },
];

function HistoryPanel() {
  return (
    <LookupPanel
      id="history"
      number={5}
      render={(data: Reply.PackageHistoryResult) => (
        <RowsTable panel="history" fields={HISTORY_FIELDS} rows={Array.isArray(data?.values) ? data.values : []} />
      )}
    />
  );
}

const H9279_FIELDS: FieldDef[] = [
  { field: 'datetime', label: 'Thời gian', kind: 'datetime' },
  { field: 'sender', label: 'Người gửi', kind: 'phone' },
  { field: 'receiver', label: 'Người nhận', kind: 'phone' },
  { field: 'type', label: 'Loại' },
  { field: 'content', label: 'Nội dung' },
];

function H9279Panel() {
  const [start, setStart] = useState(() => monthStart());
  const [end, setEnd] = useState(() => today());
  return (
    <LookupPanel
      id="h9279"
      number={6}
      extra={
        <>
          <DateField label="Từ ngày" value={start} onChange={setStart} testId="lookup-start-h9279" />
          <DateField label="Đến ngày" value={end} onChange={setEnd} testId="lookup-end-h9279" />
        </>
      }
      validate={() => {
        if (!start.trim()) return START_DATE_REQUIRED;
        if (!end.trim()) return END_DATE_REQUIRED;
        if (!parseFilterDate(start.trim())) return 'Ngày bắt đầu không hợp lệ (DD/MM/YYYY)';
        if (!parseFilterDate(end.trim())) return 'Ngày kết thúc không hợp lệ (DD/MM/YYYY)';
        return null;
      }}
      params={() => ({ startDate: start.trim(), endDate: end.trim() })}
      render={(data: Reply.History9279Result) => (
        <RowsTable
          panel="h9279"
          fields={H9279_FIELDS}
          rows={Array.isArray(data?.values) ? data.values : []}
          emptyText="Không có tin nhắn 9279 trong khoảng thời gian này"
        />
      )}
    />
  );
}

const ARPU_FIELDS: FieldDef[] = [
  { field: 'thang', label: 'Tháng' },
  { field: 'tong', label: 'Tổng', kind: 'money' },
  { field: 'ngoai_tkc', label: 'Ngoài TKC', kind: 'money' },
];

function ArpuPanel() {
  return (
    <LookupPanel
      id="arpu"
      number={7}
      render={(data: Reply.ArpuResult) => (
        <>
          <KeyValueTable panel="arpu" fields={[{ field: 'ctkv', label: 'Công ty khu vực' }]} data={data ?? {}} />
          <Typography variant="body2" sx={{ fontWeight: 600, mt: 1.5, mb: 0.5 }}>
            ARPU theo tháng (apru)
          </Typography>
          <RowsTable panel="arpu" fields={ARPU_FIELDS} rows={Array.isArray(data?.apru) ? data.apru : []} />
        </>
      )}
    />
  );
}

const PANELS: Array<{ id: PanelId; Component: () => ReactNode; wide?: boolean }> = [
  { id: 'package', Component: PackagePanel, wide: true },
  { id: 'balance', Component: BalancePanel },
  { id: 'info', Component: InfoPanel },
  { id: 'history', Component: HistoryPanel, wide: true },
  { id: 'h9279', Component: H9279Panel, wide: true },
  { id: 'arpu', Component: ArpuPanel },
];

export default function CustomerLookup() {
  const session = useSession();
  const shown = PANELS.filter((p) => mayLookup(PANEL_KIND[p.id], session));
  return (
    <Stack spacing={2} data-testid="customer-lookup">
      <Typography variant="h6" component="h2">
        Tra cứu thuê bao
      </Typography>
      {shown.length === 0 ? (
        <Alert severity="warning">Bạn không có quyền tra cứu thuê bao</Alert>
      ) : (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: 'repeat(2, minmax(0, 1fr))' }, alignItems: 'start' }}>
          {shown.map(({ id, Component, wide }) => (
            <Box key={id} sx={{ gridColumn: wide ? { lg: '1 / -1' } : undefined, minWidth: 0 }}>
              <Component />
            </Box>
          ))}
        </Box>
      )}
    </Stack>
  );
}
