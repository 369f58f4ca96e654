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
    // far slower than the 5 s default.
    testTimeout: 60_000,
  },
});
