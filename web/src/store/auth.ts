import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { call, put, takeLatest } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import { errorMsg } from '../api/client';
import type { LoginReply, RoleRef, User } from '../api/auth';
import { authApi } from '../api/auth';
import { reset } from './reset';

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

/** The session's fields as a login or a refresh gives them. */
function sessionFrom(r: LoginReply, state: AuthState): Pick<AuthState, 'user' | 'role' | 'permissions'> {
  return {
    user: r.user ?? state.user,
    role: r.role ?? r.user?.role ?? state.role,
    permissions: r.permissions ?? state.permissions,
  };
}

const authSlice = createSlice({
  name: 'auth',
  initialState: initialAuth,
  reducers: {
    loginRequest: {
      reducer: (state): AuthState => ({ ...state, loading: true, error: null }),
      prepare: (username: string, password: string) => ({ payload: { username, password } }),
    },
    loginSuccess: {
      reducer(state, { payload: { reply: r, now } }: PayloadAction<{ reply: LoginReply; now: number }>): AuthState {
        const expiresIn = Number(r.expires_in) || 0;
        return {
          ...state,
          loading: false,
          error: null,
          accessToken: r.access_token,
          expiresIn,
          expiresAt: expiresIn > 0 ? now + expiresIn * 1000 : null,
          // A new login keeps nothing of an earlier session: what the reply lacks is empty.
          ...sessionFrom(r, initialAuth),
        };
      },
      prepare: (reply: LoginReply, now = Date.now()) => ({ payload: { reply, now } }),
    },
    loginFailure: (state, { payload: error }: PayloadAction<string>): AuthState => ({ ...state, loading: false, error }),
    /** Asks the server for the session again (the saga below); the reply comes as sessionUpdated. */
    sessionRefresh: (state) => state,
    sessionUpdated: (state, { payload: r }: PayloadAction<LoginReply>): AuthState => ({ ...state, ...sessionFrom(r, state) }),
    userUpdated: (state, { payload: user }: PayloadAction<User>): AuthState => ({ ...state, user: { ...state.user, ...user } }),
    /** Ends the session (the saga below). */
    logoutRequest: (state) => state,
  },
  extraReducers: (builder) => builder.addCase(reset, () => initialAuth),
});

export const { loginRequest, loginSuccess, loginFailure, sessionRefresh, sessionUpdated, userUpdated, logoutRequest } = authSlice.actions;
export const authReducer = authSlice.reducer;

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

function* loginSaga(action: ReturnType<typeof loginRequest>): SagaIterator<void> {
  try {
    const reply: LoginReply = yield call(authApi.login, action.payload.username, action.payload.password);
    yield put(loginSuccess(reply));
  } catch (e) {
    yield put(loginFailure(errorMsg(e) || 'Đăng nhập không thành công'));
  }
}

function* refreshSaga(): SagaIterator<void> {
  try {
    const reply: LoginReply = yield call(authApi.me);
    yield put(sessionUpdated(reply));
  } catch {
    // 401 is handled by the api helper; other failures keep the stored session.
  }
}

function* logoutSaga(): SagaIterator<void> {
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
  yield takeLatest(loginRequest.type, loginSaga);
  yield takeLatest(sessionRefresh.type, refreshSaga);
  yield takeLatest(logoutRequest.type, logoutSaga);
}
