/**
 * What signing a result costs (ADR 0029): the canonical JSON of a result's payload and its
 * Ed25519 compact JWS, as `recordResultVersion` makes them once per change of a result.
 *   node bench/signing.ts [--count 20000] [--rounds 3]
 * Prints p50/p99/max per round; the budget is ≤ 1 ms p99 added to publishing a purity.
 */
import { generateKeyPairSync } from 'node:crypto';
import { parseArgs } from 'node:util';
import { canonicalJson } from '../packages/server/src/modules/signing/canonical.lib.ts';
import { resultKeyFrom } from '../packages/server/src/modules/signing/keys.lib.ts';
import { ResultSigner } from '../packages/server/src/modules/signing/signer.lib.ts';
import { intFlag } from './lib/cli.ts';

const { values } = parseArgs({ options: { count: { type: 'string' }, rounds: { type: 'string' } } });
const count = intFlag('count', values.count, 20_000);
const rounds = intFlag('rounds', values.rounds, 3);

const signer = new ResultSigner(await resultKeyFrom(generateKeyPairSync('ed25519').privateKey));
const payload = (i: number) => ({
  docNumber: 100_000 + i,
  lab: 'آزمایشگاه طلای نمونه',
  testType: 'ری',
  purity: 600 + (i % 400),
  weight: 12.345,
  sampleWeight: 0.25,
  registeredAt: '2026-11-24T08:00:00.000Z',
  publishedAt: new Date().toISOString(),
  version: 1,
  status: 'published',
  token: 'Zm9vYmFyYmF6cXV4MTIzNA',
});

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
const us = (ms: number) => `${(ms * 1000).toFixed(0)} µs`;

for (let i = 0; i < 500; i++) await signer.sign(payload(i)); // warm-up
for (let round = 1; round <= rounds; round++) {
  const canonical: number[] = [];
  const signing: number[] = [];
  for (let i = 0; i < count; i++) {
    const p = payload(i);
    let t = performance.now();
    canonicalJson(p);
    canonical.push(performance.now() - t);
    t = performance.now();
    await signer.sign(p);
    signing.push(performance.now() - t);
  }
  canonical.sort((a, b) => a - b);
  signing.sort((a, b) => a - b);
  console.log(
    `round ${round}: ${count} results — canonical JSON p50 ${us(quantile(canonical, 0.5))}, p99 ${us(quantile(canonical, 0.99))}; ` +
      `canonical + JWS p50 ${us(quantile(signing, 0.5))}, p99 ${us(quantile(signing, 0.99))}, max ${us(signing.at(-1)!)}`,
  );
}
