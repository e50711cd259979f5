import { useEffect, useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { errorMsg } from '../../api/client';
import { formatNumber } from '../../common/format';
import { notify } from '../../store';
import { bankApi, type AssignableStaff } from './api';
import { assignItems } from './rules';

/**
 * 'Phân chia tin nhắn' (spec 1 §7 assign / count-assign): how many unprocessed messages nobody
 * holds yet, the people the manager may hand them to (their subtree, as the server answers it,
 * indented by level), a quantity each; the server hands the oldest out at once, or nothing, and
 * says who got fewer than asked when the pool ran out.
 */
export default function AssignDialog({ open, onClose, onDone }: { open: boolean; onClose: () => void; onDone: () => void }) {
  const [total, setTotal] = useState<number | null>(null);
  const [staff, setStaff] = useState<AssignableStaff[]>([]);
  const [qty, setQty] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!open) return;
    setQty({});
    setTotal(null);
    bankApi.countAssignable().then(setTotal, () => setTotal(0));
    bankApi.assignableStaff().then(setStaff, (e) => notify(errorMsg(e) || 'Không tải được danh sách nhân viên', 'error'));
  }, [open]);

  const save = async () => {
    const items = assignItems(qty);
    if (typeof items === 'string') return notify(items, 'warning');
    setBusy(true);
    try {
      const r = await bankApi.assign(items);
      notify(r.msg || 'Phân chia dữ liệu thành công.', 'success');
      onDone();
      onClose();
    } catch (e) {
      notify(`Phân chia dữ liệu thất bại. ${errorMsg(e) || 'Vui lòng thử lại lần sau.'}`, 'error');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onClose={onClose} maxWidth="sm" fullWidth data-testid="mesbank-assign-dialog">
      <DialogTitle>Phân chia tin nhắn ngân hàng</DialogTitle>
      <DialogContent dividers>
        <Typography sx={{ mb: 1 }}>
          Số tin nhắn chưa giao: <b data-testid="mesbank-assign-total">{total === null ? '…' : formatNumber(total)}</b>
        </Typography>
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>Nhân viên</TableCell>
              <TableCell width={160}>Số lượng</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {staff.map((p) => (
              <TableRow key={p.username} data-testid={`mesbank-assign-row-${p.username}`}>
                <TableCell sx={{ pl: 2 + p.level * 3 }}>
                  {p.username} - {p.fullname}
                </TableCell>
                <TableCell>
                  <TextField
                    size="small"
                    value={qty[p.username] ?? ''}
                    placeholder="0"
                    onChange={(e) => setQty((q) => ({ ...q, [p.username]: e.target.value.replace(/[^\d]/g, '') }))}
                    slotProps={{
                      htmlInput: {
                        inputMode: 'numeric',
                        'aria-label': `Số lượng giao cho ${p.username}`,
                        'data-testid': `mesbank-assign-qty-${p.username}`,
                      },
                    }}
                  />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} data-testid="mesbank-assign-cancel">
          Huỷ
        </Button>
        <Button variant="contained" disabled={busy} onClick={save} data-testid="mesbank-assign-submit">
          Phân chia
        </Button>
      </DialogActions>
    </Dialog>
  );
}
