import { useEffect, useState } from 'react';
import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { errorMsg } from '../api/client';
import { notify } from '../store';
import { formatNumber } from './format';
import { eachGot, emptyLine, handOutItems, type HandOutItem, type HandOutLine, type HandOutReply } from './handOut';
import StaffPicker, { type StaffPick } from './StaffPicker';

/** One list's hand-out: its routes and its words. */
export interface HandOut {
  /** Prefix of the test ids: `-dialog`, `-total`, `-staff-<i>`, `-count-<i>`, `-add`, `-submit`. */
  testId: string;
  title: string;
  /** The pool's line, given its formatted size, e.g. (n) => `Số đơn chưa chia: ${n}`. */
  poolText: (total: string) => string;
  /** The toast when the pool's size cannot be read. */
  poolFailed: string;
  countLabel: string;
  submitLabel: string;
  /** How many rows no one holds yet. */
  countPool: () => Promise<number>;
  /** The people the caller may hand rows to, in the hierarchy's order. */
  staff: () => Promise<StaffPick[]>;
  handOut: (items: HandOutItem[]) => Promise<HandOutReply>;
  /** Unit of the success toast's tally ('đơn': 'Đã chia 2 đơn (nv1: 2).'); without it the server's message alone. */
  tallyUnit?: string;
}

/**
 * "Hand out N from a pool" (bank messages, uploaded orders, refund requests): the pool's size, a
 * line per person (the staff picker, a count), 'Thêm nhân viên' for another; the server hands the
 * oldest out and says what each got (services/kit/src/data/hand-out.ts).
 */
export default function HandOutDialog({
  config,
  open,
  onClose,
  onDone,
}: {
  config: HandOut;
  open: boolean;
  onClose: () => void;
  onDone: () => void;
}) {
  const [total, setTotal] = useState<number | null>(null);
  const [staff, setStaff] = useState<StaffPick[]>([]);
  const [lines, setLines] = useState<HandOutLine[]>([emptyLine()]);
  const [busy, setBusy] = useState(false);
  const { countPool, staff: loadStaff, poolFailed } = config;
  useEffect(() => {
    if (!open) return;
    setLines([emptyLine()]);
    setTotal(null);
    countPool().then(setTotal, (e) => notify(errorMsg(e) || poolFailed, 'error'));
    loadStaff().then(setStaff, (e) => notify(errorMsg(e) || 'Không tải được danh sách nhân viên', 'error'));
  }, [open, countPool, loadStaff, poolFailed]);

  const setLine = (i: number, change: Partial<HandOutLine>) => setLines((all) => all.map((l, j) => (j === i ? { ...l, ...change } : l)));

  const submit = async () => {
    const items = handOutItems(lines);
    if (typeof items === 'string') return notify(items, 'warning');
    setBusy(true);
    try {
      const r = await config.handOut(items);
      const said = r.msg || 'Phân chia dữ liệu thành công.';
      const text = config.tallyUnit ? `${said} Đã chia ${r.assigned} ${config.tallyUnit} (${eachGot(r)}).` : said;
      notify(text, r.assigned > 0 ? 'success' : 'warning');
      onDone();
      onClose();
    } catch (e) {
      notify(`Phân chia dữ liệu thất bại. ${errorMsg(e) || 'Vui lòng thử lại lần sau.'}`, 'error');
    } finally {
      setBusy(false);
    }
  };

  const id = config.testId;
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" data-testid={`${id}-dialog`}>
      <DialogTitle>{config.title}</DialogTitle>
      <DialogContent>
        <Typography sx={{ mb: 2 }} data-testid={`${id}-total`}>
          {total === null ? 'Đang tải…' : config.poolText(formatNumber(total))}
        </Typography>
        <Stack spacing={1.5}>
          {lines.map((l, i) => (
            <Stack direction="row" spacing={1} key={i} sx={{ alignItems: 'center' }}>
              <StaffPicker
                value={l.username}
                onChange={(u) => setLine(i, { username: u })}
                options={staff}
                width={320}
                testId={`${id}-staff-${i}`}
              />
              <TextField
                size="small"
                label={config.countLabel}
                value={l.count}
                onChange={(e) => setLine(i, { count: e.target.value.replace(/\D/g, '') })}
                sx={{ width: 160 }}
                slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': `${id}-count-${i}` } }}
              />
            </Stack>
          ))}
        </Stack>
        <Button startIcon={<AddIcon />} sx={{ mt: 1 }} onClick={() => setLines((all) => [...all, emptyLine()])} data-testid={`${id}-add`}>
          Thêm nhân viên
        </Button>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} data-testid={`${id}-cancel`}>
          Huỷ
        </Button>
        <Button variant="contained" disabled={busy || !total} onClick={() => void submit()} data-testid={`${id}-submit`}>
          {config.submitLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
