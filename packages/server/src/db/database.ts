import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { RememberedCamelCase } from './camel-case.ts';
import { preparePoolClients } from './prepared.ts';
import type { DB } from './schema.ts';

// bigint columns (money in toman, gold in milligrams, packet numbers) come back as JS numbers:
// every value we store is far below 2^53, and numbers keep the JSON contract simple.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));
// `date` columns stay plain yyyy-mm-dd strings; no time zone shifts.
pg.types.setTypeParser(pg.types.builtins.DATE, (v) => v);

export type Database = Kysely<DB>;

/** Connections a server process keeps to PostgreSQL, and as many to a read replica (ADR 0039). */
export const PROCESS_POOL_SIZE = 10;

export function createDatabase(
  connectionString: string,
  max = PROCESS_POOL_SIZE,
  onIdleError: (err: Error) => void = () => undefined,
): Database {
  // An idle connection stays open (pg-pool closes one after 10 s by default): closing it meant a timer
  // set on every release and cleared on every checkout, 2 % of the public lookup's CPU (ADR 0039). A
  // server's few connections (`max` a process) are all in use under any steady traffic anyway.
  const pool = new pg.Pool({ connectionString, max, idleTimeoutMillis: 0 });
  // An idle connection that the server closes (a restart, or our own embedded PostgreSQL stopping at
  // shutdown) emits 'error' on the pool; unhandled, that would crash the process. The pool already
  // discards the dead client, so we only report it.
  pool.on('error', onIdleError);
  // The pool listens only on idle connections: a server that stops while a connection is checked out
  // (a restart under load, its "terminating connection" arriving with a query's last answer) would
  // raise an error event nobody hears and end the process. The query in flight fails on its own.
  pool.on('connect', (client) => client.on('error', () => undefined));
  return overPool(pool);
}

const pools = new WeakMap<Database, pg.Pool>();

/** Our Database over a pool: snake_case columns as camelCase keys, marked queries prepared (ADR 0034). */
export function overPool(pool: pg.Pool): Database {
  preparePoolClients(pool);
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }), plugins: [new RememberedCamelCase()] });
  pools.set(db, pool);
  return db;
}

/**
 * The pool under a Database made by overPool; undefined for a transaction (its queries must go through
 * its own connection) and for any other Kysely.
 */
export function poolOf(db: Database): pg.Pool | undefined {
  return pools.get(db);
}
