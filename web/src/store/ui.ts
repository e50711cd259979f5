import { RESET } from './auth';

export type ToastSeverity = 'success' | 'error' | 'info' | 'warning';
export interface Toast {
  id: number;
  message: string;
  severity: ToastSeverity;
  /** How long it stays (default TOAST_DURATION_MS, 15 s, spec 1 §8; reminders stay 30 s). */
  durationMs?: number;
}
export interface UiState {
  toasts: Toast[];
}

/** Toasts shown at once: more would reach down over the screen's own controls. */
export const MAX_TOASTS = 3;

export const TOAST_SHOW = 'ui/toastShow';
export const TOAST_HIDE = 'ui/toastHide';

let nextId = 1;
export const showToast = (message: string, severity: ToastSeverity = 'info', durationMs?: number) => ({
  type: TOAST_SHOW,
  toast: { id: nextId++, message, severity, ...(durationMs ? { durationMs } : {}) } as Toast,
});
export const hideToast = (id: number) => ({ type: TOAST_HIDE, id });

export function uiReducer(state: UiState = { toasts: [] }, action: any): UiState {
  switch (action.type) {
    case TOAST_SHOW: {
      // The same message again replaces the one shown (its 15 s start over) instead of stacking a
      // copy; at most MAX_TOASTS at once, the oldest leaving first.
      const t = action.toast as Toast;
      const others = state.toasts.filter((o) => !(o.message === t.message && o.severity === t.severity));
      return { toasts: [...others.slice(-(MAX_TOASTS - 1)), t] };
    }
    case TOAST_HIDE:
      return { toasts: state.toasts.filter((t) => t.id !== action.id) };
    case RESET:
      return { toasts: [] };
    default:
      return state;
  }
}
