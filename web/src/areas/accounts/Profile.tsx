import { useEffect, useRef, useState } from 'react';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Divider from '@mui/material/Divider';
import Grid from '@mui/material/Grid';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { errorMsg } from '../../api/client';
import { useSession } from '../../common/session';
import { notify } from '../../store';
import { userUpdated } from '../../store/auth';
import { useAppDispatch } from '../../store/hooks';
import { authApi, type User } from './api';

interface ProfileForm {
  fullname: string;
  email: string;
  phone: string;
  password: string;
  password_new: string;
  password_new_confirm: string;
}

/** Shrink a picked image to a small square data URL (kept in the profile's avatar field). */
function readAvatar(file: File, size = 160): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onerror = () => reject(reader.error);
    reader.onload = () => {
      const img = new Image();
      img.onerror = () => reject(new Error('image'));
      img.onload = () => {
        const canvas = document.createElement('canvas');
        canvas.width = size;
        canvas.height = size;
        const s = Math.min(img.width, img.height);
        canvas.getContext('2d')!.drawImage(img, (img.width - s) / 2, (img.height - s) / 2, s, s, 0, 0, size, size);
        resolve(canvas.toDataURL('image/jpeg', 0.85));
      };
      img.src = reader.result as string;
    };
    reader.readAsDataURL(file);
  });
}

/** Personal account (/sys/profile, spec 1 §2.5 and §5). */
export default function Profile() {
  const session = useSession();
  const dispatch = useAppDispatch();
  const user = session.user;
  const fileRef = useRef<HTMLInputElement>(null);
  const [avatar, setAvatar] = useState(user?.avatar ?? '');
  const [form, setForm] = useState<ProfileForm>({
    fullname: user?.fullname || user?.full_name || '',
    email: user?.email ?? '',
    phone: user?.phone ?? '',
    password: '',
    password_new: '',
    password_new_confirm: '',
  });
  const [touched, setTouched] = useState(false);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!user) return;
    setAvatar(user.avatar ?? '');
    setForm((f) => ({ ...f, fullname: user.fullname || user.full_name || '', email: user.email ?? '', phone: user.phone ?? '' }));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- refills the form for another signed-in user, not when the session object is renewed (it would wipe what is typed)
  }, [user?.id]);

  const errors: Partial<Record<keyof ProfileForm, string>> = {};
  if (!form.fullname.trim()) errors.fullname = 'Bắt buộc nhập họ tên';
  if (!form.email.trim()) errors.email = 'Bắt buộc nhập email';
  if (form.phone && !/^\d+$/.test(form.phone)) errors.phone = 'Số điện thoại chỉ gồm chữ số';
  const valid = Object.keys(errors).length === 0;

  const set = (k: keyof ProfileForm) => (e: React.ChangeEvent<HTMLInputElement>) =>
    setForm((f) => ({ ...f, [k]: k === 'phone' ? e.target.value.replace(/\D/g, '') : e.target.value }));
  const err = (k: keyof ProfileForm) => (touched ? errors[k] : undefined);

  const save = async () => {
    setTouched(true);
    if (!valid) return;
    setSaving(true);
    try {
      const reply = await authApi.saveProfile({
        fullname: form.fullname.trim(),
        email: form.email.trim(),
        phone: form.phone,
        password: form.password,
        password_new: form.password_new,
        password_new_confirm: form.password_new_confirm,
        avatar,
      });
      dispatch(
        userUpdated(
          reply?.user ?? { ...(user as User), fullname: form.fullname.trim(), email: form.email.trim(), phone: form.phone, avatar },
        ),
      );
      setForm((f) => ({ ...f, password: '', password_new: '', password_new_confirm: '' }));
      notify('Cập nhật thông tin cá nhân thành công', 'success');
    } catch (e) {
      notify(errorMsg(e) || 'Cập nhật thông tin cá nhân thất bại', 'error');
    } finally {
      setSaving(false);
    }
  };

  const field = (k: keyof ProfileForm, label: string, extra: Record<string, unknown> = {}) => (
    <TextField
      label={label}
      value={form[k]}
      onChange={set(k)}
      error={!!err(k)}
      helperText={err(k)}
      fullWidth
      {...extra}
      slotProps={{ htmlInput: { 'data-testid': `profile-${k}`, name: k, ...(k === 'phone' ? { inputMode: 'numeric' } : {}) } }}
    />
  );

  const name = user?.fullname || user?.full_name || user?.username || '';
  return (
    <Grid container spacing={2} data-testid="profile-screen">
      <Grid size={{ xs: 12, md: 4 }}>
        <Card variant="outlined">
          <CardContent sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1 }}>
            <Avatar src={avatar || undefined} alt={name} sx={{ width: 96, height: 96, fontSize: 40 }}>
              {name.charAt(0).toUpperCase()}
            </Avatar>
            <Typography variant="h6">{name}</Typography>
            <Typography color="text.secondary">{session.role?.name || user?.role_name || ''}</Typography>
            <Typography variant="body2" color="text.secondary">
              {user?.username}
            </Typography>
          </CardContent>
          <Divider />
          <CardActions>
            <Button fullWidth onClick={() => fileRef.current?.click()} data-testid="profile-upload-picture">
              Upload picture
            </Button>
            <input
              ref={fileRef}
              type="file"
              accept="image/*"
              hidden
              onChange={async (e) => {
                const file = e.target.files?.[0];
                e.target.value = '';
                if (!file) return;
                try {
                  setAvatar(await readAvatar(file));
                } catch {
                  notify('Không đọc được ảnh', 'error');
                }
              }}
            />
          </CardActions>
        </Card>
      </Grid>
      <Grid size={{ xs: 12, md: 8 }}>
        <Card
          variant="outlined"
          component="form"
          onSubmit={(e) => {
            e.preventDefault();
            void save();
          }}
          noValidate
        >
          <CardHeader title="Thông tin cá nhân" />
          <Divider />
          <CardContent>
            <Grid container spacing={2}>
              <Grid size={{ xs: 12, md: 6 }}>{field('fullname', 'Họ tên', { required: true })}</Grid>
              <Grid size={{ xs: 12, md: 6 }}>{field('email', 'Email', { required: true, type: 'email' })}</Grid>
              <Grid size={{ xs: 12, md: 6 }}>{field('phone', 'Số điện thoại')}</Grid>
              <Grid size={{ xs: 12, md: 6 }} />
              <Grid size={{ xs: 12, md: 4 }}>
                {field('password', 'Mật khẩu cũ', { type: 'password', autoComplete: 'current-password' })}
              </Grid>
              <Grid size={{ xs: 12, md: 4 }}>
                {field('password_new', 'Mật khẩu mới', { type: 'password', autoComplete: 'new-password' })}
              </Grid>
              <Grid size={{ xs: 12, md: 4 }}>
                {field('password_new_confirm', 'Xác nhận mật khẩu mới', { type: 'password', autoComplete: 'new-password' })}
              </Grid>
            </Grid>
          </CardContent>
          <Divider />
          <Box sx={{ display: 'flex', justifyContent: 'flex-end', p: 2 }}>
            <Button type="submit" variant="contained" disabled={saving} data-testid="profile-save">
              Lưu
            </Button>
          </Box>
        </Card>
      </Grid>
    </Grid>
  );
}
