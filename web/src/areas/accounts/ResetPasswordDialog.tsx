import { useEffect, useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { failText } from '../../api/client';
import { notify } from '../../store';
import { usersApi, type User } from './api';

/** Reset password: the confirm button is disabled unless both fields are filled (no equality check). */
export default function ResetPasswordDialog({ user, onClose }: { user: User | null; onClose: () => void }) {
  const [password, setPassword] = useState('');
  const [rePassword, setRePassword] = useState('');
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    setPassword('');
    setRePassword('');
  }, [user]);

  const submit = async () => {
    if (!user) return;
    setSaving(true);
    try {
      await usersApi.resetPassword(user.id, password, rePassword);
      notify('Cấp mật khẩu mới thành công.', 'success');
      onClose();
    } catch (e) {
      notify(failText('Cấp mật khẩu mới không thành công.', e), 'error');
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog open={!!user} onClose={saving ? undefined : onClose} maxWidth="xs" fullWidth data-testid="reset-password-dialog">
      <DialogTitle>Cấp mật khẩu mới: {user?.username}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            label="Mật khẩu mới"
            type="password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            autoComplete="new-password"
            slotProps={{ htmlInput: { 'data-testid': 'reset-password-password' } }}
          />
          <TextField
            label="Nhập lại mật khẩu mới"
            type="password"
            value={rePassword}
            onChange={(e) => setRePassword(e.target.value)}
            autoComplete="new-password"
            slotProps={{ htmlInput: { 'data-testid': 'reset-password-repassword' } }}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={saving}>
          Hủy
        </Button>
        <Button variant="contained" onClick={submit} disabled={saving || !password || !rePassword} data-testid="reset-password-submit">
          Xác nhận
        </Button>
      </DialogActions>
    </Dialog>
  );
}
