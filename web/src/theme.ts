import { createTheme } from '@mui/material/styles';
import { viVN as coreViVN } from '@mui/material/locale';
import { viVN as gridViVN } from '@mui/x-data-grid/locales';

export const SIDEBAR_WIDTH = 256;
export const HEADER_OFFSET = 230;
export const HEADER_HEIGHT = 64;

export const theme = createTheme(
  {
    palette: {
      primary: { main: '#1565c0' },
      // Text on filled warning and info surfaces (toasts, chips) must reach 4.5:1 (WCAG AA): MUI's
      // defaults put white on #ed6c02 (3.1:1) and on #0288d1 (3.9:1).
      warning: { main: '#ed6c02', contrastText: 'rgba(0, 0, 0, 0.87)' },
      info: { main: '#0277bd' },
      background: { default: '#f4f6f8' },
    },
    typography: {
      fontFamily: '"Roboto", "Segoe UI", "Helvetica Neue", Arial, sans-serif',
      fontSize: 14,
    },
    components: {
      MuiButton: { defaultProps: { disableElevation: true }, styleOverrides: { root: { textTransform: 'none' } } },
      MuiTab: { styleOverrides: { root: { textTransform: 'none' } } },
      MuiTextField: { defaultProps: { size: 'small' } },
    },
  },
  gridViVN,
  coreViVN,
);
