// Vite: dev server with the API proxied, and the production build. The build writes .vite/manifest.json,
// which scripts/check-web-budget.mjs walks to measure the page-weight budgets (docs/web.md).
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: { '/api': { target: `http://127.0.0.1:${process.env.API_PORT ?? 3000}`, changeOrigin: true } },
  },
  build: { outDir: 'dist', sourcemap: false, manifest: true },
});
