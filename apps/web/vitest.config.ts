import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    name: 'web',
    root: import.meta.dirname,
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    // Worker threads start faster than forked processes; each file still gets its own jsdom and modules.
    pool: 'threads',
    setupFiles: ['./src/test/setup.ts'],
    // Form journeys type into several fields under jsdom, and `npm test` runs three files per two cores:
    // the longest take 10–23 s on an idle machine, and a shared host is up to five times slower.
    testTimeout: 120_000,
    // Hooks load lazy screens (a first import under jsdom costs seconds on a busy machine).
    hookTimeout: 120_000,
  },
});
