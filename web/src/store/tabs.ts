import { RESET } from './auth';

/**
 * Tab workspace state (spec 1 §2.3). Tabs are keyed by route path (e.g. '/sys/accounts').
 * The open tabs and the last active tab are kept in localStorage and restored on load.
 */
export interface TabsState {
  open: string[];
  active: string | null;
}

export const TABS_KEY = 'tabs';
export const ACTIVE_TAB_KEY = 'activeTab';

export const ADD_TAB = 'tabs/add';
export const ENSURE_TAB = 'tabs/ensure';
export const ACTIVATE_TAB = 'tabs/activate';
export const CLOSE_TAB = 'tabs/close';
export const CLEAR_TABS = 'tabs/clear';

/** Opens the tab, or only activates it when it is already open. */
export const addTab = (path: string) => ({ type: ADD_TAB, path });
/** Opens the tab without activating it (unless no tab is active). */
export const ensureTab = (path: string) => ({ type: ENSURE_TAB, path });
export const activateTab = (path: string) => ({ type: ACTIVATE_TAB, path });
export const closeTab = (path: string) => ({ type: CLOSE_TAB, path });
export const clearTabs = () => ({ type: CLEAR_TABS });

export function loadTabs(): TabsState {
  try {
    const open = JSON.parse(localStorage.getItem(TABS_KEY) || '[]');
    const active = localStorage.getItem(ACTIVE_TAB_KEY);
    const list = Array.isArray(open) ? open.filter((p) => typeof p === 'string') : [];
    return { open: list, active: active && list.includes(active) ? active : list[list.length - 1] ?? null };
  } catch {
    return { open: [], active: null };
  }
}

export function saveTabs(state: TabsState) {
  try {
    localStorage.setItem(TABS_KEY, JSON.stringify(state.open));
    if (state.active) localStorage.setItem(ACTIVE_TAB_KEY, state.active);
    else localStorage.removeItem(ACTIVE_TAB_KEY);
  } catch {
    /* storage full or disabled */
  }
}

const empty: TabsState = { open: [], active: null };

export function tabsReducer(state: TabsState = empty, action: any): TabsState {
  switch (action.type) {
    case ADD_TAB:
      if (state.open.includes(action.path)) return state.active === action.path ? state : { ...state, active: action.path };
      return { open: [...state.open, action.path], active: action.path };
    case ENSURE_TAB:
      if (state.open.includes(action.path)) return state.active ? state : { ...state, active: action.path };
      return { open: [...state.open, action.path], active: state.active ?? action.path };
    case ACTIVATE_TAB:
      return state.open.includes(action.path) ? { ...state, active: action.path } : state;
    case CLOSE_TAB: {
      const open = state.open.filter((p) => p !== action.path);
      // Closing a tab activates the last remaining tab.
      return { open, active: open[open.length - 1] ?? null };
    }
    case CLEAR_TABS:
    case RESET:
      return empty;
    default:
      return state;
  }
}
