import { createTheme } from '@mui/material/styles';

const PRIMARY = '#1e3a5f';

// A 2 px ring with a white gap: visible on white pages and on the dark app bar alike (WCAG 2.4.7).
export const FOCUS_RING = { outline: `2px solid ${PRIMARY}`, outlineOffset: '2px', boxShadow: '0 0 0 2px #fff' };
// Inside lists and menus the ring is drawn inward (the list clips its items), with a white inner line for the
// highlighted, dark item.
const INNER_FOCUS_RING = { outline: `2px solid ${PRIMARY}`, outlineOffset: '-2px', boxShadow: 'inset 0 0 0 4px #fff' };

export const theme = createTheme({
  palette: {
    mode: 'light',
    primary: { main: PRIMARY },
    // Darker than MUI's defaults so white text on them and coloured text on white reach 4.5:1 (WCAG AA).
    secondary: { main: '#0b7274' },
    warning: { main: '#b45309' },
    info: { main: '#0369a1' },
    background: { default: '#f4f6f9', paper: '#ffffff' },
  },
  shape: { borderRadius: 8 },
  typography: {
    fontFamily: '"Inter", "Roboto", "Helvetica Neue", Arial, sans-serif',
    h5: { fontWeight: 600 },
    h6: { fontWeight: 600 },
  },
  components: {
    // Every button, icon button, chip, menu item and list item is a ButtonBase: one ring for all of them.
    MuiButtonBase: { styleOverrides: { root: { '&.Mui-focusVisible': FOCUS_RING } } },
    MuiMenuItem: { styleOverrides: { root: { '&.Mui-focusVisible': INNER_FOCUS_RING } } },
    MuiListItemButton: { styleOverrides: { root: { '&.Mui-focusVisible': INNER_FOCUS_RING } } },
    MuiCardActionArea: { styleOverrides: { root: { '&.Mui-focusVisible': INNER_FOCUS_RING } } },
    MuiCssBaseline: {
      styleOverrides: { 'a:focus-visible, [tabindex]:not([tabindex="-1"]):focus-visible': FOCUS_RING },
    },
    MuiButton: {
      defaultProps: { disableElevation: true },
      styleOverrides: { root: { textTransform: 'none', fontWeight: 600 } },
    },
    MuiPaper: { defaultProps: { elevation: 0 }, styleOverrides: { outlined: { borderColor: '#e2e6ec' } } },
    MuiCard: { defaultProps: { variant: 'outlined' } },
    MuiTextField: { defaultProps: { fullWidth: true } },
  },
});
