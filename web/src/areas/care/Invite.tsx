import { useEffect, useMemo, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ListScreen from '../../list/ListScreen';
import type { ListConfig, ListHandle } from '../../list/types';
import { errorMsg } from '../../api/client';
import { monthStart, today } from '../../common/format';
import { notify } from '../../store';
import { careApi, INVITE, type Invitation } from './api';
import { INVITE_TAB_LABELS, invitationResultChip, otpButtons, TRANSACTION_STATUS_OPTIONS, transactionOf } from './invite-rules';
import { DateTimeField } from '../../common/DateField';

const failToast = (e: unknown) => notify(errorMsg(e) || 'Đăng ký gói cước không thành công', 'error');

/** A channel's invitations (9332 and dk share one history): phone and date filters, Enter searches. */
function InviteHistory({ type, listRef }: { type: string; listRef: React.RefObject<ListHandle | null> }) {
  const config = useMemo<ListConfig<Invitation>>(
    () => ({
      id: `invite-${type}`,
      endpoint: INVITE,
      // History page sizes (spec 2 §9): 10, 20, 50, default 10.
      pageSizes: [10, 20, 50],
      defaultPageSize: 10,
      searchButton: 'search',
      query: () => ({ type }),
      filters: [
        { key: 'phone', type: 'text', label: 'Số điện thoại', width: 160 },
        { key: 'startDate', type: 'date', label: 'Từ ngày', default: () => monthStart() },
        { key: 'endDate', type: 'date', label: 'Đến ngày', default: () => today() },
      ],
      columns: [
        { field: 'index', headerName: '#', kind: 'index' },
        { field: 'genDate', headerName: 'Thời gian', kind: 'datetime', minWidth: 170 },
        { field: 'msisdn', headerName: 'Thuê bao', minWidth: 130 },
        { field: 'packCode', headerName: 'Gói cước', minWidth: 100 },
        { field: 'packPrice', headerName: 'Giá gói', kind: 'number', minWidth: 100 },
        {
          field: 'requestType',
          headerName: 'Loại',
          minWidth: 80,
          options: [
            { value: 'DK', label: 'Đăng ký' },
            { value: 'GIAHAN', label: 'Gia hạn' },
          ],
        },
        {
          field: 'resultCodeMO',
          headerName: 'Kết quả',
          kind: 'chip',
          minWidth: 120,
          chip: (r) => invitationResultChip(r.resultCodeMO),
        },
        { field: 'status', headerName: 'Trạng thái giao dịch', minWidth: 160, options: TRANSACTION_STATUS_OPTIONS },
        { field: 'resultDesMO', headerName: 'Mô tả', flex: 1, minWidth: 200 },
        {
          field: 'username_nv',
          headerName: 'Nhân viên',
          minWidth: 180,
          value: (r) => (r.username_nv ? `${r.username_nv} - ${r.ten_nv}` : ''),
        },
      ],
    }),
    [type],
  );
  return <ListScreen ref={listRef} config={config} />;
}

/** Confirmation codes 1–4: package, phone, Get OTP; the code and Register (spec 2 §2.1, §4 "OTP flow"). */
function OtpPanel({ type, setBusy, busy }: { type: string; busy: boolean; setBusy: (b: boolean) => void }) {
  const [pkg, setPkg] = useState('');
  const [phone, setPhone] = useState('');
  const [otp, setOtp] = useState('');
  const [trans, setTrans] = useState<ReturnType<typeof transactionOf>>(null);
  const listRef = useRef<ListHandle>(null);
  const can = otpButtons({ pkg, phone, otp, hasTransaction: !!trans, busy });
  // A code belongs to the phone and package it was sent for: another phone or package starts over.
  const startOver = () => {
    setOtp('');
    setTrans(null);
  };

  const getOtp = async () => {
    setBusy(true);
    try {
      const r = await careApi.invite({ type, phone: phone.trim(), package: pkg.trim() });
      setTrans(transactionOf(r));
      notify(r.msg || 'Đã gửi mã OTP thành công', 'success');
    } catch (e) {
      failToast(e);
    } finally {
      setBusy(false);
    }
  };
  const confirm = async () => {
    if (!trans) return;
    setBusy(true);
    try {
      const r = await careApi.invite({ type, phone: phone.trim(), package: pkg.trim(), otp: otp.trim(), [trans.field]: trans.value });
      notify(r.msg || 'Xác nhận mã OTP thành công', 'success');
      setPkg('');
      setPhone('');
      setOtp('');
      setTrans(null);
    } catch (e) {
      failToast(e);
    } finally {
      setBusy(false);
      listRef.current?.reload();
    }
  };
  const id = `invite-${type}`;
  return (
    <>
      <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
        <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
          <TextField
            size="small"
            label="Gói cước"
            value={pkg}
            onChange={(e) => {
              setPkg(e.target.value);
              startOver();
            }}
            slotProps={{ htmlInput: { 'data-testid': `${id}-package` } }}
          />
          <TextField
            size="small"
            label="Số điện thoại"
            value={phone}
            onChange={(e) => {
              setPhone(e.target.value);
              startOver();
            }}
            slotProps={{ htmlInput: { 'data-testid': `${id}-phone` } }}
          />
          <Button variant="outlined" disabled={!can.getOtp} onClick={getOtp} data-testid={`${id}-get-otp`}>
            Lấy OTP
          </Button>
          <TextField
            size="small"
            label="Mã OTP"
            value={otp}
            onChange={(e) => setOtp(e.target.value)}
            slotProps={{ htmlInput: { 'data-testid': `${id}-otp` } }}
          />
          <Button variant="contained" disabled={!can.confirm} onClick={confirm} data-testid={`${id}-confirm`}>
            Đăng ký
          </Button>
        </Stack>
      </Paper>
      <InviteHistory type={type} listRef={listRef} />
    </>
  );
}

/** Renewal (9332) and direct registration (dk): package and phone, DK / GIAHAN at once, the 9332 history. */
function RegisterPanel({ type, setBusy, busy }: { type: '9332' | 'dk'; busy: boolean; setBusy: (b: boolean) => void }) {
  const [pkg, setPkg] = useState('');
  const [phone, setPhone] = useState('');
  const listRef = useRef<ListHandle>(null);
  const filled = !!pkg.trim() && !!phone.trim() && !busy;
  const send = async (command: 'DK' | 'GIAHAN') => {
    setBusy(true);
    try {
      const r = await careApi.invite({ type, phone: phone.trim(), package: pkg.trim(), command });
      notify(r.msg || 'Đăng ký gói cước thành công', 'success');
      setPkg('');
      setPhone('');
    } catch (e) {
      failToast(e);
    } finally {
      setBusy(false);
      listRef.current?.reload();
    }
  };
  const id = `invite-${type}`;
  const labels = type === '9332' ? { DK: 'Mời đăng ký', GIAHAN: 'Mời gia hạn' } : { DK: 'Đăng ký', GIAHAN: 'Gia hạn' };
  return (
    <>
      <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
        <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
          <TextField
            size="small"
            label="Gói cước"
            value={pkg}
            onChange={(e) => setPkg(e.target.value)}
            slotProps={{ htmlInput: { 'data-testid': `${id}-package` } }}
          />
          <TextField
            size="small"
            label="Số điện thoại"
            value={phone}
            onChange={(e) => setPhone(e.target.value)}
            slotProps={{ htmlInput: { 'data-testid': `${id}-phone` } }}
          />
          <Button variant="contained" disabled={!filled} onClick={() => send('DK')} data-testid={`${id}-dk`}>
            {labels.DK}
          </Button>
          <Button variant="outlined" disabled={!filled} onClick={() => send('GIAHAN')} data-testid={`${id}-giahan`}>
            {labels.GIAHAN}
          </Button>
        </Stack>
      </Paper>
      <Typography variant="subtitle2" sx={{ mb: 1 }}>
        Lịch sử mời gói 9332
      </Typography>
      <InviteHistory type={type} listRef={listRef} />
    </>
  );
}

/** Sell package (spec 2 §2.1): the form as specified; its submit does nothing. */
function SellingPanel() {
  const [v, setV] = useState({ pkg: '', phone: '', requestAt: '', otp: '', status: '' });
  const set = (k: keyof typeof v) => (e: React.ChangeEvent<HTMLInputElement>) => setV((s) => ({ ...s, [k]: e.target.value }));
  return (
    <Paper
      variant="outlined"
      sx={{ p: 2 }}
      component="form"
      onSubmit={(e: React.FormEvent) => e.preventDefault()}
      data-testid="invite-selling"
    >
      <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        <TextField size="small" label="Gói cước" value={v.pkg} onChange={set('pkg')} />
        <TextField size="small" label="Số điện thoại" value={v.phone} onChange={set('phone')} />
        <DateTimeField label="Ngày yêu cầu" value={v.requestAt} onChange={(requestAt) => setV((s) => ({ ...s, requestAt }))} width={220} />
        <TextField size="small" label="Mã OTP" value={v.otp} onChange={set('otp')} />
        <TextField select size="small" label="Trạng thái" value={v.status} onChange={set('status')} sx={{ minWidth: 160 }}>
          <MenuItem value="">Tất cả</MenuItem>
          <MenuItem value="SUCCESS">Thành công</MenuItem>
          <MenuItem value="FAILED">Thất bại</MenuItem>
        </TextField>
        <Button type="submit" variant="contained">
          Gửi
        </Button>
      </Stack>
    </Paper>
  );
}

/**
 * 'Mời gói cước' (/app/invite, spec 2 §2.1): the tabs the server allows the caller (codes, and for
 * confirmation codes 1–4 an active channel for them or their branch; seniors all four), each with
 * its form and its history; registrations are announced to everyone by the server's realtime notice.
 */
export default function Invite() {
  const [tabs, setTabs] = useState<string[] | null>(null);
  const [active, setActive] = useState('');
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    careApi.inviteTabs().then(
      (r) => {
        setTabs(r.types);
        setActive(r.types[0] ?? '');
      },
      (e) => {
        setTabs([]);
        notify(errorMsg(e) || 'Không tải được các kênh mời gói cước', 'error');
      },
    );
  }, []);

  return (
    <Box data-testid="invite" sx={{ p: 2 }}>
      {busy || tabs === null ? <LinearProgress data-testid="invite-loading" sx={{ mb: 1 }} /> : <Box sx={{ height: 4, mb: 1 }} />}
      {tabs !== null && tabs.length === 0 && (
        <Typography data-testid="invite-none">Bạn chưa có kênh mời gói cước nào được kích hoạt.</Typography>
      )}
      {tabs !== null && tabs.length > 0 && (
        <>
          <Tabs value={active} onChange={(_e, v) => setActive(v)} variant="scrollable" sx={{ mb: 2 }}>
            {tabs.map((t) => (
              <Tab key={t} value={t} label={INVITE_TAB_LABELS[t] ?? t} data-testid={`invite-tab-${t}`} />
            ))}
          </Tabs>
          {/* One panel at a time: each keeps its own form and transaction id while shown. */}
          {active.startsWith('ma_xac_nhan_') && <OtpPanel key={active} type={active} busy={busy} setBusy={setBusy} />}
          {(active === '9332' || active === 'dk') && <RegisterPanel key={active} type={active} busy={busy} setBusy={setBusy} />}
          {active === 'selling' && <SellingPanel />}
        </>
      )}
    </Box>
  );
}
