import { useCallback, useEffect, useMemo, useState } from 'react';
import DeleteIcon from '@mui/icons-material/Delete';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { errorMsg } from '../../api/client';
import { useConfirm } from '../../common/confirm';
import { notify } from '../../store';
import { orderApi, type OrderKind } from './api';

/**
 * 'Công ty đối tác': the managers' list an order's company is chosen from. The
 * server refuses a company outside it; removing one leaves the orders that carry its name as they are.
 */
export default function CompanyDialog({
  kind,
  testId,
  open,
  onClose,
}: {
  kind: OrderKind;
  testId: string;
  open: boolean;
  onClose: () => void;
}) {
  // One object per kind, so effects and callbacks can name it.
  const calls = useMemo(() => orderApi(kind), [kind]);
  const confirm = useConfirm();
  const [names, setNames] = useState<Array<{ id: string; name: string }>>([]);
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const load = useCallback(async () => {
    try {
      setNames((await calls.companies()).values);
    } catch (e) {
      notify.error(errorMsg(e) || 'Không tải được danh sách công ty');
    }
  }, [calls]);
  useEffect(() => {
    if (open) void load();
  }, [open, load]);

  const add = async () => {
    if (!name.trim()) return notify.error('Vui lòng nhập tên công ty');
    setBusy(true);
    try {
      const co = await calls.addCompany(name.trim());
      notify.success(`Đã thêm công ty ${co.name}`);
      setName('');
      await load();
    } catch (e) {
      notify.error(errorMsg(e) || 'Thêm công ty thất bại');
    } finally {
      setBusy(false);
    }
  };
  const remove = async (co: { id: string; name: string }) => {
    if (
      !(await confirm({
        title: 'Xoá công ty',
        message: `Xoá công ty ${co.name} khỏi danh sách? Các đơn đã ghi công ty này vẫn giữ nguyên.`,
        danger: true,
      }))
    )
      return;
    try {
      notify.success((await calls.removeCompany(co.id)).msg || 'Đã xoá công ty khỏi danh sách');
      await load();
    } catch (e) {
      notify.error(errorMsg(e) || 'Xoá công ty thất bại');
    }
  };

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs" data-testid={`${testId}-companies-dialog`}>
      <DialogTitle>Công ty đối tác</DialogTitle>
      <DialogContent>
        <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
          <TextField
            size="small"
            fullWidth
            label="Tên công ty"
            value={name}
            onChange={(e) => setName(e.target.value)}
            onKeyDown={(e) => e.key === 'Enter' && void add()}
            slotProps={{ htmlInput: { 'data-testid': `${testId}-company-name`, maxLength: 100 } }}
          />
          <Button variant="contained" disabled={busy} onClick={() => void add()} data-testid={`${testId}-company-add`}>
            Thêm
          </Button>
        </Stack>
        {names.length === 0 ? (
          <Typography color="text.secondary" sx={{ mt: 2 }}>
            Chưa có công ty nào trong danh sách
          </Typography>
        ) : (
          <List dense data-testid={`${testId}-company-list`}>
            {names.map((co) => (
              <ListItem
                key={co.id}
                data-testid={`${testId}-company-${co.name}`}
                secondaryAction={
                  <IconButton edge="end" aria-label={`Xoá ${co.name}`} onClick={() => void remove(co)} color="error">
                    <DeleteIcon fontSize="small" />
                  </IconButton>
                }
              >
                <ListItemText primary={co.name} />
              </ListItem>
            ))}
          </List>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Đóng</Button>
      </DialogActions>
    </Dialog>
  );
}
