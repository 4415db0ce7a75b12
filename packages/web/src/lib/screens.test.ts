import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SCREENS, allScreens, href } from './screens.ts';

/** packages/web/src (jsdom's URL is not Node's: the directory comes from Vite's import.meta.dirname). */
const SRC = path.resolve(import.meta.dirname, '..');

/** Every source file of the app but the tests (which open screens by the address a person types). */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : sourceFiles(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

/**
 * A quoted '/<first segment of a screen>' followed by '/', '?' or the end of the literal. Comments are left
 * out: whole comment lines, and a trailing `// …`.
 */
function literalScreenPaths(text: string): string[] {
  const segments = [
    ...new Set(
      allScreens()
        .map((s) => s.path.split('/')[0])
        .filter(Boolean),
    ),
  ];
  const literal = new RegExp(`(['"\`])/(${segments.join('|')})(?=[/?'"\`$])[^'"\`]*`, 'g');
  return text
    .split('\n')
    .filter((line) => !/^\s*(\*|\/\/|\/\*)/.test(line))
    .map((line) => line.replace(/\s\/\/\s.*$/, ''))
    .flatMap((line) => [...line.matchAll(literal)].map((m) => m[0].slice(1)));
}

/** Literals that name an area, not a screen: the guard's rule for every manage/ address (ADR 0046). */
const ALLOWED: Record<string, readonly string[]> = {
  'app/guard.ts': ['/manage', '/manage/'],
};

describe('the table of screens (ADR 0046)', () => {
  it('fills a screen’s params into its address, each encoded as a path segment', () => {
    expect(href('landing')).toBe('/');
    expect(href('lab/list')).toBe('/lab/list');
    expect(href('lab/edit', { id: 42 })).toBe('/lab/edit/42');
    expect(href('manage/edit-user', { id: 'w1', name: 'طلای نو/۲' })).toBe(
      `/manage/edit-user/w1/${encodeURIComponent('طلای نو/۲')}`,
    );
  });

  it('types each screen’s params from its path (checked by tsc, never run)', () => {
    const wrongCalls = () => [
      // @ts-expect-error lab/edit needs its id
      href('lab/edit'),
      // @ts-expect-error manage/edit-user needs its name too
      href('manage/edit-user', { id: 'w1' }),
      // @ts-expect-error lab/add has no params
      href('lab/add', { id: 1 }),
    ];
    expect(wrongCalls).toBeTypeOf('function');
  });

  it('gives every screen a distinct path', () => {
    const paths = Object.values(SCREENS).map((s) => s.path);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('is the only place a screen’s address is written (tests aside)', () => {
    const found: string[] = [];
    for (const file of sourceFiles(SRC)) {
      const rel = path.relative(SRC, file).split(path.sep).join('/');
      if (rel === 'lib/screens.ts') continue;
      const allowed = ALLOWED[rel] ?? [];
      for (const literal of literalScreenPaths(readFileSync(file, 'utf8'))) {
        if (!allowed.includes(literal)) found.push(`${rel}: ${literal}`);
      }
    }
    expect(found).toEqual([]);
  });
});
