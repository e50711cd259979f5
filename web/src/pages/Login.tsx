import { useEffect, useState, type FormEvent } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { hasValidSession, loginRequest } from '../store/auth';
import { useAppDispatch, useAppSelector } from '../store/hooks';
import { HOME_PATH } from '../areas/registry';

export default function Login() {
  const auth = useAppSelector((s) => s.auth);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [submitted, setSubmitted] = useState(false);

  useEffect(() => {
    if (submitted && hasValidSession(auth)) navigate(HOME_PATH, { replace: true });
  }, [submitted, auth, navigate]);

  if (!submitted && hasValidSession(auth)) return <Navigate to={HOME_PATH} replace />;

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!username.trim() || !password) return;
    setSubmitted(true);
    dispatch(loginRequest(username.trim(), password));
  };

  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', bgcolor: 'grey.100' }}>
      <Paper component="form" onSubmit={onSubmit} sx={{ p: 4, width: 380, maxWidth: '92vw' }} elevation={3} noValidate>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mb: 3 }}>
          <img src="/logo.svg" alt="" width={40} height={40} />
          <Typography variant="h5" component="h1" sx={{ fontWeight: 600 }}>
            Hệ thống CSKH
          </Typography>
        </Box>
        <Typography variant="subtitle1" sx={{ mb: 2 }}>
          Đăng nhập
        </Typography>
        <TextField
          label="Tên đăng nhập"
          value={username}
          onChange={(e) => setUsername(e.target.value)}
          fullWidth
          margin="normal"
          autoComplete="username"
          autoFocus
          slotProps={{ htmlInput: { 'data-testid': 'login-username', name: 'username' } }}
        />
        <TextField
          label="Mật khẩu"
          type="password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          fullWidth
          margin="normal"
          autoComplete="current-password"
          slotProps={{ htmlInput: { 'data-testid': 'login-password', name: 'password' } }}
        />
        {auth.error && submitted && !auth.loading && (
          <Alert severity="error" sx={{ mt: 1 }} data-testid="login-error">
            {auth.error}
          </Alert>
        )}
        <Button
          type="submit"
          variant="contained"
          fullWidth
          size="large"
          sx={{ mt: 2 }}
          disabled={auth.loading || !username.trim() || !password}
          data-testid="login-submit"
        >
          {auth.loading ? <CircularProgress size={24} color="inherit" aria-label="Đang đăng nhập" /> : 'Đăng nhập'}
        </Button>
      </Paper>
    </Box>
  );
}
