import { useEffect, useMemo, useState } from 'react';
import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { errorMsg } from '../../api/client';
import StaffPicker from '../../common/StaffPicker';
import type { StaffPick } from '../../common/StaffPicker.rules';
import { notify } from '../../store';
import { orderApi, type OrderKind } from './api';
import { isLeader, seesOwnRowsOnly } from '../../api/access';

/** The hierarchy's level of a staff option: 0 branch or senior, 1 leader, 2 salesperson. */
const indentOf = (priority: number | undefined) =>
  priority === undefined ? 0 : isLeader(priority) ? 1 : seesOwnRowsOnly(priority) ? 2 : 0;

/**
 * 'Chia đơn': managers hand the uploaded orders that have no staff yet (the pool of
 * count-assign) to staff, a number each; the server hands the oldest first and says how many each got.
 */
export default function AssignDialog({
  kind,
  testId,
  open,
  onClose,
  onDone,
}: {
  kind: OrderKind;
  testId: string;
  open: boolean;
  onClose: () => void;
  onDone: () => void;
}) {
  // One object per kind, so effects and callbacks can name it.
  const calls = useMemo(() => orderApi(kind), [kind]);
  const [total, setTotal] = useState<number | null>(null);
  const [rows, setRows] = useState<Array<{ username: string; count: string }>>([{ username: '', count: '' }]);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (!open) return;
    setRows([{ username: '', count: '' }]);
    setTotal(null);
    calls
      .countAssignable()
      .then((r) => setTotal(Number(r.total ?? 0)))
      .catch((e) => notify.error(errorMsg(e) || 'Không tải được số đơn chưa chia'));
  }, [open, calls]);

  const load = async (): Promise<StaffPick[]> =>
    (await calls.employees()).values.map((s) => ({
      value: s.username,
      label: `${s.username} - ${s.fullname}`,
      indent: indentOf(s.role?.priority),
    }));

  const submit = async () => {
    const items = rows.filter((r) => r.username && r.count.trim()).map((r) => ({ username: r.username, count: Number(r.count.trim()) }));
    if (items.length === 0) return notify.error('Bạn chưa chọn nhân viên và số lượng cần phân chia');
    if (items.some((i) => !Number.isInteger(i.count) || i.count <= 0))
      return notify.error('Số lượng phân chia phải là số nguyên lớn hơn 0');
    setBusy(true);
    try {
      const r = await calls.assign(items);
      const each = r.items.map((i) => `${i.username}: ${i.count}`).join(', ');
      notify.success(`${r.msg || 'Phân chia dữ liệu thành công.'} Đã chia ${r.assigned} đơn (${each}).`);
      onDone();
      onClose();
    } catch (e) {
      notify.error(errorMsg(e) || 'Phân chia dữ liệu thất bại. Vui lòng thử lại lần sau.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" data-testid={`${testId}-assign-dialog`}>
      <DialogTitle>Chia đơn chưa có nhân viên</DialogTitle>
      <DialogContent>
        <Typography sx={{ mb: 2 }} data-testid={`${testId}-assign-total`}>
          {total === null ? 'Đang tải…' : `Số đơn chưa chia: ${total.toLocaleString('en-US')}`}
        </Typography>
        <Stack spacing={1.5}>
          {rows.map((r, i) => (
            <Stack direction="row" spacing={1} key={i} sx={{ alignItems: 'center' }}>
              <StaffPicker
                value={r.username}
                onChange={(u) => setRows((all) => all.map((x, j) => (j === i ? { ...x, username: u } : x)))}
                load={load}
                width={320}
                testId={`${testId}-assign-staff-${i}`}
              />
              <TextField
                size="small"
                label="Số lượng"
                value={r.count}
                onChange={(e) => setRows((all) => all.map((x, j) => (j === i ? { ...x, count: e.target.value.replace(/\D/g, '') } : x)))}
                sx={{ width: 120 }}
                slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': `${testId}-assign-count-${i}` } }}
              />
            </Stack>
          ))}
        </Stack>
        <Button startIcon={<AddIcon />} sx={{ mt: 1 }} onClick={() => setRows((all) => [...all, { username: '', count: '' }])}>
          Thêm nhân viên
        </Button>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Huỷ</Button>
        <Button variant="contained" disabled={busy || !total} onClick={() => void submit()} data-testid={`${testId}-assign-submit`}>
          Chia đơn
        </Button>
      </DialogActions>
    </Dialog>
  );
}
