// Lint what matters: type-aware promise handling, consistent type imports, import cycles, hooks rules,
// and features that do not reach into each other.
import { existsSync, readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import path from 'node:path';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const apiSrc = path.join(import.meta.dirname, 'apps/api/src');

/**
 * The files of an API module that other modules may import besides its service, each named with its
 * reason in docs/decisions.md ("Module boundaries"): keep the two lists the same.
 */
const SHARED_MODULE_FILES = ['customers/customer-record.ts', 'catalog/catalog-product.ts'];

/**
 * API module boundaries (issue 12 §7): a module reaches another module only through that module's
 * `<module>.service.ts` or a file in SHARED_MODULE_FILES, never its repository, routes or other internals;
 * platform/ and db/ never import a module. One zone per folder of modules/, read when the config loads, so
 * a new module is covered without editing this file. Tests beside the code are held to the same rule.
 */
function apiModuleBoundaries() {
  const modulesDir = path.join(apiSrc, 'modules');
  const modules = readdirSync(modulesDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  const zones = modules.map((name) => ({
    target: path.join(modulesDir, name),
    from: modulesDir,
    // Relative to `from`: the module itself, every other module's service, and the shared files.
    except: [
      `./${name}`,
      ...modules.filter((other) => other !== name).map((other) => `./${other}/${other}.service.ts`),
      ...SHARED_MODULE_FILES.map((file) => `./${file}`),
    ],
    message: `"${name}" reaches another module only through that module's <module>.service.ts or a shared file named in docs/decisions.md ("Module boundaries").`,
  }));
  zones.push({
    target: [path.join(apiSrc, 'platform'), path.join(apiSrc, 'db')],
    from: modulesDir,
    except: [],
    message: 'platform/ and db/ serve every module and never import one.',
  });
  return {
    files: ['apps/api/src/**/*.ts'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones }] },
  };
}

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-e2e/**',
      'data/**',
      'bench/results/**',
      'test-results/**',
      'coverage/**',
    ],
  },
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
  apiModuleBoundaries(),
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
