// The MUI theme (app/theme.ts) and CssBaseline for the screens built with MUI: the signed-in frame, the
// public pages, the warehouse selection and the popup dialog each wrap themselves in it, so MUI and
// Emotion load with those screens and not with the entry or the sign-in screens (page weight,
// docs/web.md). The mode comes from the store (features/theme), like the plain screens' CSS variables.
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider, type Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { useAppSelector } from '../app/hooks';
import { buildTheme } from '../app/theme';

const themes = new Map<string, Theme>();

function themeFor(mode: Parameters<typeof buildTheme>[0]): Theme {
  let theme = themes.get(mode);
  if (!theme) themes.set(mode, (theme = buildTheme(mode)));
  return theme;
}

export function MuiTheme({ children }: { children: ReactNode }) {
  const mode = useAppSelector((s) => s.theme.mode);
  return (
    <ThemeProvider theme={themeFor(mode)}>
      <CssBaseline />
      {children}
    </ThemeProvider>
  );
}
