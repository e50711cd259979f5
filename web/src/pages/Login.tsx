import { useEffect, useState, type FormEvent } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { hasValidSession, loginRequest } from '../store/auth';
import { useAppDispatch, useAppSelector } from '../store/hooks';
import './Login.css';

/** Where a signed-in person goes: '/' leads to the home tab (ThemedApp's route table). */
const SIGNED_IN_START = '/';

/**
 * The login page: plain elements and its own stylesheet, no MUI, so that the first download is
 * React, the store and this form. `preload` starts loading the rest of the app (the theme, the
 * shell) as soon as the person starts typing, so that it is there when they sign in.
 */
export default function Login({ preload }: { preload?: () => Promise<void> }) {
  const auth = useAppSelector((s) => s.auth);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [submitted, setSubmitted] = useState(false);

  useEffect(() => {
    if (submitted && hasValidSession(auth)) navigate(SIGNED_IN_START, { replace: true });
  }, [submitted, auth, navigate]);

  if (!submitted && hasValidSession(auth)) return <Navigate to={SIGNED_IN_START} replace />;

  const typed = () => {
    preload?.().catch(() => undefined);
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!username.trim() || !password) return;
    typed();
    setSubmitted(true);
    dispatch(loginRequest(username.trim(), password));
  };

  const busy = auth.loading;
  return (
    <main className="login-page">
      <form className="login-card" onSubmit={onSubmit} noValidate>
        <div className="login-brand">
          <img src="/logo.svg" alt="" width={40} height={40} />
          <h1>Hệ thống CSKH</h1>
        </div>
        <h2>Đăng nhập</h2>
        <label className="login-field">
          <span>Tên đăng nhập</span>
          <input
            value={username}
            onChange={(e) => {
              setUsername(e.target.value);
              typed();
            }}
            autoComplete="username"
            autoFocus
            name="username"
            data-testid="login-username"
          />
        </label>
        <label className="login-field">
          <span>Mật khẩu</span>
          <input
            type="password"
            value={password}
            onChange={(e) => {
              setPassword(e.target.value);
              typed();
            }}
            autoComplete="current-password"
            name="password"
            data-testid="login-password"
          />
        </label>
        {auth.error && submitted && !busy && (
          <div className="login-error" role="alert" data-testid="login-error">
            {auth.error}
          </div>
        )}
        <button type="submit" disabled={busy || !username.trim() || !password} data-testid="login-submit">
          {busy ? <span className="login-spinner" role="progressbar" aria-label="Đang đăng nhập" /> : 'Đăng nhập'}
        </button>
      </form>
    </main>
  );
}
