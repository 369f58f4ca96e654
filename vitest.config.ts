import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

const API_TESTS = ['apps/api/src/**/*.test.ts', 'apps/api/test/**/*.test.ts'];
// A test that replaces modules (vi.mock), or times the event loop (a shared heap's garbage collections
// would count against it), runs in a process of its own: it is named *.isolated.test.ts.
const ISOLATED_API_TESTS = ['apps/api/src/**/*.isolated.test.ts', 'apps/api/test/**/*.isolated.test.ts'];

/**
 * The API suite on one database, as two projects: `api-<db>` shares one module graph per worker across
 * its files (importing the app costs seconds; every test builds its own app on its own database, and
 * test/setup.ts resets the module-level clock per file), and `api-<db>-isolated` runs the files that
 * mock modules, each in a fresh graph. `--project 'api-<db>*'` runs both.
 */
function apiProjects(db: 'sqlite' | 'postgres'): TestProjectInlineConfiguration[] {
  const common = {
    environment: 'node',
    env: { TEST_DB: db },
    setupFiles: ['apps/api/test/setup.ts'],
    // The longest files (the access matrix, the hostile input, each over every route) take 7–11 s on an
    // idle machine; a shared host is up to five times slower. Timeouts bound a hang, not a speed.
    testTimeout: 120_000,
    hookTimeout: 180_000,
  } as const;
  return [
    { test: { ...common, name: `api-${db}`, include: API_TESTS, exclude: ISOLATED_API_TESTS, isolate: false } },
    { test: { ...common, name: `api-${db}-isolated`, include: ISOLATED_API_TESTS } },
  ];
}

// expect.poll's 1 s default is too short for a screen that waits on its server while another journey runs.
// The longest journey takes 42 s on an idle machine, and a shared host is up to five times slower.
const E2E = {
  environment: 'node',
  testTimeout: 240_000,
  hookTimeout: 240_000,
  expect: { poll: { timeout: 15_000 } },
} as const;
const E2E_ALONE = ['apps/web/e2e/push.e2e.ts'];

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'shared', include: ['packages/shared/src/**/*.test.ts'], environment: 'node' } },
      { test: { name: 'bench', include: ['bench/**/*.test.ts'], environment: 'node' } },
      ...apiProjects('sqlite'),
      ...apiProjects('postgres'),
      './apps/web/vitest.config.ts',
      // Browser journeys, two files at a time: a journey waits on its server and browser for about half
      // its time, so two share the 2 cores well. Push delivery through DevTools misses a notification when
      // the machine is busy, so the push journey runs alone, after the others (groupOrder).
      {
        test: {
          ...E2E,
          name: 'e2e',
          include: ['apps/web/e2e/**/*.e2e.ts'],
          exclude: E2E_ALONE,
          maxWorkers: 2,
        },
      },
      { test: { ...E2E, name: 'e2e-alone', include: E2E_ALONE, fileParallelism: false, sequence: { groupOrder: 1 } } },
    ],
  },
});
