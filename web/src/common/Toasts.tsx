import { useEffect } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Slide from '@mui/material/Slide';
import { hideToast, type Toast } from '../store/ui';
import { useAppDispatch, useAppSelector } from '../store/hooks';

/**
 * Toasts sit top-left (spec 1 §8) — of the workspace, beside the menu rather than over it: the shell
 * sets CONTENT_LEFT_VAR to the open sidebar's width — and close themselves after 15 s unless a
 * toast asks for longer.
 */
export const CONTENT_LEFT_VAR = '--cskh-content-left';
export const TOAST_DURATION_MS = 15000;

function ToastItem({ toast }: { toast: Toast }) {
  const dispatch = useAppDispatch();
  useEffect(() => {
    const t = setTimeout(() => dispatch(hideToast(toast.id)), toast.durationMs ?? TOAST_DURATION_MS);
    return () => clearTimeout(t);
  }, [dispatch, toast.id, toast.durationMs]);
  return (
    <Slide direction="right" in mountOnEnter>
      <Alert
        data-testid="toast"
        data-toast-id={toast.id}
        data-severity={toast.severity}
        variant="filled"
        severity={toast.severity}
        onClose={() => dispatch(hideToast(toast.id))}
        sx={{
          boxShadow: 3,
          whiteSpace: 'pre-line',
          width: 236,
          // Click-through (only the close button takes clicks), so a toast never blocks the UI beneath.
          pointerEvents: 'none',
          '& .MuiAlert-action': { pointerEvents: 'auto' },
        }}
      >
        {toast.message}
      </Alert>
    </Slide>
  );
}

export default function Toasts() {
  const toasts = useAppSelector((s) => s.ui.toasts);
  return (
    <Box
      role="status"
      aria-live="polite"
      sx={{
        position: 'fixed',
        top: 72,
        left: `calc(var(${CONTENT_LEFT_VAR}, 0px) + 12px)`,
        zIndex: 2000,
        display: 'flex',
        flexDirection: 'column',
        gap: 1,
        pointerEvents: 'none',
      }}
    >
      {toasts.map((t) => (
        <ToastItem key={t.id} toast={t} />
      ))}
    </Box>
  );
}
