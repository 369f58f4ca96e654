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
    testTimeout: 30_000,
    hookTimeout: 60_000,
  } as const;
  return [
    { test: { ...common, name: `api-${db}`, include: API_TESTS, exclude: ISOLATED_API_TESTS, isolate: false } },
    { test: { ...common, name: `api-${db}-isolated`, include: ISOLATED_API_TESTS } },
  ];
}

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'shared', include: ['packages/shared/src/**/*.test.ts'], environment: 'node' } },
      { test: { name: 'bench', include: ['bench/**/*.test.ts'], environment: 'node' } },
      ...apiProjects('sqlite'),
      ...apiProjects('postgres'),
      './apps/web/vitest.config.ts',
      {
        test: {
          name: 'e2e',
          include: ['apps/web/e2e/**/*.e2e.ts'],
          environment: 'node',
          fileParallelism: false,
          testTimeout: 90_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
