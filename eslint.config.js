import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';
import importX from 'eslint-plugin-import-x';
import { fileURLToPath } from 'node:url';

/** The server's modules (absolute): each folder is a zone of the server block below. */
const serverModules = fileURLToPath(new URL('./packages/server/src/modules', import.meta.url));

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', '**/dev-dist/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['packages/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  // Web boundaries (bulletproof-react): a feature imports no other feature and nothing from app/;
  // components/ and lib/ import no feature and no app. Features compose in app/ (router, app/pages).
  {
    files: ['packages/web/src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [importX.createNodeResolver()] },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: 'packages/web/src',
          zones: [
            ...readdirSync(new URL('./packages/web/src/features', import.meta.url), { withFileTypes: true })
              .filter((entry) => entry.isDirectory())
              .map(({ name: feature }) => ({
                target: `./features/${feature}`,
                from: './features',
                except: [`./${feature}`],
                message:
                  'A feature imports no other feature: share through components/ or lib/, compose in app/.',
              })),
            { target: './features', from: './app', message: 'A feature imports nothing from app/.' },
            {
              target: ['./components', './lib'],
              from: ['./features', './app'],
              message: 'components/ and lib/ import no feature and no app.',
            },
          ],
        },
      ],
    },
  },
  // Server boundaries (issue 15.2): a module reaches another module's data through that module's
  // service, never its repository, so each module's queries and tenant rules stay its own.
  {
    files: ['packages/server/src/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [importX.createNodeResolver()] },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: serverModules,
          zones: readdirSync(serverModules, { withFileTypes: true })
            .filter((entry) => entry.isDirectory())
            .map(({ name }) => ({
              target: `./${name}`,
              from: './*/*.repository.ts',
              except: [`${serverModules}/${name}/*.repository.ts`],
              message: `A module imports no other module's repository: call that module's service.`,
            })),
        },
      ],
    },
  },
);
