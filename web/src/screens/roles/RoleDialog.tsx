import { useEffect, useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { failText } from '../../api/client';
import PermissionChecklist from '../../common/PermissionChecklist';
import { notify } from '../../store';
import { rolesApi, type PermissionRef, type Role } from '../../areas/accounts/api';

/** Role dialog: name, priority, permission checkboxes grouped by category; saves only with a name. */
export default function RoleDialog({
  open,
  role,
  permissions,
  onClose,
  onSaved,
}: {
  open: boolean;
  role: Role | null;
  permissions: PermissionRef[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const [name, setName] = useState('');
  const [priority, setPriority] = useState('5');
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!open) return;
    setName(role?.name ?? '');
    setPriority(String(role?.priority ?? 5));
    setSelected(new Set(role?.permissions ?? []));
  }, [open, role]);

  const isEdit = !!role;
  const submit = async () => {
    if (!name.trim()) return;
    const body = { name: name.trim(), priority: Number(priority) || 0, permissions: [...selected] };
    setSaving(true);
    try {
      if (isEdit) await rolesApi.update({ id: role!.id, ...body });
      else await rolesApi.create(body);
      notify(isEdit ? 'Cập nhật vai trò thành công' : 'Tạo vai trò thành công', 'success');
      onSaved();
    } catch (e) {
      notify(failText(isEdit ? 'Cập nhật vai trò không thành công' : 'Tạo vai trò không thành công', e), 'error');
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog open={open} onClose={saving ? undefined : onClose} maxWidth="md" fullWidth data-testid="role-dialog">
      <DialogTitle>{isEdit ? 'Cập nhật vai trò' : 'Tạo vai trò'}</DialogTitle>
      <DialogContent dividers>
        <Stack direction="row" spacing={2} sx={{ mb: 2 }}>
          <TextField
            label="Tên vai trò"
            value={name}
            onChange={(e) => setName(e.target.value)}
            required
            sx={{ flex: 1 }}
            slotProps={{ htmlInput: { 'data-testid': 'role-name' } }}
          />
          <TextField
            label="Độ ưu tiên"
            type="number"
            value={priority}
            onChange={(e) => setPriority(e.target.value.replace(/\D/g, ''))}
            sx={{ width: 140 }}
            slotProps={{ htmlInput: { 'data-testid': 'role-priority', min: 1 } }}
          />
        </Stack>
        <Typography variant="subtitle2" sx={{ mb: 1 }}>
          Quyền
        </Typography>
        <PermissionChecklist permissions={permissions} selected={selected} onChange={setSelected} testIdPrefix="role-perm" />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={saving}>
          Hủy
        </Button>
        <Button variant="contained" onClick={submit} disabled={saving || !name.trim()} data-testid="role-submit">
          Lưu
        </Button>
      </DialogActions>
    </Dialog>
  );
}
