import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync, readFileSync } from 'node:fs';
import importX from 'eslint-plugin-import-x';
import { fileURLToPath } from 'node:url';

/** The server's source and its modules (absolute): each module folder is a zone of the server blocks. */
const serverSrc = fileURLToPath(new URL('./packages/server/src', import.meta.url));
const serverModules = readdirSync(`${serverSrc}/modules`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** The server's test code: tests, test kits (helpers only tests import) and packages/server/test/. */
const serverTestCode = ['packages/server/src/**/*.test.ts', 'packages/server/src/**/*.test-kit.ts'];

/**
 * The server's floors, bottom up: lib/, db/, plugins/, startup/ and config.ts; then modules/; then
 * app.ts and main.ts, which put them together. An import runs down, never up.
 */
const repositoryZones = serverModules.map((name) => ({
  target: `./modules/${name}`,
  from: './modules/*/*.repository.ts',
  except: [`${serverSrc}/modules/${name}/*.repository.ts`],
  message: `A module imports no other module's repository: call that module's service.`,
}));
const serverFloorZones = [
  {
    target: ['./lib', './db', './plugins', './startup', './config.ts'],
    from: './modules',
    message:
      'lib/, db/, plugins/, startup/ and config.ts sit below the modules: move what they need down, or let main.ts/app.ts pass it in.',
  },
  ...serverModules.map((name) => ({
    target: `./modules/${name}`,
    from: './modules/*/*.routes.ts',
    except: [`${serverSrc}/modules/${name}/*.routes.ts`],
    message: `A module imports no other module's routes (app.ts registers them): share through a service or lib/.`,
  })),
  {
    target: '.',
    from: ['./**/*.test.ts', './**/*.test-kit.ts', '../test/**'],
    message: 'Product code imports no test code (*.test.ts, *.test-kit.ts, packages/server/test/).',
  },
];

/** The modules each module's product files import (`from '../<module>/…'`), read as the lint starts. */
const moduleImports = new Map(
  serverModules.map((name) => {
    const dir = `${serverSrc}/modules/${name}`;
    const used = new Set();
    for (const file of readdirSync(dir)) {
      if (!file.endsWith('.ts') || /\.test(-kit)?\.ts$/.test(file)) continue;
      for (const [, other] of readFileSync(`${dir}/${file}`, 'utf8').matchAll(/from '\.\.\/([a-z-]+)\//g)) {
        used.add(other);
      }
    }
    return [name, used];
  }),
);
/** Two modules never import each other: the links between modules run one way. */
const serverModuleLoop = {
  meta: { type: 'problem', schema: [] },
  create(context) {
    const here = /[\\/]packages[\\/]server[\\/]src[\\/]modules[\\/]([^\\/]+)[\\/]/.exec(
      context.filename,
    )?.[1];
    if (!here) return {};
    const check = (node) => {
      const other = /^\.\.\/([a-z-]+)\//.exec(node.source?.value ?? '')?.[1];
      if (other && other !== here && moduleImports.get(other)?.has(here)) {
        context.report({
          node: node.source,
          message: `modules/${here} and modules/${other} import each other: give what they share one home, so the link runs one way.`,
        });
      }
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check };
  },
};

/**
 * A module's files are `<name>.<role>.ts`, the role one of these (docs/CONVENTIONS.md, "Where does
 * this go? (server)"), so a file's name says what it may hold and import.
 */
const SERVER_ROLES = [
  'routes',
  'service',
  'repository',
  'schedule',
  'cli',
  'storage',
  'text',
  'lib',
  'test',
  'test-kit',
];
const serverFileRole = {
  meta: { type: 'problem', schema: [] },
  create(context) {
    const match = /[\\/]packages[\\/]server[\\/]src[\\/]modules[\\/][^\\/]+[\\/]([^\\/]+)$/.exec(
      context.filename,
    );
    if (!match || match[1].endsWith('.md')) return {};
    const parts = /^[a-z0-9]+(?:-[a-z0-9]+)*\.([a-z-]+)\.ts$/.exec(match[1]);
    if (parts && SERVER_ROLES.includes(parts[1])) return {};
    return {
      Program(node) {
        context.report({
          node,
          message: `A module's file is named <name>.<role>.ts with a role of ${SERVER_ROLES.join(', ')}: ${match[1]} is not.`,
        });
      },
    };
  },
};

/**
 * The places a literal screen path is refused in the web app (ADR 0046): `to`/`href` props and
 * properties, and the first argument of `navigate`/`leave`. esquery's regex may not contain a slash: \x2F.
 */
function literalScreenPathSelectors() {
  const path = String.raw`/^\x2F(?!api\x2F)(?![^?#]*\.[a-z0-9]+$)/`;
  const message = "A screen's address is href('<screen id>', params) from lib/screens.ts (ADR 0046).";
  const string = [`Literal[value=${path}]`, `TemplateLiteral[quasis.0.value.raw=${path}]`];
  const places = [
    'JSXAttribute[name.name=/^(to|href)$/] > ',
    'JSXAttribute[name.name=/^(to|href)$/] > JSXExpressionContainer > ',
    'Property[key.name=/^(to|href)$/] > ',
    'CallExpression[callee.name=/^(navigate|leave)$/] > ',
  ];
  return places.flatMap((place) => string.map((literal) => ({ selector: place + literal, message })));
}

/**
 * Comments and strings cite what a clone contains: an ADR (docs/decisions/00NN-…) or a
 * `docs/product.md §N.M`, never a number in an issue tracker that is not in the repository.
 */
const ISSUE_REF = /\bissues?\s*#?\d+/i;
const noIssueRefs = {
  meta: { type: 'problem', schema: [] },
  create(context) {
    const message =
      'Cite the ADR (docs/decisions) or docs/product.md §, not an issue number: a clone has no issue tracker.';
    const check = (node, text) => {
      if (typeof text === 'string' && ISSUE_REF.test(text)) context.report({ node, message });
    };
    return {
      Program() {
        for (const comment of context.sourceCode.getAllComments()) check(comment, comment.value);
      },
      Literal: (node) => check(node, node.value),
      TemplateElement: (node) => check(node, node.value.raw),
      JSXText: (node) => check(node, node.value),
    };
  },
};

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', '**/dev-dist/**', 'e2e/generated/**'] },
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
  // One table of screens (ADR 0046): a screen's address is `href(id, params)` from lib/screens.ts, never a
  // literal '/…' given as `to`, `href` or to `navigate(…)`. API paths and files (a dot-extension) are not screens.
  {
    files: ['packages/web/src/**/*.{ts,tsx}'],
    ignores: [
      'packages/web/src/lib/screens.ts',
      'packages/web/src/**/*.test.{ts,tsx}',
      'packages/web/src/test/**',
    ],
    rules: {
      'no-restricted-syntax': ['error', ...literalScreenPathSelectors()],
    },
  },
  // Server floors (docs/CONVENTIONS.md, "Where does this go? (server)"): the zones and the role rule above.
  {
    files: ['packages/server/src/**/*.ts'],
    ignores: serverTestCode,
    plugins: {
      'import-x': importX,
      ayar: { rules: { 'server-file-role': serverFileRole, 'server-module-loop': serverModuleLoop } },
    },
    settings: { 'import-x/resolver-next': [importX.createNodeResolver()] },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: serverSrc,
          zones: [...repositoryZones, ...serverFloorZones],
        },
      ],
      'ayar/server-file-role': 'error',
      'ayar/server-module-loop': 'error',
    },
  },
  // Tests and test kits may import anything but another module's repository.
  {
    files: serverTestCode,
    plugins: { 'import-x': importX, ayar: { rules: { 'server-file-role': serverFileRole } } },
    settings: { 'import-x/resolver-next': [importX.createNodeResolver()] },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: serverSrc, zones: repositoryZones }],
      'ayar/server-file-role': 'error',
    },
  },
  // Typed rules (ADR 0048): an unawaited write is a lost write, and a promise handed to React as an
  // onClick lies to it (nothing catches the rejection). They need the type checker, so they run only on
  // the files the three packages' tsconfig.json files hold (tests included: a file outside them would
  // fall back to a slow default project); config files and scripts keep the untyped rules above.
  {
    files: [
      'packages/server/src/**/*.ts',
      'packages/server/test/**/*.ts',
      'packages/contract/src/**/*.ts',
      'packages/web/src/**/*.{ts,tsx}',
    ],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: fileURLToPath(new URL('.', import.meta.url)) },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
      // A switch over a union names every member or has a default that is right for the rest; a default
      // counts as exhaustive (considerDefaultExhaustiveForUnions), so a deliberate catch-all is not forced
      // into a list of cases. A switch over a plain string or number needs no default
      // (requireDefaultForNonUnion: false): the code after it is the fallback.
      '@typescript-eslint/switch-exhaustiveness-check': [
        'error',
        { considerDefaultExhaustiveForUnions: true, requireDefaultForNonUnion: false },
      ],
    },
  },
  // Every linted file cites ADRs and docs/product.md sections, not issue numbers (noIssueRefs above).
  {
    files: ['**/*.{ts,tsx,js,mjs,cjs}'],
    plugins: { local: { rules: { 'no-issue-refs': noIssueRefs } } },
    rules: { 'local/no-issue-refs': 'error' },
  },
);
