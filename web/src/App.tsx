import { Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import Login from './pages/Login';
import { lazyPreloadable } from './common/preloadable';

// Only the login page is in the first download, with no MUI, grid or date code: the theme, the
// toasts and every other page come after login (ThemedApp), the shell with the first signed-in page.
const ThemedApp = lazyPreloadable(() => import('./ThemedApp'));

/**
 * Loads the theme and the shell together (the shell's module is asked for at once, not only once
 * the theme has come); once loaded both render at once, suspending nothing.
 */
export function preloadShell(): Promise<void> {
  return Promise.all([ThemedApp.preload(), import('./ThemedApp').then((m) => m.preloadShell()), import('./shell/Shell')]).then(
    () => undefined,
  );
}

/**
 * On the login page, as soon as the person types their name: the theme, the shell and the home
 * screen, so that they are there when the person signs in.
 */
export function preloadSignedIn(): Promise<void> {
  const home = import('./areas/registry').then((r) => r.screenFor(r.HOME_PATH)?.component?.preload());
  return Promise.all([preloadShell(), home]).then(() => undefined);
}

/** The login page, or every other page of spec 1 §2.1 (ThemedApp). */
export default function App() {
  return (
    <Routes>
      <Route path="/login" element={<Login preload={() => preloadSignedIn()} />} />
      <Route
        path="*"
        element={
          <Suspense fallback={null}>
            <ThemedApp />
          </Suspense>
        }
      />
    </Routes>
  );
}
