// Vite: dev server with the API (and its /media files) proxied, and the production build. The build writes .vite/manifest.json,
// which scripts/check-web-budget.mjs walks to measure the page-weight budgets (docs/web.md).
import react from '@vitejs/plugin-react';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import { firstScreenChunks } from './first-screen-chunks.ts';
import { firstScreenPreload } from './first-screen-preload.ts';
import { precompress } from './precompress.ts';
import { EARLY_REQUESTS, SERVICE_WORKER, scriptBuild } from './script-build.ts';

// The screens people open first (bookmarks, sign-in): the server preloads their chunks from the HTML.
// A page in the MUI theme loads the theme's module beside its own (src/app/mui-pages.tsx); the order
// and cart screens are plain.
const MUI_THEME = 'src/components/mui-theme.tsx';
const FIRST_SCREENS = {
  '/login': ['src/features/auth/login-page.tsx'],
  '/retailer/dashboard': ['src/layouts/app-layout.tsx', MUI_THEME, 'src/features/dashboard/dashboard-page.tsx'],
  '/retailer/order': ['src/layouts/app-layout.tsx', 'src/features/catalog/catalog-page.tsx'],
  '/retailer/cart': ['src/layouts/app-layout.tsx', 'src/features/cart/cart-page.tsx'],
  '/sales/dashboard': ['src/layouts/app-layout.tsx', MUI_THEME, 'src/features/dashboard/sales-dashboard-page.tsx'],
};

// React Router publishes a production build (dev warnings compiled out) that its package exports
// never select; the production bundle uses it, the dev server and tests keep the warnings.
const require = createRequire(import.meta.url);
const reactRouterProduction = path.join(path.dirname(require.resolve('react-router/package.json')), 'dist/production/index.mjs');

// The admin data grid (@mui/x-data-grid, through @base-ui/utils) uses parts of reselect that RTK Query
// does not. Sharing RTK's copy would keep those parts in the api chunk that every first screen loads;
// the grid gets reselect's own browser build instead, a separate module that stays in the admin chunks.
const reselectBrowser = path.join(path.dirname(require.resolve('reselect/package.json')), 'dist/reselect.browser.mjs');
const gridOwnReselect: Plugin = {
  name: 'grid-own-reselect',
  apply: 'build',
  enforce: 'pre',
  resolveId(source, importer) {
    if (source === 'reselect' && importer?.includes('/node_modules/@base-ui/utils/')) return reselectBrowser;
    return null;
  },
};

// The page's SVG icon as a data: URL (public/favicon.svg stays for the manifest and notifications):
// fetched as a file, it took one of the six connections a phone opens before the first screen's
// scripts had arrived.
const inlineFavicon: Plugin = {
  name: 'inline-favicon',
  apply: 'build',
  transformIndexHtml(html) {
    const svg = readFileSync(path.join(import.meta.dirname, 'public/favicon.svg'), 'utf8').trim();
    const dataUrl = `data:image/svg+xml,${encodeURIComponent(svg).replaceAll('%20', ' ').replaceAll('%22', "'")}`;
    if (!html.includes('href="/favicon.svg"')) throw new Error('inline-favicon: index.html no longer links /favicon.svg');
    return html.replace('href="/favicon.svg"', `href="${dataUrl}"`);
  },
};

export default defineConfig(({ command }) => ({
  resolve: command === 'build' ? { alias: [{ find: /^react-router$/, replacement: reactRouterProduction }] } : {},
  plugins: [
    react(),
    firstScreenPreload(import.meta.dirname, FIRST_SCREENS),
    gridOwnReselect,
    inlineFavicon,
    precompress(),
    scriptBuild(SERVICE_WORKER),
    scriptBuild(EARLY_REQUESTS),
  ],
  server: {
    port: 5173,
    // /media: uploaded images, served by the API outside /api (modules/media).
    proxy: Object.fromEntries(
      ['/api', '/media/'].map((prefix) => [
        prefix,
        { target: `http://127.0.0.1:${process.env.API_PORT ?? 3000}`, changeOrigin: true },
      ]),
    ),
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    manifest: true,
    target: 'es2022',
    modulePreload: { polyfill: false },
    // One stylesheet for the whole app (35 KB, 6 KB compressed: the screens with MUI style themselves
    // with Emotion): the first screens fetch one file instead of three, and no lazy screen waits for one.
    cssCodeSplit: false,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            firstScreenChunks(import.meta.dirname, 'src/main.tsx', {
              login: 'src/features/auth/login-page.tsx',
              frame: 'src/layouts/app-layout.tsx',
              mui: MUI_THEME,
              dashboard: 'src/features/dashboard/dashboard-page.tsx',
              order: 'src/features/catalog/catalog-page.tsx',
              cart: 'src/features/cart/cart-page.tsx',
              sales: 'src/features/dashboard/sales-dashboard-page.tsx',
            }),
          ],
        },
      },
    },
  },
}));
