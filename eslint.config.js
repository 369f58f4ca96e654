// Lint what matters: type-aware promise handling, consistent type imports, import cycles, hooks rules,
// and features that do not reach into each other.
import { existsSync, readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'bench/results/**', 'test-results/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      parserOptions: { projectService: { allowDefaultProject: ['vitest.config.ts'] }, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node, ...globals.browser },
    },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['apps/*/tsconfig.json', 'packages/*/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'import-x/no-cycle': ['error', { maxDepth: 10 }],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/index', '**/index.ts'], message: 'No barrel files.' }] }],
    },
  },
  // Web boundaries (docs/web.md "Boundaries"): a feature imports from another feature only that
  // feature's data surface (<feature>.api.ts endpoints, <feature>.slice.ts state, <feature>.types.ts);
  // components/ and lib/ never import a feature or a layout. app/ and layouts/ compose features.
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: webBoundaryZones() }] },
  },
  {
    files: ['**/*.test.{ts,tsx}', '**/test/**', '**/e2e/**', 'bench/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off', '@typescript-eslint/no-non-null-assertion': 'off' },
  },
  { files: ['**/*.{js,mjs}'], languageOptions: { globals: globals.node } },
);

/** One zone per web feature (every other feature but its data surface), and one for components/ and lib/. */
function webBoundaryZones() {
  const features = 'apps/web/src/features';
  const names = readdirSync(new URL(features, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  const surface = names.flatMap((name) =>
    ['api.ts', 'slice.ts', 'types.ts']
      .map((kind) => `./${name}/${name}.${kind}`)
      .filter((file) => existsSync(new URL(`${features}/${file}`, import.meta.url))),
  );
  return [
    ...names.map((name) => ({
      target: `./${features}/${name}`,
      from: `./${features}`,
      except: [`./${name}`, ...surface.filter((file) => !file.startsWith(`./${name}/`))],
      message:
        'A feature imports only the data surface of another (<feature>.api.ts, .slice.ts, .types.ts): move shared UI to components/, helpers to lib/, or compose in app/ (docs/web.md).',
    })),
    {
      target: ['./apps/web/src/components', './apps/web/src/lib'],
      from: [`./${features}`, './apps/web/src/layouts'],
      message: 'components/ and lib/ are shared by features and never import one (docs/web.md).',
    },
  ];
}
