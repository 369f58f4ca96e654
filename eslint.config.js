// Lint what matters: type-aware promise handling, consistent type imports, import cycles, hooks rules,
// and features that do not reach into each other.
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import { readdirSync } from 'node:fs';
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
  apiModuleBoundaries(),
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/index', '**/index.ts'], message: 'No barrel files.' }] }],
    },
  },
  {
    files: ['**/*.test.{ts,tsx}', '**/test/**', '**/e2e/**', 'bench/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off', '@typescript-eslint/no-non-null-assertion': 'off' },
  },
  { files: ['**/*.{js,mjs}'], languageOptions: { globals: globals.node } },
);
