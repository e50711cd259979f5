import { lazy } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import RequireAuth from './shell/RequireAuth';
import { HOME_PATH, SCREENS } from './areas/registry';
import Toasts from './common/Toasts';
import { lazyPreloadable } from './common/preloadable';
import { ConfirmProvider } from './common/confirm';
import { theme } from './theme';

// The shell (and with it every area's code, each loaded with its first screen) comes with the first
// signed-in page (`preloadShell`, App.tsx), the pages seldom opened when first shown.
const Shell = lazyPreloadable(() => import('./shell/Shell'));

/** Loads the shell's code: once loaded it renders at once, suspending nothing. */
export function preloadShell(): Promise<void> {
  return Shell.preload();
}
const Logout = lazy(() => import('./pages/Logout'));
const NotFound = lazy(() => import('./pages/NotFound'));
const RefreshCache = lazy(() => import('./pages/RefreshCache'));
const Register = lazy(() => import('./pages/Register'));

/**
 * Every page but the login, in the MUI theme (route table of spec 1 §2.1).
 * Public: /logout, /refresh-cache, /register, /404; '/' → /app/home.
 * Every /app/* and /sys/* screen renders inside the shell, where the route opens (or activates) its tab.
 * Unknown paths (also under /app and /sys) → /404.
 */
export default function ThemedApp() {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <ConfirmProvider>
        <Routes>
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
    </ThemeProvider>
  );
}
