// MUI theme: primary #3C7795, Poppins (bundled by @fontsource), light and dark (spec §9).
import { createTheme, type Theme } from '@mui/material/styles';
import type { ThemeMode } from '../features/theme/theme.slice';

export const PRIMARY = '#3C7795';

export function buildTheme(mode: ThemeMode): Theme {
  const dark = mode === 'dark';
  return createTheme({
    palette: {
      mode,
      primary: { main: PRIMARY, contrastText: '#fff' },
      secondary: { main: '#E0893A' },
      background: dark ? { default: '#11181d', paper: '#1a242b' } : { default: '#f3f6f8', paper: '#ffffff' },
      divider: dark ? 'rgba(255,255,255,0.12)' : 'rgba(17,24,29,0.10)',
    },
    typography: {
      fontFamily: '"Poppins", "Helvetica Neue", Arial, sans-serif',
      button: { textTransform: 'none', fontWeight: 500 },
      h1: { fontWeight: 600 },
      h2: { fontWeight: 600 },
      h3: { fontWeight: 600 },
      h4: { fontWeight: 600 },
      h5: { fontWeight: 600 },
      h6: { fontWeight: 600 },
    },
    shape: { borderRadius: 8 },
    components: {
      MuiButton: { defaultProps: { disableElevation: true } },
      MuiPaper: { styleOverrides: { root: { backgroundImage: 'none' } } },
      MuiAppBar: { defaultProps: { elevation: 0, color: 'inherit' } },
      MuiTextField: { defaultProps: { fullWidth: true } },
      // MUI renders subtitles as <h6> by default, which breaks the heading order under a page's <h1>
      // (Lighthouse "heading-order"); a subtitle that titles a section says so with component="h2".
      MuiTypography: { defaultProps: { variantMapping: { subtitle1: 'p', subtitle2: 'p' } } },
    },
  });
}
