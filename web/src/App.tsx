import { Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import Login from './pages/Login';
import { lazyPreloadable } from './common/preloadable';

// Only the login page is in the first download, with no MUI, grid or date code: the theme, the
// toasts and every other page come after login (ThemedApp), the shell with the first signed-in page.
const ThemedApp = lazyPreloadable(() => import('./ThemedApp'));

/**
 * Loads the theme and the shell together (not the shell only once the theme has come): on the login
 * page as soon as the person types their name, with the home screen, so that it is there when they
 * sign in; on any other page at once (main.tsx), with the screen of that page.
 */
export function preloadSignedIn(path?: string): Promise<void> {
  const screen = import('./areas/registry').then((r) => r.screenFor(path ?? r.HOME_PATH)?.component?.preload());
  return Promise.all([ThemedApp.preload(), import('./shell/Shell'), screen]).then(() => undefined);
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
