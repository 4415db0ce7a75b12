/**
 * Size of the built web app as a phone downloads it:
 *   node bench/web-size.ts [--no-build] [--dist packages/web/dist]
 * Builds @ayar/web (unless --no-build), then prints the gzipped size (gzip level 9) of the
 * JavaScript index.html loads up front, of each lazily loaded route chunk, and of CSS and fonts.
 * Uses Vite's manifest (dist/.vite/manifest.json, `build.manifest: true`) when present; otherwise
 * follows the import statements in the built files.
 * Budget (ADR 0014): the landing page (the public lookup) loads at most 160 KB of gzipped JavaScript
 * before any interaction. Prints PASS or FAIL and exits with 1 on FAIL (`--budget KB` to change it).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { REPO_ROOT } from './lib/database.ts';
import { printTable } from './lib/table.ts';

const { values } = parseArgs({
  options: {
    build: { type: 'boolean', default: true },
    'no-build': { type: 'boolean', default: false },
    dist: { type: 'string' },
    budget: { type: 'string' },
    help: { type: 'boolean', short: 'h', default: false },
  },
});
if (values.help) {
  console.log('node bench/web-size.ts [--no-build] [--dist packages/web/dist] [--budget 160]');
  process.exit(0);
}
const dist = path.resolve(REPO_ROOT, values.dist ?? 'packages/web/dist');
/** The landing page's JavaScript budget, in kB (1000 bytes) gzipped. */
const budgetKb = Number(values.budget ?? 160);
if (!Number.isFinite(budgetKb) || budgetKb <= 0) {
  console.error('--budget must be a positive number of kB');
  process.exit(1);
}

if (values.build && !values['no-build']) {
  console.log('Building the web app (npm run build -w @ayar/web)…');
  const started = performance.now();
  const build = spawnSync('npm', ['run', 'build', '-w', '@ayar/web'], { cwd: REPO_ROOT, encoding: 'utf8' });
  if (build.status !== 0) {
    process.stderr.write(`${build.stdout}\n${build.stderr}\n`);
    console.error(`The web build failed (exit ${build.status ?? build.signal}); nothing measured.`);
    process.exit(1);
  }
  console.log(`Built in ${((performance.now() - started) / 1000).toFixed(1)} s.\n`);
}
if (!fs.existsSync(path.join(dist, 'index.html'))) {
  console.error(`${path.relative(REPO_ROOT, dist)}/index.html not found: build the web app first.`);
  process.exit(1);
}

interface Size {
  raw: number;
  gzip: number;
}
const sizes = new Map<string, Size>();
/** Raw and gzip -9 size of a file under dist (path relative to dist, forward slashes). */
function size(file: string): Size {
  let s = sizes.get(file);
  if (!s) {
    const bytes = fs.readFileSync(path.join(dist, file));
    s = { raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
    sizes.set(file, s);
  }
  return s;
}
const sum = (files: Iterable<string>): Size => {
  const total = { raw: 0, gzip: 0 };
  for (const f of files) {
    total.raw += size(f).raw;
    total.gzip += size(f).gzip;
  }
  return total;
};
const kB = (n: number) => `${(n / 1000).toFixed(1)} kB`;

/** A built module: its static imports (loaded with it) and dynamic imports (loaded later). */
interface Chunk {
  file: string;
  name: string;
  imports: string[];
  dynamicImports: string[];
  css: string[];
}

function fromManifest(manifestPath: string): { entries: string[]; chunks: Map<string, Chunk> } {
  type Entry = {
    file: string;
    name?: string;
    src?: string;
    isEntry?: boolean;
    imports?: string[];
    dynamicImports?: string[];
    css?: string[];
  };
  const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as Record<string, Entry>;
  const fileOf = (key: string) => manifest[key]?.file ?? key;
  const chunks = new Map<string, Chunk>();
  const entries: string[] = [];
  for (const [key, e] of Object.entries(manifest)) {
    if (!e.file.endsWith('.js')) continue;
    chunks.set(e.file, {
      file: e.file,
      name: e.src ?? e.name ?? key,
      imports: (e.imports ?? []).map(fileOf),
      dynamicImports: (e.dynamicImports ?? []).map(fileOf),
      css: e.css ?? [],
    });
    if (e.isEntry) entries.push(e.file);
  }
  return { entries, chunks };
}

/** Without a manifest: follow `import … from "./x.js"` and `import("./x.js")` in the built files. */
function fromImports(entryFiles: string[]): { entries: string[]; chunks: Map<string, Chunk> } {
  const chunks = new Map<string, Chunk>();
  const resolve = (from: string, spec: string) =>
    path.posix.normalize(path.posix.join(path.posix.dirname(from), spec));
  const visit = (file: string) => {
    if (chunks.has(file) || !fs.existsSync(path.join(dist, file))) return;
    const code = fs.readFileSync(path.join(dist, file), 'utf8');
    const quoted = String.raw`["'\x60](\.{1,2}/[^"'\x60]+?\.js)["'\x60]`;
    const statics = [...code.matchAll(new RegExp(String.raw`(?:\bfrom|\bimport)\s*` + quoted, 'g'))].map(
      (m) => resolve(file, m[1]!),
    );
    const dynamics = [...code.matchAll(new RegExp(String.raw`\bimport\s*\(\s*` + quoted, 'g'))].map((m) =>
      resolve(file, m[1]!),
    );
    const chunk: Chunk = {
      file,
      name: path.posix.basename(file),
      imports: [...new Set(statics)],
      dynamicImports: [...new Set(dynamics)],
      css: [],
    };
    chunks.set(file, chunk);
    for (const f of [...chunk.imports, ...chunk.dynamicImports]) visit(f);
  };
  for (const e of entryFiles) visit(e);
  return { entries: entryFiles, chunks };
}

/** A chunk and everything it imports statically. */
function closure(start: string[], chunks: Map<string, Chunk>): Set<string> {
  const seen = new Set<string>();
  const stack = [...start];
  while (stack.length) {
    const f = stack.pop()!;
    if (seen.has(f)) continue;
    seen.add(f);
    stack.push(...(chunks.get(f)?.imports ?? []));
  }
  return seen;
}

const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
const attr = (re: RegExp) => [...html.matchAll(re)].map((m) => m[1]!.replace(/^\//, ''));
const htmlScripts = attr(/<script\b[^>]*\bsrc="([^"]+)"/g);
const htmlModuleScripts = attr(/<script\b[^>]*type="module"[^>]*\bsrc="([^"]+)"/g);
const htmlPreloads = attr(/<link\b[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g);
const htmlCss = attr(/<link\b[^>]*rel="stylesheet"[^>]*href="([^"]+)"/g);

const manifestPath = [path.join(dist, '.vite/manifest.json'), path.join(dist, 'manifest.json')].find((p) =>
  fs.existsSync(p),
);
const graph = manifestPath ? fromManifest(manifestPath) : fromImports(htmlModuleScripts);
const entries = graph.entries.length ? graph.entries : htmlModuleScripts;

// Up front: the entry, its static imports, anything index.html preloads or loads as a classic script.
const initial = closure([...entries, ...htmlPreloads], graph.chunks);
const classic = htmlScripts.filter((f) => !initial.has(f));
const initialFiles = [...initial, ...classic].filter((f) => fs.existsSync(path.join(dist, f)));

// Later: each dynamically imported chunk with the static imports it does not share with the entry.
const lazy = new Map<string, Set<string>>();
for (const chunk of graph.chunks.values()) {
  for (const target of chunk.dynamicImports) {
    if (initial.has(target) || lazy.has(target)) continue;
    lazy.set(target, new Set([...closure([target], graph.chunks)].filter((f) => !initial.has(f))));
  }
}

const all = (dir: string): string[] =>
  fs.readdirSync(path.join(dist, dir), { withFileTypes: true }).flatMap((d) => {
    const rel = dir ? `${dir}/${d.name}` : d.name;
    return d.isDirectory() ? (d.name === '.vite' ? [] : all(rel)) : [rel];
  });
const files = all('');
const css = files.filter((f) => f.endsWith('.css'));
const woff2 = files.filter((f) => f.endsWith('.woff2'));
const woff = files.filter((f) => f.endsWith('.woff'));
const serviceWorker = files.filter((f) => /^(sw|workbox-[\w-]+)\.js$/.test(f));
const allJs = files.filter((f) => f.endsWith('.js'));
const unreached = allJs.filter(
  (f) =>
    !initial.has(f) &&
    !classic.includes(f) &&
    !serviceWorker.includes(f) &&
    ![...lazy.values()].some((s) => s.has(f)),
);

console.log(
  `Web app size: ${path.relative(REPO_ROOT, dist)} (${manifestPath ? 'from the Vite manifest' : 'no Vite manifest: import statements followed'}), gzip level 9\n`,
);

const rows: string[][] = [];
const section = (title: string, list: string[], label?: (f: string) => string) => {
  if (!list.length) return;
  for (const f of [...list].sort((a, b) => size(b).gzip - size(a).gzip)) {
    rows.push([`  ${label ? label(f) : f}`, kB(size(f).raw), kB(size(f).gzip)]);
  }
  const t = sum(list);
  rows.push([`${title} (${list.length} file${list.length === 1 ? '' : 's'})`, kB(t.raw), kB(t.gzip)]);
  rows.push(['', '', '']);
};

section('JavaScript index.html loads up front', initialFiles);
if (lazy.size) {
  for (const [target, set] of [...lazy].sort((a, b) => sum(b[1]).gzip - sum(a[1]).gzip)) {
    const t = sum(set);
    const name = graph.chunks.get(target)?.name ?? target;
    const deps = set.size - 1;
    rows.push([
      `  ${name}${deps ? ` (+${deps} chunk${deps === 1 ? '' : 's'} it imports)` : ''}`,
      kB(t.raw),
      kB(t.gzip),
    ]);
  }
  const t = sum(new Set([...lazy.values()].flatMap((s) => [...s])));
  rows.push([`Lazy route chunks (${lazy.size})`, kB(t.raw), kB(t.gzip)]);
  rows.push(['', '', '']);
} else {
  rows.push(['Lazy route chunks: none (everything is in the up-front JavaScript)', '', '']);
  rows.push(['', '', '']);
}
if (unreached.length) section('Other JavaScript (not reached from index.html)', unreached);
section('CSS', css);
const initialCss = htmlCss.filter((f) => css.includes(f));
if (initialCss.length && initialCss.length !== css.length) {
  const t = sum(initialCss);
  rows.push(['CSS index.html loads up front', kB(t.raw), kB(t.gzip)]);
  rows.push(['', '', '']);
}
const fontRow = (title: string, list: string[]) => {
  if (!list.length) return;
  const t = sum(list);
  rows.push([`${title} (${list.length} files)`, kB(t.raw), kB(t.gzip)]);
};
fontRow('Fonts, woff2 (what browsers download)', woff2);
fontRow('Fonts, woff (fallback for old browsers)', woff);
if (woff2.length || woff.length) rows.push(['', '', '']);
if (serviceWorker.length) section('Service worker (installed after load)', serviceWorker);
const pages = ['landing.html', 'index.html'].filter((f) => fs.existsSync(path.join(dist, f)));
section("HTML ('/' is landing.html, prerendered; every other path index.html)", pages);
rows.pop();

printTable(['file', 'raw', 'gzip'], rows, ['l', 'r', 'r']);
const up = sum([...initialFiles, ...initialCss]);
console.log(`\nFirst visit (up-front JS + CSS, before fonts): ${kB(up.gzip)} gzipped (${kB(up.raw)} raw).`);

// The landing budget: the JavaScript the landing page ('/', the public lookup) needs before any
// interaction is everything index.html loads up front (every other screen is a lazy chunk).
const landing = sum(initialFiles);
const within = landing.gzip <= budgetKb * 1000;
console.log(
  `Landing page JavaScript before any interaction: ${kB(landing.gzip)} gzipped ` +
    `(budget ${budgetKb} kB): ${within ? 'PASS' : 'FAIL'}`,
);
if (!within) {
  const heaviest = initialFiles
    .map((f) => [f, size(f).gzip] as const)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 3)
    .map(([f, g]) => `${f} ${kB(g)}`)
    .join(', ');
  console.log(`  over by ${kB(landing.gzip - budgetKb * 1000)}; heaviest up-front files: ${heaviest}`);
  process.exitCode = 1;
}
