import { applyMiddleware, combineReducers, legacy_createStore as createStore } from 'redux';
import createSagaMiddleware from 'redux-saga';
import { persistReducer, persistStore } from 'redux-persist';
import type { Storage } from 'redux-persist';
import { all } from 'redux-saga/effects';
import { configureApi } from '../api/client';
import { authReducer, authSaga, clearClientState, reset, setSessionEnder } from './auth';
import { loadTabs, saveTabs, tabsReducer } from './tabs';
import { showToast, uiReducer, type ToastSeverity } from './ui';

/** redux-persist storage over localStorage ("server state is persisted in browser local storage"). */
const localStore: Storage = {
  getItem: (key: string) => Promise.resolve(localStorage.getItem(key)),
  setItem: (key: string, value: string) => Promise.resolve(localStorage.setItem(key, value)),
  removeItem: (key: string) => Promise.resolve(localStorage.removeItem(key)),
};

const rootReducer = combineReducers({
  auth: persistReducer({ key: 'auth', storage: localStore, blacklist: ['loading', 'error'] }, authReducer),
  tabs: tabsReducer,
  ui: uiReducer,
});

export type RootState = ReturnType<typeof rootReducer>;

const saga = createSagaMiddleware();
export const store = createStore(rootReducer, { tabs: loadTabs() } as any, applyMiddleware(saga));
export const persistor = persistStore(store);

saga.run(function* root() {
  yield all([authSaga()]);
});

let lastTabs = store.getState().tabs;
store.subscribe(() => {
  const tabs = store.getState().tabs;
  if (tabs !== lastTabs) {
    lastTabs = tabs;
    saveTabs(tabs);
  }
});

const getToken = () => store.getState().auth.accessToken;

let ending = false;
/** End the session: stop persisting, reset the store, purge persisted state, clear storage and cookies, leave. */
export function endSession(to: string) {
  if (ending) return;
  ending = true;
  persistor.pause();
  store.dispatch(reset());
  persistor
    .purge()
    .catch(() => undefined)
    .finally(() => {
      clearClientState();
      window.location.assign(to);
    });
}
setSessionEnder(endSession);

/** 401 anywhere (or an expired token): clear local storage, persisted state and cookies, go to /login. */
export function handleUnauthorized() {
  endSession('/login');
}

configureApi({ getToken, onUnauthorized: handleUnauthorized });

/** Toasts from anywhere (top-left, 15 s unless `durationMs` says otherwise). */
export function notify(message: string, severity: ToastSeverity = 'info', durationMs?: number) {
  store.dispatch(showToast(message, severity, durationMs));
}
notify.success = (m: string) => notify(m, 'success');
notify.error = (m: string) => notify(m, 'error');
