import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import Login from './pages/Login';
import RequireAuth from './shell/RequireAuth';
import { HOME_PATH, SCREENS } from './areas/registry';
import Toasts from './common/Toasts';
import { ConfirmProvider } from './common/confirm';

// Only the login page is in the first download: the shell (and with it every area's code, each
// loaded with its first screen) comes after login, as do the pages seldom opened.
const Shell = lazy(() => import('./shell/Shell'));
const Logout = lazy(() => import('./pages/Logout'));
const NotFound = lazy(() => import('./pages/NotFound'));
const RefreshCache = lazy(() => import('./pages/RefreshCache'));
const Register = lazy(() => import('./pages/Register'));

/**
 * Route table of spec 1 §2.1.
 * Public: /login, /logout, /refresh-cache, /register, /404; '/' → /app/home.
 * Every /app/* and /sys/* screen renders inside the shell, where the route opens (or activates) its tab.
 * Unknown paths (also under /app and /sys) → /404.
 */
export default function App() {
  return (
    <ConfirmProvider>
      <Suspense fallback={null}>
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
      </Suspense>
      <Toasts />
    </ConfirmProvider>
  );
}
