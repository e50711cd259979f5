import { useEffect, useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { failText } from '../../api/client';
import { Loading } from '../../common/Placeholders';
import PermissionChecklist from '../../common/PermissionChecklist';
import { notify } from '../../store';
import { usersApi, type PermissionRef, type User } from './api';

/** Per-user permission editor (viewer priority below 3, target role priority above 1). */
export default function UserPermissionsDialog({
  user,
  permissions,
  onClose,
  onSaved,
}: {
  user: User | null;
  permissions: PermissionRef[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [username, setUsername] = useState('');
  const [loading, setLoading] = useState(false);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!user) return;
    setUsername(user.username);
    setSelected(new Set((user.permissions ?? []).map((p) => p.id)));
    let alive = true;
    setLoading(true);
    usersApi
      .get(user.id)
      .then((u: User) => {
        if (!alive) return;
        setUsername(u.username || user.username);
        setSelected(new Set((u.permissions ?? []).map((p) => p.id)));
      })
      .catch((e) => console.error('load user', e))
      .finally(() => alive && setLoading(false));
    return () => {
      alive = false;
    };
  }, [user]);

  const submit = async () => {
    if (!user || !username) return;
    setSaving(true);
    try {
      await usersApi.setPermissions(user.id, [...selected]);
      notify('Cập nhật nhân viên thành công', 'success');
      onSaved();
    } catch (e) {
      notify(failText('Cập nhật nhân viên không thành công', e), 'error');
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog open={!!user} onClose={saving ? undefined : onClose} maxWidth="md" fullWidth data-testid="user-permissions-dialog">
      <DialogTitle>
        Phân quyền nhân viên{' '}
        <Typography component="span" color="primary" sx={{ fontWeight: 700 }} data-testid="user-permissions-username">
          {username}
        </Typography>
      </DialogTitle>
      <DialogContent dividers>
        {loading ? (
          <Loading />
        ) : (
          <PermissionChecklist permissions={permissions} selected={selected} onChange={setSelected} testIdPrefix="user-perm" />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={saving}>
          Hủy
        </Button>
        <Button variant="contained" onClick={submit} disabled={saving || loading || !username} data-testid="user-permissions-submit">
          Lưu
        </Button>
      </DialogActions>
    </Dialog>
  );
}
