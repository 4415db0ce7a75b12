// The pre-commit hook's type check (ADR 0048): `tsc -p` for each package a staged file belongs to, and
// for the packages that import it, one after another; exits non-zero if any fails. `npm run typecheck`
// checks them all; this checks only what the commit can have broken.
import { execFileSync, spawnSync } from 'node:child_process';
import { join } from 'node:path';

type Project = 'packages/contract' | 'packages/server' | 'packages/web' | 'e2e' | 'bench' | 'scripts';

/** In the order `npm run typecheck` runs them. */
const PROJECTS: readonly Project[] = [
  'packages/contract',
  'packages/server',
  'packages/web',
  'e2e',
  'bench',
  'scripts',
];

/**
 * Who imports whom: server, web, e2e and bench import @ayar/contract; e2e and bench import the server's
 * source (the embedded database, signing, backups). A change there is checked where it is used too.
 */
const IMPORTED_BY: Record<Project, readonly Project[]> = {
  'packages/contract': ['packages/server', 'packages/web', 'e2e', 'bench'],
  'packages/server': ['e2e', 'bench'],
  'packages/web': [],
  e2e: [],
  bench: [],
  scripts: [],
};

/** The project a path belongs to; the base tsconfig is every project's. */
function projectsOf(file: string): readonly Project[] {
  if (file === 'tsconfig.base.json') return PROJECTS;
  const project = PROJECTS.find((p) => file.startsWith(`${p}/`));
  return project ? [project, ...IMPORTED_BY[project]] : [];
}

const root = execFileSync('git', ['rev-parse', '--show-toplevel'], { encoding: 'utf8' }).trim();
const staged = execFileSync('git', ['diff', '--cached', '--name-only', '-z'], { cwd: root, encoding: 'utf8' })
  .split('\0')
  .filter(Boolean);
const touched = new Set(staged.flatMap(projectsOf));
const toCheck = PROJECTS.filter((p) => touched.has(p));

const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
// Incremental, with its state kept under node_modules/.cache: the next commit re-checks only what
// changed since, so the hook stays seconds rather than a minute.
const cache = join(root, 'node_modules', '.cache', 'typecheck-staged');
const failed: Project[] = [];
for (const project of toCheck) {
  const started = performance.now();
  const buildInfo = join(cache, `${project.replaceAll('/', '-')}.tsbuildinfo`);
  const { status } = spawnSync(
    process.execPath,
    [tsc, '-p', project, '--incremental', '--tsBuildInfoFile', buildInfo],
    { cwd: root, stdio: 'inherit' },
  );
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`typecheck-staged: tsc -p ${project} ${status === 0 ? 'passed' : 'FAILED'} (${seconds} s)`);
  if (status !== 0) failed.push(project);
}

if (failed.length > 0) {
  console.error(`typecheck-staged: type errors in ${failed.join(', ')}; the commit is refused.`);
  process.exit(1);
}
