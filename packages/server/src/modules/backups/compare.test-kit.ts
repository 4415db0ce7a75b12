import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';

/** The round-trip test's comparisons: every row of every table, every stored file (ADR 0021). */

export interface Tables {
  rows: Record<string, string[]>;
  fileKeys: string[];
}

/** Every row of every table (as text, sorted) and the stored files' keys, in one snapshot. */
export async function readTables(url: string, snapshot?: string): Promise<Tables> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('begin isolation level repeatable read, read only');
    if (snapshot) await client.query(`set transaction snapshot '${snapshot}'`);
    await client.query(`set local timezone = 'UTC'`);
    const tables = (
      await client.query<{ t: string }>(`select tablename as t from pg_tables where schemaname = 'public'`)
    ).rows.map((r) => r.t);
    const rows: Record<string, string[]> = {};
    for (const table of tables) {
      const id = client.escapeIdentifier(table);
      const result = await client.query<{ r: string }>(`select ${id}::text as r from ${id}`);
      rows[table] = result.rows.map((r) => r.r).sort();
    }
    const keys = await client.query<{ k: string }>(
      `select storage_key as k from files union all select thumbnail_key from files where thumbnail_key is not null`,
    );
    await client.query('commit');
    return { rows, fileKeys: keys.rows.map((r) => r.k).sort() };
  } finally {
    await client.end();
  }
}

/** What differs between two readings, table by table (a few examples each); [] when they are equal. */
export function tableDifferences(
  expected: Tables['rows'],
  actual: Tables['rows'],
  empty: string[],
): string[] {
  const out: string[] = [];
  for (const table of new Set([...Object.keys(expected), ...Object.keys(actual)])) {
    if (empty.includes(table)) {
      if ((actual[table] ?? []).length > 0)
        out.push(`${table}: ${actual[table]!.length} rows, expected none`);
      continue;
    }
    const want = new Set(expected[table] ?? []);
    const got = new Set(actual[table] ?? []);
    const missing = [...want].filter((r) => !got.has(r));
    const extra = [...got].filter((r) => !want.has(r));
    if (missing.length || extra.length) {
      out.push(
        `${table}: ${missing.length} missing ${missing.slice(0, 2)}, ${extra.length} extra ${extra.slice(0, 2)}`,
      );
    }
  }
  return out;
}

const sha = (file: string) => createHash('sha256').update(fs.readFileSync(file)).digest('hex');

function filesUnder(dir: string, prefix = ''): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) =>
      e.isDirectory() ? filesUnder(path.join(dir, e.name), `${prefix}${e.name}/`) : [`${prefix}${e.name}`],
    );
}

/** Stored files that differ: missing or extra in `restoredDir`, or with another checksum. */
export function fileDifferences(keys: string[], sourceDir: string, restoredDir: string): string[] {
  const present = new Set(filesUnder(restoredDir));
  const out: string[] = [];
  for (const key of keys) {
    if (!present.delete(key)) out.push(`${key}: missing`);
    else if (sha(path.join(sourceDir, key)) !== sha(path.join(restoredDir, key)))
      out.push(`${key}: checksum`);
  }
  for (const extra of present) out.push(`${extra}: extra`);
  return out;
}
