import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { reset } from './reset';

/**
 * Tab workspace state (spec 1 §2.3). Tabs are keyed by route path (e.g. '/sys/accounts').
 * The open tabs and the last active tab are kept in localStorage and restored on load.
 */
export interface TabsState {
  open: string[];
  active: string | null;
}

/*
 * The tabs keep their own two storage keys (a JSON list of paths, the active path as plain text)
 * rather than a redux-persist record: a user's open tabs stored by earlier versions are read back
 * as they are.
 */
export const TABS_KEY = 'tabs';
export const ACTIVE_TAB_KEY = 'activeTab';

export function loadTabs(): TabsState {
  try {
    const open = JSON.parse(localStorage.getItem(TABS_KEY) || '[]');
    const active = localStorage.getItem(ACTIVE_TAB_KEY);
    const list = Array.isArray(open) ? open.filter((p) => typeof p === 'string') : [];
    return { open: list, active: active && list.includes(active) ? active : (list[list.length - 1] ?? null) };
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

const tabsSlice = createSlice({
  name: 'tabs',
  initialState: empty,
  reducers: {
    /** Opens the tab, or only activates it when it is already open. */
    add(state, { payload: path }: PayloadAction<string>): TabsState {
      if (state.open.includes(path)) return state.active === path ? state : { ...state, active: path };
      return { open: [...state.open, path], active: path };
    },
    /** Opens the tab without activating it (unless no tab is active). */
    ensure(state, { payload: path }: PayloadAction<string>): TabsState {
      if (state.open.includes(path)) return state.active ? state : { ...state, active: path };
      return { open: [...state.open, path], active: state.active ?? path };
    },
    activate(state, { payload: path }: PayloadAction<string>): TabsState {
      return state.open.includes(path) ? { ...state, active: path } : state;
    },
    close(state, { payload: path }: PayloadAction<string>): TabsState {
      const open = state.open.filter((p) => p !== path);
      // Closing a tab activates the last remaining tab.
      return { open, active: open[open.length - 1] ?? null };
    },
    clear: () => empty,
  },
  extraReducers: (builder) => builder.addCase(reset, () => empty),
});

export const { add: addTab, ensure: ensureTab, activate: activateTab, close: closeTab, clear: clearTabs } = tabsSlice.actions;
export const tabsReducer = tabsSlice.reducer;
