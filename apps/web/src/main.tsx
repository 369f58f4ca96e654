import '@fontsource/poppins/400.css';
import '@fontsource/poppins/500.css';
import '@fontsource/poppins/600.css';
import '@fontsource/poppins/700.css';
import './app/base.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { swallowPushErrors } from './components/error-boundary';
import { linkManifestLater } from './lib/late-manifest';
import { applyTheme, storedTheme } from './features/theme/theme.slice';

swallowPushErrors();
linkManifestLater();
// The stored mode on the body before the first paint: the CSS variables of app/base.css follow it.
applyTheme(storedTheme());

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
