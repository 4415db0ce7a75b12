import { createReadStream, createWriteStream } from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import type pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';

/**
 * The database part of a backup made without pg_dump (ADR 0021, "Without pg_dump"): every table's
 * rows as PostgreSQL's own `COPY … TO STDOUT (FORMAT csv, HEADER)`, gzip-compressed, one archive
 * entry per table, read in the backup's snapshot. The schema is not copied: the restore rebuilds it
 * with this code's migrations up to the backup's level, loads the rows, and lets `HEADER MATCH` and
 * the re-added foreign keys check that they fit.
 */
export const TABLE_ENTRY = /^db\/([a-z_][a-z0-9_]*)\.csv\.gz$/;
export const tableEntryName = (table: string) => `db/${table}.csv.gz`;

export interface SequenceValue {
  value: string;
  isCalled: boolean;
}

const ident = (client: pg.Client, name: string) => `public.${client.escapeIdentifier(name)}`;

/** Writes `<dir>/<table>.csv.gz` for each table, in the client's open (snapshot) transaction. */
export async function copyTablesOut(
  client: pg.Client,
  tables: string[],
  dir: string,
  signal?: AbortSignal,
): Promise<Map<string, string>> {
  const written = new Map<string, string>();
  for (const table of tables) {
    signal?.throwIfAborted();
    const file = path.join(dir, `${table}.csv.gz`);
    const rows = client.query(
      copyTo(`COPY ${ident(client, table)} TO STDOUT WITH (FORMAT csv, HEADER true)`),
    );
    await pipeline(rows, createGzip({ level: 6 }), createWriteStream(file, { flags: 'wx', mode: 0o600 }), {
      signal,
    });
    written.set(table, file);
  }
  return written;
}

/** Where each sequence stands (not transactional: at least as far as the snapshot, as pg_dump too). */
export async function sequenceValues(client: pg.Client): Promise<Record<string, SequenceValue>> {
  const { rows } = await client.query<{ name: string }>(
    `select sequencename as name from pg_sequences where schemaname = 'public' order by 1`,
  );
  const values: Record<string, SequenceValue> = {};
  for (const { name } of rows) {
    const state = await client.query<{ last_value: string; is_called: boolean }>(
      `select last_value::text, is_called from ${ident(client, name)}`,
    );
    values[name] = { value: state.rows[0]!.last_value, isCalled: state.rows[0]!.is_called };
  }
  return values;
}

interface Definition {
  table: string;
  name: string;
  definition: string;
}

/**
 * Loads the tables into a database whose schema the migrations just built, in one transaction, the
 * way pg_restore orders it: the foreign keys and the indexes no constraint owns are dropped and the
 * tables' own triggers switched off (the rows of `assay_day_counts` come from the backup, not from
 * triggers on the copied packets), every table emptied (migrations may have seeded rows) and filled,
 * then the indexes and keys made again, which checks every reference, the triggers switched back on
 * and the sequences set. A failure anywhere rolls all of it back.
 */
export async function loadTables(
  client: pg.Client,
  files: Map<string, string>,
  sequences: Record<string, SequenceValue>,
): Promise<void> {
  await client.query('begin');
  try {
    const foreignKeys = (
      await client.query<Definition>(
        `select conrelid::regclass::text as table, conname as name, pg_get_constraintdef(oid) as definition
           from pg_constraint where contype = 'f' and connamespace = 'public'::regnamespace order by 1, 2`,
      )
    ).rows;
    const indexes = (
      await client.query<Definition>(
        `select i.indrelid::regclass::text as table, i.indexrelid::regclass::text as name,
                pg_get_indexdef(i.indexrelid) as definition
           from pg_index i join pg_class c on c.oid = i.indexrelid
          where c.relnamespace = 'public'::regnamespace
            and not exists (select 1 from pg_constraint k
                             where k.conindid = i.indexrelid and k.contype in ('p', 'u', 'x'))
          order by 2`,
      )
    ).rows;
    for (const fk of foreignKeys) {
      await client.query(`alter table ${fk.table} drop constraint ${client.escapeIdentifier(fk.name)}`);
    }
    for (const index of indexes) await client.query(`drop index ${index.name}`);
    const tables = (
      await client.query<{ name: string }>(
        `select tablename as name from pg_tables where schemaname = 'public'`,
      )
    ).rows.map((r) => ident(client, r.name));
    for (const table of tables) await client.query(`alter table ${table} disable trigger user`);
    if (tables.length > 0) await client.query(`truncate table ${tables.join(', ')}`);
    for (const [table, file] of files) {
      const sink = client.query(
        copyFrom(`COPY ${ident(client, table)} FROM STDIN WITH (FORMAT csv, HEADER match)`),
      );
      await pipeline(createReadStream(file), createGunzip(), sink);
    }
    for (const table of tables) await client.query(`alter table ${table} enable trigger user`);
    for (const index of indexes) await client.query(index.definition);
    for (const fk of foreignKeys) {
      await client.query(
        `alter table ${fk.table} add constraint ${client.escapeIdentifier(fk.name)} ${fk.definition}`,
      );
    }
    for (const [name, state] of Object.entries(sequences)) {
      await client.query(`select setval($1::regclass, $2::bigint, $3)`, [
        ident(client, name),
        state.value,
        state.isCalled,
      ]);
    }
    await client.query('commit');
  } catch (err) {
    await client.query('rollback').catch(() => undefined);
    throw err;
  }
  await client.query('analyze');
}
