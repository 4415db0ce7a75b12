import { sql } from 'kysely';
import type { Database } from '../../packages/server/src/db/database.ts';

/** One bulk-insert batch, column by column: `insert … select * from unnest($1::uuid[], $2::text[], …)`. */
class ColumnBatch {
  readonly columns: { name: string; type: string; values: unknown[] }[];
  length = 0;
  constructor(spec: Record<string, string>) {
    this.columns = Object.entries(spec).map(([name, type]) => ({ name, type, values: [] }));
  }
  push(row: readonly unknown[]): void {
    for (let i = 0; i < this.columns.length; i++) this.columns[i]!.values.push(row[i]);
    this.length++;
  }
  take(): { name: string; type: string; values: unknown[] }[] {
    const taken = this.columns.map((c) => ({ ...c }));
    for (const c of this.columns) c.values = [];
    this.length = 0;
    return taken;
  }
}

/**
 * Streams rows into one table in batches: each batch is one `unnest` INSERT in its own transaction
 * (synchronous_commit off: bench data, not ledgers), and two batches are in flight so PostgreSQL and
 * the generator overlap on two cores.
 */
export class BulkWriter {
  private readonly db: Database;
  private readonly table: string;
  private readonly batchSize: number;
  private readonly batch: ColumnBatch;
  private readonly inflight = new Set<Promise<unknown>>();
  private failure: unknown = null;
  count = 0;

  constructor(db: Database, table: string, spec: Record<string, string>, batchSize: number) {
    this.db = db;
    this.table = table;
    this.batchSize = batchSize;
    this.batch = new ColumnBatch(spec);
  }

  async push(row: readonly unknown[]): Promise<void> {
    this.batch.push(row);
    this.count++;
    if (this.batch.length >= this.batchSize) await this.flush();
  }

  private async flush(): Promise<void> {
    if (!this.batch.length) return;
    while (this.inflight.size >= 2) await Promise.race(this.inflight);
    if (this.failure) {
      await Promise.all(this.inflight);
      throw this.failure;
    }
    const columns = this.batch.take();
    const names = sql.raw(columns.map((c) => c.name).join(', '));
    const arrays = sql.join(columns.map((c) => sql`${c.values}::${sql.raw(c.type)}[]`));
    const query = sql`insert into ${sql.raw(this.table)} (${names}) select * from unnest(${arrays})`;
    const job: Promise<unknown> = this.db
      .transaction()
      .execute(async (trx) => {
        await sql`set local synchronous_commit = off`.execute(trx);
        await query.execute(trx);
      })
      .catch((err: unknown) => {
        this.failure ??= err;
      })
      .finally(() => this.inflight.delete(job));
    this.inflight.add(job);
  }

  async finish(): Promise<number> {
    await this.flush();
    await Promise.all(this.inflight);
    if (this.failure) throw this.failure;
    return this.count;
  }
}
