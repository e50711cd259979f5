/**
 * The store's slices as plain reducers: the same action types and the same transitions as the
 * hand-written reducers they replaced (tabs open/activate/close, toasts, the session's expiry).
 */
import { authReducer, initialAuth, loginFailure, loginRequest, loginSuccess, sessionUpdated, userUpdated } from './auth';
import { reset } from './reset';
import { activateTab, addTab, clearTabs, closeTab, ensureTab, tabsReducer, type TabsState } from './tabs';
import { hideToast, MAX_TOASTS, showToast, toastDuration, uiReducer } from './ui';

const tabs = (open: string[], active: string | null): TabsState => ({ open, active });

describe('tabs', () => {
  it('keeps its action types', () => {
    expect([addTab('/a').type, ensureTab('/a').type, activateTab('/a').type, closeTab('/a').type, clearTabs().type, reset().type]).toEqual([
      'tabs/add',
      'tabs/ensure',
      'tabs/activate',
      'tabs/close',
      'tabs/clear',
      'app/reset',
    ]);
  });

  it('opens, activates, closes and clears as before', () => {
    let s = tabsReducer(undefined, addTab('/a'));
    expect(s).toEqual(tabs(['/a'], '/a'));
    s = tabsReducer(s, ensureTab('/b'));
    expect(s).toEqual(tabs(['/a', '/b'], '/a'));
    expect(tabsReducer(s, ensureTab('/a'))).toBe(s);
    s = tabsReducer(s, addTab('/b'));
    expect(s).toEqual(tabs(['/a', '/b'], '/b'));
    expect(tabsReducer(s, addTab('/b'))).toBe(s);
    expect(tabsReducer(s, activateTab('/x'))).toBe(s);
    s = tabsReducer(s, activateTab('/a'));
    expect(s).toEqual(tabs(['/a', '/b'], '/a'));
    // Closing a tab activates the last remaining one.
    expect(tabsReducer(tabs(['/a', '/b', '/c'], '/c'), closeTab('/c'))).toEqual(tabs(['/a', '/b'], '/b'));
    expect(tabsReducer(tabs(['/a', '/b', '/c'], '/b'), closeTab('/a'))).toEqual(tabs(['/b', '/c'], '/c'));
    expect(tabsReducer(tabs(['/a'], null), ensureTab('/a'))).toEqual(tabs(['/a'], '/a'));
    expect(tabsReducer(s, clearTabs())).toEqual(tabs([], null));
    expect(tabsReducer(s, reset())).toEqual(tabs([], null));
  });
});

describe('toasts', () => {
  it('stay 5 s for a success, 15 s for what needs acting on, or as long as asked', () => {
    expect(toastDuration({ severity: 'success' })).toBe(5000);
    expect(['error', 'warning', 'info'].map((severity) => toastDuration({ severity: severity as 'error' }))).toEqual([15000, 15000, 15000]);
    expect(toastDuration({ severity: 'success', durationMs: 30000 })).toBe(30000);
  });

  it('replaces the same message, keeps at most MAX_TOASTS, hides by id', () => {
    let s = uiReducer(undefined, showToast('a'));
    s = uiReducer(s, showToast('b', 'error', 30000));
    expect(s.toasts.map((t) => [t.message, t.severity, t.durationMs])).toEqual([
      ['a', 'info', undefined],
      ['b', 'error', 30000],
    ]);
    expect('durationMs' in s.toasts[0]).toBe(false);
    s = uiReducer(s, showToast('a'));
    expect(s.toasts.map((t) => t.message)).toEqual(['b', 'a']);
    for (const m of ['c', 'd', 'e']) s = uiReducer(s, showToast(m));
    expect(s.toasts.map((t) => t.message)).toEqual(['c', 'd', 'e'].slice(-MAX_TOASTS));
    s = uiReducer(s, hideToast(s.toasts[0].id));
    expect(s.toasts.map((t) => t.message)).toEqual(['d', 'e']);
    expect(uiReducer(s, reset())).toEqual({ toasts: [] });
    expect([showToast('x').type, hideToast(1).type]).toEqual(['ui/toastShow', 'ui/toastHide']);
  });
});

describe('auth', () => {
  const user = { id: 'u1', username: 'an', role: { id: 'r', name: 'Sale', priority: 5 } } as any;

  it('logs in with the expiry counted from the reply, and keeps its action types', () => {
    let s = authReducer(initialAuth, loginRequest('an', 'pw'));
    expect(s).toMatchObject({ loading: true, error: null });
    s = authReducer(s, loginSuccess({ access_token: 't', expires_in: 60, user, permissions: ['a'] } as any, 1000));
    expect(s).toEqual({ ...initialAuth, accessToken: 't', expiresIn: 60, expiresAt: 61000, user, role: user.role, permissions: ['a'] });
    expect(authReducer(initialAuth, loginSuccess({ access_token: 't', expires_in: 0 } as any, 1000))).toMatchObject({
      expiresAt: null,
      user: null,
      role: null,
      permissions: [],
    });
    expect(authReducer(s, loginFailure('x'))).toMatchObject({ loading: false, error: 'x', accessToken: 't' });
    expect([loginRequest('a', 'b').type, loginSuccess({} as any).type, loginFailure('').type]).toEqual([
      'auth/loginRequest',
      'auth/loginSuccess',
      'auth/loginFailure',
    ]);
  });

  it('refreshes the session and the user without touching the token', () => {
    const s = authReducer(initialAuth, loginSuccess({ access_token: 't', expires_in: 60, user, permissions: ['a'] } as any, 0));
    expect(authReducer(s, sessionUpdated({ permissions: ['b'] } as any))).toEqual({ ...s, permissions: ['b'] });
    expect(authReducer(s, userUpdated({ fullname: 'An' } as any)).user).toEqual({ ...user, fullname: 'An' });
    expect(authReducer(s, reset())).toEqual(initialAuth);
  });
});
