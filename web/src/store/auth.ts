import { call, put, takeLatest } from 'redux-saga/effects';
import { errorMsg } from '../api/client';
import type { LoginReply, RoleRef, User } from '../areas/accounts/api';
import { authApi } from '../areas/accounts/api';

export interface AuthState {
  accessToken: string | null;
  /** Seconds, as the server gave it. */
  expiresIn: number | null;
  /** Epoch milliseconds after which the token is no longer used. */
  expiresAt: number | null;
  user: User | null;
  role: RoleRef | null;
  permissions: string[];
  loading: boolean;
  error: string | null;
}

export const initialAuth: AuthState = {
  accessToken: null,
  expiresIn: null,
  expiresAt: null,
  user: null,
  role: null,
  permissions: [],
  loading: false,
  error: null,
};

export const LOGIN_REQUEST = 'auth/loginRequest';
export const LOGIN_SUCCESS = 'auth/loginSuccess';
export const LOGIN_FAILURE = 'auth/loginFailure';
export const SESSION_REFRESH = 'auth/sessionRefresh';
export const SESSION_UPDATED = 'auth/sessionUpdated';
export const USER_UPDATED = 'auth/userUpdated';
export const LOGOUT_REQUEST = 'auth/logoutRequest';
/** Global reset: every slice goes back to its initial state. */
export const RESET = 'app/reset';

export const loginRequest = (username: string, password: string) => ({ type: LOGIN_REQUEST, username, password });
export const loginSuccess = (reply: LoginReply, now = Date.now()) => ({ type: LOGIN_SUCCESS, reply, now });
export const loginFailure = (error: string) => ({ type: LOGIN_FAILURE, error });
export const sessionRefresh = () => ({ type: SESSION_REFRESH });
export const userUpdated = (user: User) => ({ type: USER_UPDATED, user });
export const logoutRequest = () => ({ type: LOGOUT_REQUEST });
export const reset = () => ({ type: RESET });

export function authReducer(state: AuthState = initialAuth, action: any): AuthState {
  switch (action.type) {
    case LOGIN_REQUEST:
      return { ...state, loading: true, error: null };
    case LOGIN_SUCCESS: {
      const r: LoginReply = action.reply;
      const expiresIn = Number(r.expires_in) || 0;
      return {
        ...state,
        loading: false,
        error: null,
        accessToken: r.access_token,
        expiresIn,
        expiresAt: expiresIn > 0 ? action.now + expiresIn * 1000 : null,
        user: r.user ?? null,
        role: r.role ?? r.user?.role ?? null,
        permissions: r.permissions ?? [],
      };
    }
    case LOGIN_FAILURE:
      return { ...state, loading: false, error: action.error };
    case SESSION_UPDATED: {
      const r: LoginReply = action.reply;
      return {
        ...state,
        user: r.user ?? state.user,
        role: r.role ?? r.user?.role ?? state.role,
        permissions: r.permissions ?? state.permissions,
      };
    }
    case USER_UPDATED:
      return { ...state, user: { ...state.user, ...action.user } };
    case RESET:
      return initialAuth;
    default:
      return state;
  }
}

/** True when a token is held and its stored expiry has not passed. */
export function hasValidSession(auth: AuthState, now = Date.now()): boolean {
  if (!auth.accessToken) return false;
  if (auth.expiresAt !== null && now >= auth.expiresAt) return false;
  return true;
}

/** Clear everything the browser keeps for us: local storage (incl. persisted state), session storage, cookies. */
export function clearClientState() {
  try {
    localStorage.clear();
  } catch {
    /* ignore */
  }
  try {
    sessionStorage.clear();
  } catch {
    /* ignore */
  }
  try {
    for (const c of document.cookie.split(';')) {
      const name = c.split('=')[0].trim();
      if (!name) continue;
      document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
      document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
    }
  } catch {
    /* ignore */
  }
}

function* loginSaga(action: ReturnType<typeof loginRequest>): Generator<any, void, any> {
  try {
    const reply: LoginReply = yield call(authApi.login, action.username, action.password);
    yield put(loginSuccess(reply));
  } catch (e) {
    yield put(loginFailure(errorMsg(e) || 'Đăng nhập không thành công'));
  }
}

function* refreshSaga(): Generator<any, void, any> {
  try {
    const reply: LoginReply = yield call(authApi.me);
    yield put({ type: SESSION_UPDATED, reply });
  } catch {
    // 401 is handled by the api helper; other failures keep the stored session.
  }
}

function* logoutSaga(): Generator<any, void, any> {
  try {
    yield call(authApi.logout, { skipUnauthorizedHandler: true });
  } catch {
    // Logging out locally must work even when the server call fails.
  }
  sessionEnder('/');
}

// Set by the store: stop persisting, reset every slice, purge, clear storage/cookies, then leave.
let sessionEnder: (to: string) => void = (to) => {
  clearClientState();
  window.location.assign(to);
};
export function setSessionEnder(fn: (to: string) => void) {
  sessionEnder = fn;
}

export function* authSaga() {
  yield takeLatest(LOGIN_REQUEST, loginSaga);
  yield takeLatest(SESSION_REFRESH, refreshSaga);
  yield takeLatest(LOGOUT_REQUEST, logoutSaga);
}
