import { Navigate, Route, Routes } from 'react-router-dom';
import Login from './pages/Login';
import Logout from './pages/Logout';
import NotFound from './pages/NotFound';
import RefreshCache from './pages/RefreshCache';
import Register from './pages/Register';
import RequireAuth from './shell/RequireAuth';
import Shell from './shell/Shell';
import { HOME_PATH, SCREENS } from './areas/registry';
import Toasts from './common/Toasts';
import { ConfirmProvider } from './common/confirm';

/**
 * Route table of spec 1 §2.1.
 * Public: /login, /logout, /refresh-cache, /register, /404; '/' → /app/home.
 * Every /app/* and /sys/* screen renders inside the shell, where the route opens (or activates) its tab.
 * Unknown paths (also under /app and /sys) → /404.
 */
export default function App() {
  return (
    <ConfirmProvider>
      <Routes>
        <Route path="/login" element={<Login />} />
        <Route path="/logout" element={<Logout />} />
        <Route path="/refresh-cache" element={<RefreshCache />} />
        <Route path="/register" element={<Register />} />
        <Route path="/404" element={<NotFound />} />
        <Route path="/" element={<Navigate to={HOME_PATH} replace />} />
        <Route
          element={
            <RequireAuth>
              <Shell />
            </RequireAuth>
          }
        >
          {SCREENS.map((s) => (
            <Route key={s.path} path={s.path} element={null} />
          ))}
        </Route>
        <Route path="/app/*" element={<Navigate to="/404" replace />} />
        <Route path="/sys/*" element={<Navigate to="/404" replace />} />
        <Route path="*" element={<Navigate to="/404" replace />} />
      </Routes>
      <Toasts />
    </ConfirmProvider>
  );
}
