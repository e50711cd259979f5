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
    case TOAST_SHOW:
      return { toasts: [...state.toasts.slice(-4), action.toast] };
    case TOAST_HIDE:
      return { toasts: state.toasts.filter((t) => t.id !== action.id) };
    case RESET:
      return { toasts: [] };
    default:
      return state;
  }
}
