import { useEffect, useMemo, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import EditNoteIcon from '@mui/icons-material/EditNote';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import PhoneCallbackIcon from '@mui/icons-material/PhoneCallback';
import ListScreen from '../../list/ListScreen';
import type { ListConfig, ListHandle } from '../../list/types';
import { errorMsg } from '../../api/client';
import { displayPhone, formatDateTime } from '../../common/format';
import { useSession } from '../../common/session';
import { notify } from '../../store';
import { NUM_TYPES, PACKAGE_STATUS } from '../../common/carrier';
import { APPOINTMENT_LIST, careApi, customerStatusLabel, type CareRecord } from './api';
import CareResultDialog from './CareResultDialog';

const openCaseKey = (username: string) => `care:open-case:${username}`;

/**
 * 'Khách hàng mới' (/app/customer-care, spec 1 §2.11): the button takes the next customer handed
 * to the caller (disabled while a case is open; the screen asks the server for the open case when
 * it opens, local storage only shows it sooner), the current customer's card, and the caller's APPOINTMENT
 * customers (today's first). Finishing a case opens the care-result dialog.
 */
export default function CustomerCare() {
  const session = useSession();
  const listRef = useRef<ListHandle>(null);
  const [open, setOpen] = useState<CareRecord | null>(() => {
    try {
      return JSON.parse(localStorage.getItem(openCaseKey(session.username)) ?? 'null');
    } catch {
      return null;
    }
  });
  const [left, setLeft] = useState<number | null>(null);
  const [dialog, setDialog] = useState<{ id: string; phone: string } | null>(null);
  const [busy, setBusy] = useState(false);
  /** The open case for the table's 'Mời lại' (one case at a time; the server says so too). */
  const openRef = useRef(open);
  openRef.current = open;
  /** Set once this screen takes, reopens or ends a case: what the server answers that action is newer than the opening question's answer. */
  const changedHere = useRef(false);

  // The server holds the open case: ask it when the screen opens (a reload, another
  // tab or browser), so the case is on screen whatever this browser's storage kept.
  useEffect(() => {
    let alive = true;
    careApi
      .openCare()
      .then((r) => {
        if (!alive) return;
        // A take, 'Mời lại' or result made before this answer came is newer: its case and count stay.
        if (changedHere.current) return setLeft((l) => l ?? Number(r.count));
        setOpen(r.value?.customer?.id ? r.value : null);
        setLeft(Number(r.count));
      })
      .catch((e) => alive && notify(errorMsg(e) || 'Không tải được khách hàng đang chăm sóc. Vui lòng tải lại trang', 'error'));
    return () => {
      alive = false;
    };
  }, []);

  useEffect(() => {
    if (open) localStorage.setItem(openCaseKey(session.username), JSON.stringify(open));
    else localStorage.removeItem(openCaseKey(session.username));
  }, [open, session.username]);

  const takeNext = async () => {
    changedHere.current = true;
    setBusy(true);
    try {
      const r = await careApi.newCare();
      setLeft(Number(r.count));
      if (r.value?.customer?.id) setOpen(r.value);
      else notify(r.msg || 'Không còn khách hàng mới được giao cho bạn', 'info');
    } catch (e) {
      notify(errorMsg(e) || 'Lấy khách hàng mới không thành công. Vui lòng thử lại', 'error');
    } finally {
      setBusy(false);
    }
  };

  const config = useMemo<ListConfig<CareRecord>>(
    () => ({
      id: 'appointments',
      title: 'Khách hàng hẹn lại',
      endpoint: APPOINTMENT_LIST,
      rowId: (r) => r.customer?.id ?? '',
      filters: [{ key: 'q', type: 'text', label: 'Tìm kiếm', placeholder: 'Tìm kiếm', toParam: () => undefined }],
      columns: [
        { field: 'index', headerName: '#', kind: 'index' },
        { field: 'phone', headerName: 'Số điện thoại', kind: 'phone', minWidth: 140, value: (r) => r.customer?.phone },
        { field: 'package', headerName: 'Gói cước', minWidth: 110 },
        { field: 'appointmentAt', headerName: 'Thời gian hẹn', kind: 'datetime', minWidth: 170 },
        { field: 'hen_hom_nay', headerName: 'Hẹn hôm nay', minWidth: 110, value: (r) => (r.hen_hom_nay ? 'Hôm nay' : '') },
        { field: 'note', headerName: 'Ghi chú', flex: 1, minWidth: 200 },
        { field: 'actions', headerName: 'Thao tác', kind: 'actions', minWidth: 90, export: false },
      ],
      rowActions: [
        {
          // 'Mời lại': the customer becomes the open case again, with its card.
          key: 'moilai',
          label: 'Mời lại',
          icon: <PhoneCallbackIcon fontSize="small" />,
          color: 'primary',
          visible: () => !openRef.current,
          confirm: (r) => ({ title: 'Mời lại', message: `Xác nhận mời lại khách hàng ${displayPhone(r.customer?.phone ?? '')}?` }),
          run: async (r) => {
            changedHere.current = true;
            const res = await careApi.moiLai(r.customer!.id);
            if (res.value?.customer?.id) setOpen(res.value);
            setLeft(Number(res.count));
            return res;
          },
          successMsg: (_r, res) => (res as Awaited<ReturnType<typeof careApi.moiLai>>).msg || 'Đã mở lại ca chăm sóc',
          errorMsg: 'Mời lại không thành công',
        },
        {
          key: 'care',
          label: 'Ghi nhận kết quả',
          icon: <EditNoteIcon fontSize="small" />,
          run: (r) => setDialog({ id: r.customer!.id, phone: r.customer!.phone }),
        },
      ],
    }),
    [],
  );

  return (
    <Box data-testid="customer-care">
      <Stack direction="row" spacing={2} sx={{ p: 2, alignItems: 'center' }}>
        <Button variant="contained" startIcon={<PersonAddIcon />} disabled={!!open || busy} onClick={takeNext} data-testid="care-new">
          Khách hàng mới
        </Button>
        {left !== null && <Typography data-testid="care-left">Còn {left} khách hàng chưa chăm sóc</Typography>}
      </Stack>
      {open?.customer && (
        <Card variant="outlined" sx={{ mx: 2, mb: 2 }} data-testid="care-current">
          <CardContent>
            <Typography variant="subtitle1">
              Khách hàng đang chăm sóc: <b data-testid="care-current-phone">{displayPhone(open.customer.phone)}</b>
            </Typography>
            <Typography variant="body2" data-testid="care-current-details">
              Loại: {NUM_TYPES[open.customer.type] ?? open.customer.type} · Gói: {open.customer.package} · Đăng ký:{' '}
              {formatDateTime(open.customer.packageRegisterAt)} · Hết hạn: {formatDateTime(open.customer.packageExpiredAt)} · Chu kỳ:{' '}
              {open.customer.packageCycle} · Chu kỳ miễn phí còn lại:{' '}
              <span data-testid="care-current-free-cycles">{open.customer.so_chu_ky_mien_phi_con_lai || 'Không rõ'}</span> · Trạng thái:{' '}
              {PACKAGE_STATUS[open.customer.state] ?? open.customer.state} · Gói có thể đăng ký: {open.customer.packagesCanRegister}
            </Typography>
            {open.status && open.status !== 'TAKECARE' && (
              <Typography variant="body2">Kết quả trước: {customerStatusLabel(open.status)}</Typography>
            )}
            <Button
              sx={{ mt: 1 }}
              variant="outlined"
              onClick={() => setDialog({ id: open.customer!.id, phone: open.customer!.phone })}
              data-testid="care-finish"
            >
              Kết thúc chăm sóc
            </Button>
          </CardContent>
        </Card>
      )}
      <ListScreen ref={listRef} config={config} />
      <CareResultDialog
        customer={dialog}
        onClose={() => setDialog(null)}
        onSaved={() => {
          changedHere.current = true;
          if (dialog && open?.customer?.id === dialog.id) setOpen(null);
          setDialog(null);
          listRef.current?.reload();
        }}
      />
    </Box>
  );
}
