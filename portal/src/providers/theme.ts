import { createTheme } from '@mui/material/styles';

/** The spec's theme: dark teal primary and radius 8 (shared with site/src/styles/global.css). */
export const theme = createTheme({
  palette: {
    primary: { main: '#00695c', dark: '#004d40', contrastText: '#ffffff' },
    secondary: { main: '#ffb74d', contrastText: '#1c2426' },
    background: { default: '#f7f5f0' },
  },
  shape: { borderRadius: 8 },
  components: {
    // Keeps a focused field (after a validation error) clear of the sticky app bar.
    MuiCssBaseline: { styleOverrides: { html: { scrollPaddingTop: 80 } } },
  },
  typography: {
    fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
    button: { textTransform: 'none', fontWeight: 600 },
  },
});
