// Theme mode (light/dark) and layout (vertical/horizontal), kept in browser storage (spec §3 Theme, §4).
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export type ThemeMode = 'light' | 'dark';
export type LayoutKind = 'vertical' | 'horizontal';

export const THEME_KEYS = { mode: 'theme-mode', colorScheme: 'theme-color-scheme', layout: 'theme-layout' } as const;

export interface ThemeState {
  mode: ThemeMode;
  layout: LayoutKind;
}

/** The mode and layout kept in browser storage (light and vertical when nothing is stored). */
export function storedTheme(): ThemeState {
  const mode = localStorage.getItem(THEME_KEYS.mode);
  const layout = localStorage.getItem(THEME_KEYS.layout);
  return { mode: mode === 'dark' ? 'dark' : 'light', layout: layout === 'horizontal' ? 'horizontal' : 'vertical' };
}

const themeSlice = createSlice({
  name: 'theme',
  initialState: storedTheme,
  reducers: {
    toggleMode(state) {
      state.mode = state.mode === 'light' ? 'dark' : 'light';
    },
    setMode(state, action: PayloadAction<ThemeMode>) {
      state.mode = action.payload;
    },
    setLayout(state, action: PayloadAction<LayoutKind>) {
      state.layout = action.payload;
    },
  },
});

export const { toggleMode, setMode, setLayout } = themeSlice.actions;
export const themeReducer = themeSlice.reducer;

/** Stores the choice and sets the mode on the body (data-theme and color-scheme). */
export function applyTheme(theme: ThemeState): void {
  localStorage.setItem(THEME_KEYS.mode, theme.mode);
  localStorage.setItem(THEME_KEYS.colorScheme, theme.mode);
  localStorage.setItem(THEME_KEYS.layout, theme.layout);
  document.body.dataset.theme = theme.mode;
  document.body.style.colorScheme = theme.mode;
}
