import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { PersistGate } from 'redux-persist/integration/react';
import { BrowserRouter } from 'react-router-dom';
import { persistor, store } from './store';
import App, { preloadShell } from './App';

const render = () =>
  createRoot(document.getElementById('root')!).render(
    <Provider store={store}>
      <PersistGate loading={null} persistor={persistor}>
        <BrowserRouter>
          <App />
        </BrowserRouter>
      </PersistGate>
    </Provider>,
  );

// Any page but the login shows nothing before the theme and the shell: it renders once their code
// is there, in one go (no empty page first, whose replacement React would hold back up to 300 ms).
// The screen's code is asked for once the shell is on screen (shell/Shell.tsx): the first paint
// waits neither for it nor for its evaluation.
if (window.location.pathname === '/login') render();
else preloadShell().then(render, render);
