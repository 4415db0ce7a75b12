import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { createTestDatabase } from '../../../test/helpers.ts';
import { processMetrics } from './metrics.service.ts';
import { parsePrometheusText, sampleNames } from './prometheus-text.test-kit.ts';

// deploy/'s alert rules and dashboard (ADR 0052) name only metrics the server exports: a renamed
// metric fails here, not silently in production where its alert would never fire.

const deploy = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../../deploy');
// PromQL's keywords, and its aggregations (written `sum by (x) (…)`, not always followed by `(`).
const KEYWORDS = new Set(
  [
    'and or unless bool offset by without on ignoring group_left group_right inf nan',
    'sum min max avg group stddev stdvar count count_values bottomk topk quantile limitk limit_ratio',
  ]
    .join(' ')
    .split(' '),
);

/** The metric names a PromQL expression selects (not its functions, labels, keywords or Grafana's variables). */
export function metricNamesIn(expr: string): string[] {
  let rest = expr
    .replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'/g, '""') // strings
    .replace(/\$\w+|\$\{\w+\}/g, '1') // Grafana's variables ($__rate_interval)
    .replace(/\{[^{}]*\}/g, '') // label matchers
    .replace(/\[[^\]]*\]/g, '') // ranges
    .replace(/\b(by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, ' $1 '); // groupings' labels
  rest = rest.replace(/\b\d+(\.\d+)?([eE][-+]?\d+)?[smhdwy]?\b/g, ' ');
  const names: string[] = [];
  for (const match of rest.matchAll(/[a-zA-Z_:][a-zA-Z0-9_:]*(\s*\()?/g)) {
    const [token, call] = [match[0].replace(/\s*\($/, ''), match[1]];
    if (!call && !KEYWORDS.has(token.toLowerCase())) names.push(token);
  }
  return names;
}

/** Every name a scrape of a real server has; `up` is Prometheus's own, one per target. */
async function exportedNames(): Promise<Set<string>> {
  const { db, drop } = await createTestDatabase();
  try {
    return new Set([...sampleNames(parsePrometheusText(await processMetrics(db)())), 'up']);
  } finally {
    await drop();
  }
}

interface Rule {
  alert?: string;
  expr?: string;
  for?: string;
  labels?: { severity?: string };
  annotations?: { summary?: string };
}

describe('metricNamesIn', () => {
  it('finds the selected metrics and nothing else', () => {
    expect(
      metricNamesIn(
        'sum by (route, le) (rate(a_b_bucket{x="y(z)",status_code=~"5.."}[5m])) / on (instance) c > 26 * 3600 and d offset 1h or $x',
      ),
    ).toEqual(['a_b_bucket', 'c', 'd']);
    expect(metricNamesIn('histogram_quantile(0.99, sum(rate(h[$__rate_interval])))')).toEqual(['h']);
  });
});

describe('deploy/', () => {
  it('the alert rules load, each complete, on metrics the server exports', async () => {
    const names = await exportedNames();
    const file = parse(fs.readFileSync(path.join(deploy, 'prometheus/ayar-alerts.yml'), 'utf8')) as {
      groups: { name: string; rules: Rule[] }[];
    };
    const rules = file.groups.flatMap((g) => g.rules);
    expect(rules.map((r) => r.alert)).toEqual(
      expect.arrayContaining([
        'AyarTargetDown',
        'AyarDatabaseDown',
        'AyarHigh5xxRate',
        'AyarBackupTooOld',
        'AyarSmsQueueStuck',
        'AyarReplicaLagging',
      ]),
    );
    for (const rule of rules) {
      expect(rule.alert, JSON.stringify(rule)).toMatch(/^Ayar[A-Za-z0-9]+$/);
      expect(rule.for, rule.alert).toMatch(/^\d+[smh]$/);
      expect(['critical', 'warning'], rule.alert).toContain(rule.labels?.severity);
      expect(rule.annotations?.summary, rule.alert).toBeTruthy();
      const used = metricNamesIn(rule.expr ?? '');
      expect(used.length, rule.alert).toBeGreaterThan(0);
      for (const name of used) expect(names, `${rule.alert}: ${name}`).toContain(name);
    }
    // The backup alert is the one the issue asks for: older than 26 hours.
    expect(rules.find((r) => r.alert === 'AyarBackupTooOld')?.expr).toContain('26 * 3600');
  });

  it('the dashboard loads and every panel queries metrics the server exports', async () => {
    const names = await exportedNames();
    const dashboard = JSON.parse(
      fs.readFileSync(path.join(deploy, 'grafana/ayar-dashboard.json'), 'utf8'),
    ) as {
      uid: string;
      panels: { id: number; title: string; targets: { expr: string }[] }[];
      templating: { list: { definition?: string }[] };
    };
    expect(dashboard.uid).toBe('ayar-overview');
    expect(new Set(dashboard.panels.map((p) => p.id)).size).toBe(dashboard.panels.length);
    const exprs = [
      ...dashboard.panels.flatMap((p) => p.targets.map((t) => [p.title, t.expr] as const)),
      ...dashboard.templating.list.flatMap((v) =>
        v.definition ? [['variable', v.definition.replace(/^label_values\(([^,]+),.*$/, '$1')] as const] : [],
      ),
    ];
    const used = new Set<string>();
    for (const [title, expr] of exprs) {
      const inExpr = metricNamesIn(expr);
      expect(inExpr.length, title).toBeGreaterThan(0);
      for (const name of inExpr) expect(names, `${title}: ${name}`).toContain(name);
      inExpr.forEach((n) => used.add(n));
    }
    // Every metric of the server's own appears somewhere on the dashboard.
    const ours = [...names].filter((n) => n.startsWith('ayar_') && !/_(sum|bucket)$/.test(n));
    const shown = (n: string) => used.has(n) || used.has(n.replace(/_count$/, '_bucket'));
    expect(ours.filter((n) => !shown(n))).toEqual([]);
  });
});
