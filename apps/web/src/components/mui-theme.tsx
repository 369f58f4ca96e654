// The MUI theme (app/theme.ts) and CssBaseline for the screens built with MUI, so MUI and Emotion load
// with those screens and not with the entry, the sign-in screens or the plain order and cart screens
// (page weight, docs/web.md). Who wraps what:
// - the signed-in frame's pages: app/mui-pages.tsx wraps each route's element, except plain pages;
// - the public pages, the warehouse selection and the popup dialog wrap themselves;
// - MUI parts loaded into a plain screen or into the frame around the pages (menus, the drawer, the
//   product dialog, the filter panel) wrap themselves with `baseline={false}` (withOwnMuiTheme below
//   for a whole component): app/base.css already gives the page what CssBaseline would.
// The mode comes from the store (features/theme), like the plain screens' CSS variables.
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider, type Theme } from '@mui/material/styles';
import type { ComponentType, ReactNode } from 'react';
import { useAppSelector } from '../app/hooks';
import { buildTheme } from '../app/theme';

const themes = new Map<string, Theme>();

function themeFor(mode: Parameters<typeof buildTheme>[0]): Theme {
  let theme = themes.get(mode);
  if (!theme) themes.set(mode, (theme = buildTheme(mode)));
  return theme;
}

export function MuiTheme({ children, baseline = true }: { children: ReactNode; baseline?: boolean }) {
  const mode = useAppSelector((s) => s.theme.mode);
  return (
    <ThemeProvider theme={themeFor(mode)}>
      {baseline ? <CssBaseline /> : null}
      {children}
    </ThemeProvider>
  );
}

/**
 * `Component` in a MUI theme of its own, without CssBaseline (app/base.css does that): for MUI parts
 * loaded into the frame or a screen built without MUI.
 */
export function withOwnMuiTheme<P extends object>(Component: ComponentType<P>): ComponentType<P> {
  function InOwnMuiTheme(props: P) {
    return (
      <MuiTheme baseline={false}>
        <Component {...props} />
      </MuiTheme>
    );
  }
  return InOwnMuiTheme;
}
