import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { reset } from './reset';

export type ToastSeverity = 'success' | 'error' | 'info' | 'warning';
const SEVERITIES: readonly string[] = ['success', 'error', 'info', 'warning'] satisfies ToastSeverity[];
/** A notice's level as a toast's severity (info for one the toasts do not know). */
export const noticeLevel = (level: string): ToastSeverity => (SEVERITIES.includes(level) ? (level as ToastSeverity) : 'info');
export interface Toast {
  id: number;
  message: string;
  severity: ToastSeverity;
  /** How long it stays (default toastDuration: 15 s, spec 1 §8, a success 5 s; reminders stay 30 s). */
  durationMs?: number;
}

/** Spec 1 §8: toasts close after 15 s; the container's 5 s is enough for a success, which needs no reading twice. */
export const TOAST_DURATION_MS = 15000;
export const SUCCESS_TOAST_MS = 5000;

/** How long a toast stays: what it asks for, else 5 s for a success and 15 s for anything to act on. */
export const toastDuration = (t: Pick<Toast, 'severity' | 'durationMs'>): number =>
  t.durationMs ?? (t.severity === 'success' ? SUCCESS_TOAST_MS : TOAST_DURATION_MS);
export interface UiState {
  toasts: Toast[];
}

/** Toasts shown at once: more would reach down over the screen's own controls. */
export const MAX_TOASTS = 3;

let nextId = 1;

const initialUi: UiState = { toasts: [] };

const uiSlice = createSlice({
  name: 'ui',
  initialState: initialUi,
  reducers: {
    toastShow: {
      reducer(state, { payload: t }: PayloadAction<Toast>): UiState {
        // The same message again replaces the one shown (its 15 s start over) instead of stacking a
        // copy; at most MAX_TOASTS at once, the oldest leaving first.
        const others = state.toasts.filter((o) => !(o.message === t.message && o.severity === t.severity));
        return { toasts: [...others.slice(-(MAX_TOASTS - 1)), t] };
      },
      prepare: (message: string, severity: ToastSeverity = 'info', durationMs?: number) => ({
        payload: { id: nextId++, message, severity, ...(durationMs ? { durationMs } : {}) } as Toast,
      }),
    },
    toastHide(state, { payload: id }: PayloadAction<number>): UiState {
      return { toasts: state.toasts.filter((t) => t.id !== id) };
    },
  },
  extraReducers: (builder) => builder.addCase(reset, () => initialUi),
});

export const { toastShow: showToast, toastHide: hideToast } = uiSlice.actions;
export const uiReducer = uiSlice.reducer;
