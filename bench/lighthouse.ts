/**
 * Lighthouse on the landing page (the public lookup), as a phone sees it (ADR 0016):
 *   node bench/lighthouse.ts [--no-build] [--dist packages/web/dist] [--runs 1] [--path /] [--url URL]
 * Builds the web app (unless --no-build), starts the real server (packages/server/src/main.ts) on a
 * temporary embedded data directory and a free port, starts Debian's Chromium headless, and runs the
 * `lighthouse` package's default (mobile) configuration: a Moto G-class phone, simulated slow 4G and
 * 4× CPU slowdown. Prints the performance and accessibility scores against the targets (≥ 90, ≥ 95),
 * the main metrics and any failed accessibility audit; exits with 1 when a target is missed.
 * `--url http://host:port` measures a server that is already running instead (nothing is built or started).
 * `--report FILE` writes the last run's full Lighthouse JSON (long tasks, bootup time, the network chain)
 * and its Chromium trace as FILE.trace.json (open it in the DevTools performance panel).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import lighthouse from 'lighthouse';
import { REPO_ROOT } from './lib/database.ts';
import { intFlag } from './lib/cli.ts';
import { startServerProcess, stopChild, waitFor, type ServerProcess } from './lib/server-process.ts';

const { values } = parseArgs({
  options: {
    build: { type: 'boolean', default: true },
    'no-build': { type: 'boolean', default: false },
    dist: { type: 'string' },
    runs: { type: 'string' },
    path: { type: 'string' },
    url: { type: 'string' },
    report: { type: 'string' },
    help: { type: 'boolean', short: 'h', default: false },
  },
});
if (values.help) {
  console.log(
    'node bench/lighthouse.ts [--no-build] [--dist packages/web/dist] [--runs 1] [--path /] [--url URL] [--report FILE]',
  );
  process.exit(0);
}
const CHROMIUM = '/usr/bin/chromium';
const TARGETS = { performance: 90, accessibility: 95 } as const;
const runs = intFlag('runs', values.runs, 1);
const pagePath = values.path ?? '/';
const dist = path.resolve(REPO_ROOT, values.dist ?? 'packages/web/dist');

const external = values.url?.replace(/\/+$/, '');
if (!external && values.build && !values['no-build']) {
  console.log('Building the web app (npm run build -w @ayar/web)…');
  const build = spawnSync('npm', ['run', 'build', '-w', '@ayar/web'], { cwd: REPO_ROOT, encoding: 'utf8' });
  if (build.status !== 0) {
    process.stderr.write(`${build.stdout}\n${build.stderr}\n`);
    process.exit(1);
  }
}
if (!external && !fs.existsSync(path.join(dist, 'index.html'))) {
  console.error(`${dist}/index.html not found: build the web app first.`);
  process.exit(1);
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ayar-lighthouse-'));
fs.chmodSync(dataDir, 0o755); // the embedded PostgreSQL runs as `postgres` when we are root
const profileDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ayar-lighthouse-chromium-'));
let server: ServerProcess | undefined;
let chromium: ChildProcess | undefined;

try {
  if (!external)
    server = await startServerProcess({
      DATA_DIR: dataDir,
      WEB_DIST: dist,
      ADMIN_PASSWORD: 'lighthouse-admin-1',
      LOG_LEVEL: 'warn',
    });
  const base = external ?? server!.url;
  if (external)
    await waitFor('the server', async () => ((await fetch(`${base}/api/health`)).ok ? true : null), 90);

  chromium = spawn(
    CHROMIUM,
    [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--remote-debugging-port=0',
      `--user-data-dir=${profileDir}`,
      'about:blank',
    ],
    { stdio: 'ignore' },
  );
  const devtoolsPort = await waitFor(
    'Chromium',
    async () => {
      const file = path.join(profileDir, 'DevToolsActivePort');
      return fs.existsSync(file) ? Number(fs.readFileSync(file, 'utf8').split('\n')[0]) || null : null;
    },
    30,
  );

  const url = base + pagePath;
  console.log(
    `Lighthouse ${runs > 1 ? `(${runs} runs, median) ` : ''}on ${url}, mobile preset, ${CHROMIUM}\n`,
  );
  const scores: { performance: number; accessibility: number; metrics: Record<string, string> }[] = [];
  let failedA11y: string[] = [];
  for (let run = 0; run < runs; run++) {
    const result = await lighthouse(url, {
      port: devtoolsPort,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
    });
    if (!result) throw new Error('lighthouse returned nothing');
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`lighthouse: ${lhr.runtimeError.message}`);
    if (values.report) {
      fs.writeFileSync(values.report, JSON.stringify(lhr, null, 1));
      fs.writeFileSync(`${values.report}.trace.json`, JSON.stringify(result.artifacts.Trace));
    }
    const metric = (id: string) => lhr.audits[id]?.displayValue ?? '—';
    scores.push({
      performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
      metrics: {
        'First Contentful Paint': metric('first-contentful-paint'),
        'Largest Contentful Paint': metric('largest-contentful-paint'),
        'Total Blocking Time': metric('total-blocking-time'),
        'Cumulative Layout Shift': metric('cumulative-layout-shift'),
        'Speed Index': metric('speed-index'),
      },
    });
    failedA11y = (lhr.categories.accessibility?.auditRefs ?? [])
      .map((ref) => lhr.audits[ref.id])
      .filter((a) => a && a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary')
      .map((a) => `${a!.id}: ${a!.title}`);
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const performance = median(scores.map((s) => s.performance));
  const accessibility = median(scores.map((s) => s.accessibility));
  for (const [name, value] of Object.entries(scores[scores.length - 1]!.metrics)) {
    console.log(`  ${name.padEnd(26)} ${value}`);
  }
  console.log();
  const perfOk = performance >= TARGETS.performance;
  const a11yOk = accessibility >= TARGETS.accessibility;
  if (runs > 1) console.log(`performance runs: ${scores.map((s) => s.performance).join(', ')}`);
  console.log(`performance   ${performance} (target ≥ ${TARGETS.performance}): ${perfOk ? 'PASS' : 'FAIL'}`);
  console.log(
    `accessibility ${accessibility} (target ≥ ${TARGETS.accessibility}): ${a11yOk ? 'PASS' : 'FAIL'}`,
  );
  if (failedA11y.length) console.log(`failed accessibility audits:\n  ${failedA11y.join('\n  ')}`);
  if (!perfOk || !a11yOk) process.exitCode = 1;
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  if (server) console.error(`server output:\n${server.output().slice(-2000)}`);
  process.exitCode = 1;
} finally {
  await stopChild(chromium);
  await server?.stop();
  fs.rmSync(profileDir, { recursive: true, force: true });
  fs.rmSync(dataDir, { recursive: true, force: true });
}
process.exit(process.exitCode ?? 0);
