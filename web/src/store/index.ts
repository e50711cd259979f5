import { combineReducers, configureStore, createListenerMiddleware } from '@reduxjs/toolkit';
import createSagaMiddleware from 'redux-saga';
import { FLUSH, PAUSE, PERSIST, PURGE, REGISTER, REHYDRATE, persistReducer, persistStore } from 'redux-persist';
import webStorage from 'redux-persist/lib/storage';
import type { WebStorage } from 'redux-persist/es/types';
import { all } from 'redux-saga/effects';
import { configureApi } from '../api/client';
import { authReducer, authSaga, clearClientState, setSessionEnder } from './auth';
import { reset } from './reset';
import { loadTabs, saveTabs, tabsReducer } from './tabs';
import { showToast, uiReducer, type ToastSeverity } from './ui';

/**
 * redux-persist's own localStorage storage. It ships as CommonJS (its es/ copy is ESM the unit
 * tests' loader cannot take), and the bundle, following Node's interop, is handed the whole
 * exports object: its `default` is the storage there.
 */
const storage: WebStorage = (webStorage as unknown as { default?: WebStorage }).default ?? webStorage;

const rootReducer = combineReducers({
  // The session is kept in localStorage under 'persist:auth' ("server state is persisted in browser local storage").
  auth: persistReducer({ key: 'auth', storage, blacklist: ['loading', 'error'] }, authReducer),
  tabs: tabsReducer,
  ui: uiReducer,
});

/** The open tabs are written to their own keys whenever they change (read back in preloadedState). */
const tabsStorage = createListenerMiddleware<ReturnType<typeof rootReducer>>();
tabsStorage.startListening({
  predicate: (_action, state, previous) => state.tabs !== previous.tabs,
  effect: (_action, api) => saveTabs(api.getState().tabs),
});

const saga = createSagaMiddleware();
export const store = configureStore({
  reducer: rootReducer,
  preloadedState: { tabs: loadTabs() },
  middleware: (defaults) =>
    // No thunks: side effects are sagas. redux-persist's own actions carry functions (its documented exception).
    defaults({ thunk: false, serializableCheck: { ignoredActions: [FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER] } })
      .prepend(tabsStorage.middleware)
      .concat(saga),
});
export const persistor = persistStore(store);

export type RootState = ReturnType<typeof store.getState>;
export type AppDispatch = typeof store.dispatch;

saga.run(function* root() {
  yield all([authSaga()]);
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

/** Toasts from anywhere (top-left; 5 s for a success, else 15 s, unless `durationMs` says otherwise). */
export function notify(message: string, severity: ToastSeverity = 'info', durationMs?: number) {
  store.dispatch(showToast(message, severity, durationMs));
}
notify.success = (m: string) => notify(m, 'success');
notify.error = (m: string) => notify(m, 'error');
