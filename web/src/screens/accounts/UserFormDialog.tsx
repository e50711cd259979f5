import { useEffect, useMemo, useState } from 'react';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { failText } from '../../api/client';
import { ZERO_GUID } from '../../common/format';
import { isEmptyId, staffLabel } from '../../common/refdata';
import { notify } from '../../store';
import { usersApi, type Role, type StaffOption, type User } from '../../areas/accounts/api';

export type UserFormMode = 'create' | 'edit';

interface FormState {
  fullname: string;
  username: string;
  password: string;
  email: string;
  phone: string;
  role: string;
  brand: string;
  group: string;
}

const blank: FormState = { fullname: '', username: '', password: '', email: '', phone: '', role: '', brand: '', group: '' };

function fromUser(u: User): FormState {
  return {
    fullname: u.fullname || u.full_name || '',
    username: u.username,
    password: '',
    email: u.email || '',
    phone: u.phone || '',
    role: u.role_id || u.role?.id || '',
    brand: isEmptyId(u.brand_id) ? '' : u.brand_id!,
    group: isEmptyId(u.group_id) ? '' : u.group_id!,
  };
}

/**
 * Create ('Tạo người dùng') and edit ('Cập nhật người dùng') dialog, spec 1 §2.6 and §5:
 * required fullname, username, password (create), email, role; a blank role means the first role;
 * brand shown and required when the role priority is 4 or more; group ('Nhóm') shown and required
 * when the role priority is 5 and the chosen brand has leaders.
 */
export default function UserFormDialog({
  mode,
  open,
  user,
  roles,
  brands,
  onClose,
  onSaved,
}: {
  mode: UserFormMode;
  open: boolean;
  user?: User | null;
  roles: Role[];
  brands: StaffOption[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const [form, setForm] = useState<FormState>(blank);
  const [touched, setTouched] = useState(false);
  const [saving, setSaving] = useState(false);
  const [leaders, setLeaders] = useState<StaffOption[]>([]);

  useEffect(() => {
    if (!open) return;
    setForm(mode === 'edit' && user ? fromUser(user) : blank);
    setTouched(false);
  }, [open, mode, user]);

  const effectiveRole = useMemo(() => roles.find((r) => r.id === form.role) ?? roles[0], [roles, form.role]);
  const rolePriority = effectiveRole?.priority ?? 0;
  const showBrand = rolePriority >= 4;

  // The chosen brand's leaders decide whether 'Nhóm' is needed.
  useEffect(() => {
    if (!open || !showBrand || !form.brand) {
      setLeaders([]);
      return;
    }
    let alive = true;
    usersApi.leaders(form.brand)
      .then((l) => alive && setLeaders(l.filter((x) => !isEmptyId(x.id))))
      .catch(() => alive && setLeaders([]));
    return () => {
      alive = false;
    };
  }, [open, showBrand, form.brand]);

  const showGroup = rolePriority === 5 && showBrand && leaders.length > 0;

  const errors: Partial<Record<keyof FormState, string>> = {};
  const REQUIRED = 'Bắt buộc nhập';
  if (!form.fullname.trim()) errors.fullname = REQUIRED;
  if (mode === 'create' && !form.username.trim()) errors.username = REQUIRED;
  if (mode === 'create' && !form.password) errors.password = REQUIRED;
  if (!form.email.trim()) errors.email = REQUIRED;
  if (!effectiveRole) errors.role = REQUIRED;
  if (showBrand && !form.brand) errors.brand = 'Bắt buộc chọn chi nhánh';
  if (showGroup && !form.group) errors.group = 'Bắt buộc chọn nhóm';
  const valid = Object.keys(errors).length === 0;

  const set = (k: keyof FormState) => (e: React.ChangeEvent<HTMLInputElement>) => {
    const value = k === 'phone' ? e.target.value.replace(/\D/g, '') : e.target.value;
    setForm((f) => ({ ...f, [k]: value, ...(k === 'brand' ? { group: '' } : {}) }));
  };
  const err = (k: keyof FormState) => (touched && errors[k] ? errors[k] : undefined);

  const submit = async () => {
    setTouched(true);
    if (!valid) return;
    const brand = showBrand ? form.brand : ZERO_GUID;
    const group = showGroup ? form.group : ZERO_GUID;
    const role = form.role || roles[0]?.id || '';
    setSaving(true);
    try {
      if (mode === 'create') {
        await usersApi.create({
          fullname: form.fullname.trim(),
          username: form.username.trim(),
          password: form.password,
          email: form.email.trim(),
          phone: form.phone,
          brand,
          group,
          role,
        });
        notify('Tạo nhân viên thành công', 'success');
      } else {
        await usersApi.update({
          id: user!.id,
          fullname: form.fullname.trim(),
          email: form.email.trim(),
          phone: form.phone,
          brand,
          group,
          role,
        });
        notify('Cập nhật nhân viên thành công', 'success');
      }
      onSaved();
    } catch (e) {
      notify(failText(mode === 'create' ? 'Tạo nhân viên không thành công' : 'Cập nhật nhân viên không thành công', e), 'error');
    } finally {
      setSaving(false);
    }
  };

  const prefix = mode === 'create' ? 'create-user' : 'edit-user';
  const field = (k: keyof FormState, label: string, extra: Record<string, unknown> = {}) => (
    <TextField
      label={label}
      value={form[k]}
      onChange={set(k)}
      error={!!err(k)}
      helperText={err(k)}
      fullWidth
      {...extra}
      slotProps={{ htmlInput: { 'data-testid': `${prefix}-${k}`, name: k, ...(k === 'phone' ? { inputMode: 'numeric' } : {}) } }}
    />
  );

  return (
    <Dialog open={open} onClose={saving ? undefined : onClose} maxWidth="sm" fullWidth data-testid={`${prefix}-dialog`}>
      <DialogTitle>{mode === 'create' ? 'Tạo người dùng' : 'Cập nhật người dùng'}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {field('fullname', 'Họ tên', { required: true })}
          {mode === 'create' ? (
            <>
              {field('username', 'Tên đăng nhập', { required: true, autoComplete: 'off' })}
              {field('password', 'Mật khẩu', { required: true, type: 'password', autoComplete: 'new-password' })}
            </>
          ) : (
            <TextField label="Tên đăng nhập" value={form.username} disabled fullWidth />
          )}
          {field('email', 'Email', { required: true, type: 'email' })}
          {field('phone', 'Số điện thoại')}
          <TextField
            select
            label="Vai trò"
            value={form.role}
            onChange={set('role')}
            error={!!err('role')}
            helperText={err('role') ?? (!form.role && roles[0] ? `Để trống: ${roles[0].name}` : undefined)}
            fullWidth
            required
            slotProps={{ htmlInput: { name: 'role' }, select: { SelectDisplayProps: { 'data-testid': `${prefix}-role` } as any }, inputLabel: { shrink: true } }}
          >
            {roles.map((r) => (
              <MenuItem key={r.id} value={r.id} data-testid={`${prefix}-role-option-${r.name}`}>
                {r.name}
              </MenuItem>
            ))}
          </TextField>
          {showBrand && (
            <TextField
              select
              label="Chi nhánh"
              value={brands.some((b) => b.id === form.brand) ? form.brand : ''}
              onChange={set('brand')}
              error={!!err('brand')}
              helperText={err('brand')}
              fullWidth
              required
              slotProps={{ htmlInput: { name: 'brand' }, select: { SelectDisplayProps: { 'data-testid': `${prefix}-brand` } as any } }}
            >
              {brands.map((b) => (
                <MenuItem key={b.id} value={b.id} data-testid={`${prefix}-brand-option-${b.username}`}>
                  {staffLabel(b)}
                </MenuItem>
              ))}
            </TextField>
          )}
          {showGroup && (
            <TextField
              select
              label="Nhóm"
              value={leaders.some((l) => l.id === form.group) ? form.group : ''}
              onChange={set('group')}
              error={!!err('group')}
              helperText={err('group')}
              fullWidth
              required
              slotProps={{ htmlInput: { name: 'group' }, select: { SelectDisplayProps: { 'data-testid': `${prefix}-group` } as any } }}
            >
              {leaders.map((l) => (
                <MenuItem key={l.id} value={l.id} data-testid={`${prefix}-group-option-${l.username}`}>
                  {staffLabel(l)}
                </MenuItem>
              ))}
            </TextField>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={saving} data-testid={`${prefix}-cancel`}>
          Hủy
        </Button>
        <Button variant="contained" onClick={submit} disabled={saving} data-testid={`${prefix}-submit`}>
          {saving ? <CircularProgress size={20} color="inherit" /> : mode === 'create' ? 'Tạo' : 'Cập nhật'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
