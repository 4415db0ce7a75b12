import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parsePrometheusText, valueOf } from './prometheus-text.test-kit.ts';

// Several HTTP processes (WORKERS > 1, ADR 0052): a real primary and two workers over node:cluster's IPC.
const script = path.join(path.dirname(fileURLToPath(import.meta.url)), 'cluster.test-kit.ts');

function runCluster(): Promise<{ primary: string; public: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      if (code === 0 && out.trim()) resolve(JSON.parse(out) as { primary: string; public: string });
      else reject(new Error(`the cluster exited ${code}: ${err}`));
    });
  });
}

describe('several HTTP processes', () => {
  it("the primary adds up every worker's values with its own, and a worker's public /metrics gets the same", async () => {
    const result = await runCluster();
    for (const text of [result.primary, result.public]) {
      const families = parsePrometheusText(text);
      // Worker 1 failed one sign-in and worker 2 two: the sum.
      expect(valueOf(families, 'ayar_sign_in_failures_total', { method: 'password' })).toBe(3);
      const probe = { method: 'GET', route: '/api/v1.0/Probe', status_code: '200' };
      expect(valueOf(families, 'ayar_http_request_duration_seconds_count', probe)).toBe(2);
      expect(valueOf(families, 'ayar_http_request_duration_seconds_sum', probe)).toBeCloseTo(0.03);
      // Only the primary says the database is up; the workers' zeros do not hide it (aggregated by max).
      expect(valueOf(families, 'ayar_database_up')).toBe(1);
      expect(families.has('process_cpu_seconds_total')).toBe(true);
    }
  });
});
