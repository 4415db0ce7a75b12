import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CamelCasePlugin, Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
// Imported for its side effect as well: the server's pg type parsers (int8 → number, date → string).
import type { Database } from '../../packages/server/src/db/database.ts';
import '../../packages/server/src/db/database.ts';
import type { DB } from '../../packages/server/src/db/schema.ts';
import { startEmbeddedPostgres } from '../../packages/server/src/db/embedded.ts';
import { migrateToLatest } from '../../packages/server/src/db/migrate.ts';

export const BENCH_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const REPO_ROOT = path.resolve(BENCH_DIR, '..');
/** The embedded PostgreSQL the bench owns when neither --database-url nor DATABASE_URL is given. */
export const EMBEDDED_DATA_DIR = path.join(BENCH_DIR, '.data');

export interface BenchDatabase {
  db: Database;
  url: string;
  /** True when the database is the bench's own embedded one (bench/.data), which it may wipe freely. */
  embedded: boolean;
  close(): Promise<void>;
}

/** PostgreSQL's own messages go to bench/.data/postgres.log; ours to the terminal. */
function embeddedLogger() {
  const file = path.join(EMBEDDED_DATA_DIR, 'postgres.log');
  return {
    info: (m: string) => console.log(`  ${m}`),
    warn: (m: string) => console.warn(`  ${m}`),
    debug: (m: string) => fs.appendFileSync(file, `${new Date().toISOString()} ${m}\n`),
    error: (m: string) => console.error(`  ${m}`),
  };
}

/**
 * Opens the database the bench works on: `--database-url`, else DATABASE_URL, else an embedded
 * PostgreSQL in bench/.data. Runs the migrations before returning.
 */
export async function openBenchDatabase(
  databaseUrl: string | undefined,
  poolSize = 10,
): Promise<BenchDatabase> {
  let url = databaseUrl || process.env.DATABASE_URL || undefined;
  let stopEmbedded: (() => Promise<void>) | undefined;
  if (!url) {
    fs.mkdirSync(EMBEDDED_DATA_DIR, { recursive: true });
    // As root the embedded server runs as `postgres`, which must be able to enter the directory.
    fs.chmodSync(EMBEDDED_DATA_DIR, 0o755);
    const embedded = await startEmbeddedPostgres(EMBEDDED_DATA_DIR, embeddedLogger());
    url = embedded.url;
    stopEmbedded = embedded.stop;
  }
  // The server's createDatabase, plus what a clean stop needs: pg's pool.end() resolves before its
  // sockets have closed, so stopping PostgreSQL right after it makes a closing connection emit an
  // unhandled 57P01 'error'. Track every connection's end and wait for it before stopping.
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  const ended = new Set<Promise<void>>();
  pool.on('connect', (client) => {
    ended.add(new Promise((resolve) => client.once('end', () => resolve())));
  });
  pool.on('error', (err) => console.error(`  database connection error: ${err.message}`));
  const db: Database = new Kysely<DB>({
    dialect: new PostgresDialect({ pool }),
    plugins: [new CamelCasePlugin()],
  });
  const closeDb = async () => {
    await db.destroy();
    await Promise.all(ended);
  };
  try {
    await migrateToLatest(db);
  } catch (err) {
    await closeDb();
    await stopEmbedded?.();
    throw err;
  }
  return {
    db,
    url,
    embedded: stopEmbedded !== undefined,
    close: async () => {
      await closeDb();
      await stopEmbedded?.();
    },
  };
}

/** Stops the embedded database on Ctrl-C too, so no postmaster is left behind. */
export function closeOnSignal(close: () => Promise<void>): void {
  let closing = false;
  const handler = (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    console.error(`\n${signal}: stopping…`);
    close().finally(() => process.exit(130));
  };
  process.once('SIGINT', handler);
  process.once('SIGTERM', handler);
}
