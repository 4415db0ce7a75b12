import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { embeddedMaxConnections, startEmbeddedPostgres, type EmbeddedDatabase } from './embedded.ts';

// Every process keeps up to 10 connections open (ADR 0039): the embedded PostgreSQL must allow them all.

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ayar-embedded-'));
// As root, the embedded PostgreSQL runs as `postgres`, which must reach it.
fs.chmodSync(dir, 0o755);
let embedded: EmbeddedDatabase | undefined;
afterAll(async () => {
  await embedded?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('the embedded PostgreSQL’s connections', () => {
  it('allow 10 for each process and the first one besides, with room to spare, never under 100', () => {
    expect(embeddedMaxConnections(1)).toBe(100);
    // 2 to 7 workers and the first process: at most 80 connections and 20 more fit in the default.
    expect(embeddedMaxConnections(7)).toBe(100);
    expect(embeddedMaxConnections(8)).toBe(110);
    expect(embeddedMaxConnections(64)).toBe(670);
  });

  it('are what the server asks for', async () => {
    const quiet = { info() {}, warn() {}, debug() {}, error() {} };
    embedded = await startEmbeddedPostgres(dir, quiet, { maxConnections: 670 });
    const client = new pg.Client({ connectionString: embedded.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ max_connections: string }>('show max_connections');
      expect(rows[0]!.max_connections).toBe('670');
    } finally {
      await client.end();
    }
  }, 120_000);
});
