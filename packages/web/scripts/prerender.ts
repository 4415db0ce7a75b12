/**
 * After `vite build` and `vite build --ssr src/prerender.tsx --outDir .prerender`: renders the landing
 * page into a copy of dist/index.html and writes it as dist/landing.html (+ .gz, .br), which the server
 * sends for '/' (ADR 16). Every other path keeps the empty dist/index.html, so a deep link never
 * flashes the landing page before its own screen.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { writeCompressed } from './compress.ts';

const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ssrDir = path.join(webDir, '.prerender');
const dist = path.join(webDir, 'dist');

const { renderLanding } = (await import(pathToFileURL(path.join(ssrDir, 'prerender.js')).href)) as {
  renderLanding: () => string;
};
const markup = renderLanding();
const shell = readFileSync(path.join(dist, 'index.html'), 'utf8');
const EMPTY_ROOT = '<div id="root"></div>';
if (!shell.includes(EMPTY_ROOT)) throw new Error(`dist/index.html has no ${EMPTY_ROOT}`);
if (!markup.includes('استعلام جواب آزمایش')) throw new Error('the prerendered landing page lacks its title');
const landing = path.join(dist, 'landing.html');
// A function, so that a `$` in the markup is never read as a replacement pattern.
writeFileSync(
  landing,
  shell.replace(EMPTY_ROOT, () => `<div id="root">${markup}</div>`),
);
writeCompressed(landing);
rmSync(ssrDir, { recursive: true, force: true });
console.log(`prerendered dist/landing.html (${Math.round(markup.length / 1024)} kB of markup)`);
