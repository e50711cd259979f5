import { useEffect, useLayoutEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Slide from '@mui/material/Slide';
import { hideToast, toastDuration, type Toast } from '../store/ui';
import { useAppDispatch, useAppSelector } from '../store/hooks';

/**
 * Toasts sit top-left (spec 1 §8) of the workspace, where they cover nothing a user reaches for:
 * beside the menu (the shell sets CONTENT_LEFT_VAR to the open sidebar's width) and below the tab
 * bar and the open screen's title and toolbar (the element a screen marks with SCREEN_TOOLBAR_ATTR;
 * the list screen marks its own). They let every click through but on their × .
 */
export const CONTENT_LEFT_VAR = '--cskh-content-left';
export const SCREEN_TOOLBAR_ATTR = 'data-screen-toolbar';
const GAP = 8;

/** The first height below the header, the tab bar and the shown screen's toolbar, as they sit in the window now. */
function clearTop(): number {
  const header = document.querySelector('header');
  const tabs = document.querySelector('[data-testid="tabs"]');
  const panel = document.querySelector('[role="tabpanel"]:not([hidden])');
  const toolbar = panel?.querySelector(`[${SCREEN_TOOLBAR_ATTR}]`);
  const bottoms = [
    header?.getBoundingClientRect().bottom ?? 0,
    tabs?.getBoundingClientRect().bottom ?? 0,
    toolbar?.getBoundingClientRect().bottom ?? 0,
  ];
  return Math.max(...bottoms) + GAP;
}

/** clearTop, followed while toasts show: the page scrolls, the window resizes, another tab opens. */
function useClearTop(showing: boolean): number {
  const active = useAppSelector((s) => s.tabs.active);
  const [top, setTop] = useState(0);
  useLayoutEffect(() => {
    if (!showing) return;
    let frame = 0;
    const measure = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => setTop(clearTop()));
    };
    setTop(clearTop());
    // A screen opened a moment ago (or loaded with the page while a reminder already shows) lays
    // its toolbar out later, once its code and data arrive: measure again whenever the page changes.
    const changes = new MutationObserver(measure);
    changes.observe(document.body, { childList: true, subtree: true });
    measure();
    window.addEventListener('scroll', measure, true);
    window.addEventListener('resize', measure);
    return () => {
      changes.disconnect();
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', measure, true);
      window.removeEventListener('resize', measure);
    };
  }, [showing, active]);
  return top;
}

function ToastItem({ toast }: { toast: Toast }) {
  const dispatch = useAppDispatch();
  const duration = toastDuration(toast);
  useEffect(() => {
    const t = setTimeout(() => dispatch(hideToast(toast.id)), duration);
    return () => clearTimeout(t);
  }, [dispatch, toast.id, duration]);
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
  const top = useClearTop(toasts.length > 0);
  return (
    <Box
      role="status"
      aria-live="polite"
      data-testid="toasts"
      sx={{
        position: 'fixed',
        // Moved down by a transform, not by `top`: when the screen's toolbar arrives after a toast,
        // the toast moves below it without being counted as a shift of the page's layout (it covers
        // nothing and pushes nothing aside).
        top: 0,
        transform: `translateY(${top}px)`,
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
