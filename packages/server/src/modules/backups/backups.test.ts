import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { BackupStatus } from '@ayar/contract';
import { loadConfig } from '../../config.ts';
import { createSignedInUser, createTestApp, type TestContext } from '../../../test/helpers.ts';
import { choosePgDump, type BackupResult } from './create-backup.service.ts';
import { pruneBackups } from './backup-run.service.ts';
import { createBackupScheduler } from './backups.schedule.ts';
import { formatBackupEvery, nextSlot, parseBackupEvery } from '../../lib/backup-every.ts';
import {
  parseToolVersion,
  pickPgDump,
  pickPgRestore,
  PgToolMissingError,
  type PgTool,
} from './pg-tools.lib.ts';

const STATUS = '/api/v1.0/Manage/BackupStatus';
let ctx: TestContext;
let admin: Record<string, string>;
let workshop: Record<string, string>;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ayar-bk-schedule-'));

beforeAll(async () => {
  ctx = await createTestApp();
  admin = (await createSignedInUser(ctx, { role: 'admin' })).headers;
  workshop = (await createSignedInUser(ctx)).headers;
});
afterAll(async () => {
  await ctx.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function status(): Promise<BackupStatus> {
  const res = await ctx.app.inject({ method: 'GET', url: STATUS, headers: admin });
  expect(res.statusCode).toBe(200);
  return res.json().data;
}

const logger = () => ({ info: vi.fn(), warn: vi.fn(), error: vi.fn() });
const fakeResult = (file: string): BackupResult => ({
  file,
  bytes: 1234,
  seconds: 0.1,
  manifest: { files: { count: 0, bytes: 0, missing: [] } } as unknown as BackupResult['manifest'],
});

describe('BACKUP_EVERY and its slots (Tehran time)', () => {
  it('reads HH:MM, hours, minutes and off; refuses anything else at start', () => {
    expect(parseBackupEvery('03:00')).toEqual({ kind: 'daily', hour: 3, minute: 0 });
    expect(parseBackupEvery('6h')).toEqual({ kind: 'interval', ms: 6 * 3_600_000 });
    expect(parseBackupEvery('30m')).toEqual({ kind: 'interval', ms: 30 * 60_000 });
    expect(parseBackupEvery('OFF')).toEqual({ kind: 'off' });
    for (const bad of ['25:00', 'daily', '0h', '200h', '3']) expect(parseBackupEvery(bad)).toBeNull();
    expect(loadConfig({}).BACKUP_EVERY).toEqual({ kind: 'daily', hour: 3, minute: 0 });
    expect(loadConfig({}).BACKUP_KEEP).toBe(14);
    expect(loadConfig({}).BACKUP_METHOD).toBe('auto');
    expect(loadConfig({ BACKUP_METHOD: 'copy' }).BACKUP_METHOD).toBe('copy');
    expect(() => loadConfig({ BACKUP_METHOD: 'rsync' })).toThrow(/BACKUP_METHOD/);
    expect(() => loadConfig({ BACKUP_EVERY: 'nightly', BACKUP_KEEP: '0' })).toThrow(
      /BACKUP_EVERY: must be HH:MM[\s\S]*BACKUP_KEEP/,
    );
    expect(formatBackupEvery(parseBackupEvery('3:05')!)).toBe('03:05');
    expect(formatBackupEvery(parseBackupEvery('90m')!)).toBe('90m');
  });

  it('daily 03:00 in Tehran is 23:30 UTC the evening before; 6h slots start at Tehran midnight', () => {
    const daily = parseBackupEvery('03:00')!;
    // 02:30 in Tehran: today's slot is half an hour away.
    expect(nextSlot(daily, new Date('2026-11-23T23:00:00Z'))!.toISOString()).toBe('2026-11-23T23:30:00.000Z');
    // 03:00 exactly has passed: tomorrow's.
    expect(nextSlot(daily, new Date('2026-11-23T23:30:00Z'))!.toISOString()).toBe('2026-11-24T23:30:00.000Z');
    // 03:30 in Tehran → 06:00 Tehran (02:30 UTC).
    expect(nextSlot(parseBackupEvery('6h')!, new Date('2026-11-24T00:00:00Z'))!.toISOString()).toBe(
      '2026-11-24T02:30:00.000Z',
    );
    expect(nextSlot({ kind: 'off' }, new Date())).toBeNull();
  });
});

describe('pg_dump and pg_restore of the right version', () => {
  const tool = (major: number): PgTool => ({ path: `/pg${major}/pg_dump`, major, version: `${major}.1` });

  it('reads versions as Debian and source builds print them', () => {
    expect(parseToolVersion('pg_dump (PostgreSQL) 15.20 (Debian 15.20-0+deb12u1)')).toEqual({
      major: 15,
      version: '15.20',
    });
    expect(parseToolVersion('pg_restore (PostgreSQL) 18.6')).toEqual({ major: 18, version: '18.6' });
  });

  it("takes the server's major, else the oldest newer one; none fits → says what to install", () => {
    expect(pickPgDump([tool(15), tool(17), tool(18)], 17).major).toBe(17);
    expect(pickPgDump([tool(15), tool(18)], 16).major).toBe(18);
    expect(() => pickPgDump([tool(15)], 18)).toThrow(PgToolMissingError);
    expect(() => pickPgDump([tool(15)], 18)).toThrow(/pg_dump 18 or newer .*postgresql-client-18/);
    expect(pickPgRestore([tool(15), tool(18)], 15, 15).major).toBe(15);
    expect(pickPgRestore([tool(15), tool(18)], 15, 18).major).toBe(18);
    expect(() => pickPgRestore([tool(15)], 15, 18)).toThrow(/written by pg_dump 18/);
  });

  it('auto takes the fitting pg_dump, and COPY when there is none; pg_dump asked for and missing fails', () => {
    expect(choosePgDump('auto', [tool(15), tool(18)], 18)).toEqual(tool(18));
    expect(choosePgDump('auto', [tool(15)], 18)).toBeNull();
    expect(choosePgDump('auto', [], 18)).toBeNull();
    expect(choosePgDump('copy', [tool(18)], 18)).toBeNull();
    expect(() => choosePgDump('pg_dump', [tool(15)], 18)).toThrow(/pg_dump 18 or newer/);
  });
});

describe('GET /Manage/BackupStatus and the scheduler', () => {
  it('401 without a token, 403 for a workshop; nothing yet for the admin', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: STATUS })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'GET', url: STATUS, headers: workshop })).statusCode).toBe(403);
    expect(await status()).toEqual({
      lastGood: null,
      lastFailure: null,
      runningSince: null,
      schedule: null,
      overdue: false,
      lastOffsite: null,
    });
  });

  it('of two nodes on one database, one makes the backup of a slot; a late one does not repeat it', async () => {
    const backUp = vi.fn(async () => fakeResult(path.join(dir, 'ayar-20261123-233000Z.tar')));
    const options = { db: ctx.db, every: parseBackupEvery('03:00')!, keep: 3, dir, backUp };
    const nodes = [1, 2, 3].map((n) =>
      createBackupScheduler({ ...options, logger: logger(), host: `node${n}` }),
    );
    const slot = new Date('2026-11-23T23:30:00Z');
    const made = await Promise.all(nodes.slice(0, 2).map((node) => node.runSlot(slot)));
    expect(made.sort()).toEqual([false, true]);
    expect(await nodes[2]!.runSlot(slot)).toBe(false);
    expect(backUp).toHaveBeenCalledTimes(1);

    nodes[0]!.start();
    await vi.waitFor(async () => expect((await status()).schedule).not.toBeNull());
    await nodes[0]!.stop();
    const shown = await status();
    expect(shown.lastGood).toMatchObject({ file: path.join(dir, 'ayar-20261123-233000Z.tar'), bytes: 1234 });
    expect(shown.lastFailure).toBeNull();
    expect(shown.schedule).toMatchObject({ every: '03:00', keep: 3, dir });
    expect(new Date(shown.schedule!.nextAt!).getTime()).toBeGreaterThan(Date.now());
    expect(shown.overdue).toBe(false);
  });

  it('on its own timer, makes the backup of the next slot and plans the one after', async () => {
    const every = parseBackupEvery('1m')!;
    const slot = nextSlot(every, new Date())!;
    // The scheduler's clock runs 150 ms before that slot.
    const offset = slot.getTime() - 150 - Date.now();
    const backUp = vi.fn(async () => fakeResult(path.join(dir, 'ayar-timer.tar')));
    const scheduler = createBackupScheduler({
      db: ctx.db,
      every,
      keep: 14,
      dir,
      logger: logger(),
      backUp,
      now: () => new Date(Date.now() + offset),
    });
    scheduler.start();
    await vi.waitFor(() => expect(backUp).toHaveBeenCalledTimes(1), { timeout: 5_000 });
    const after = new Date(slot.getTime() + 60_000).toISOString();
    await vi.waitFor(async () => expect((await status()).schedule?.nextAt).toBe(after));
    await scheduler.stop();
    const run = await ctx.db
      .selectFrom('backupRuns')
      .select(['ok', 'trigger'])
      .where('slot', '=', slot)
      .executeTakeFirstOrThrow();
    expect(run).toEqual({ ok: true, trigger: 'schedule' });
  });

  it('a failed backup is logged at error level and shown with the time of the last good one', async () => {
    const log = logger();
    const scheduler = createBackupScheduler({
      db: ctx.db,
      every: parseBackupEvery('6h')!,
      keep: 3,
      dir,
      logger: log,
      backUp: async () => {
        throw new Error('pg_dump 18.6 failed: disk full');
      },
    });
    expect(await scheduler.runSlot(new Date('2026-11-24T02:30:00Z'))).toBe(true);
    expect(log.error).toHaveBeenCalledWith(
      expect.anything(),
      expect.stringMatching(/^BACKUP FAILED.*disk full/),
    );
    const shown = await status();
    expect(shown.lastFailure).toMatchObject({ error: 'pg_dump 18.6 failed: disk full' });
    expect(shown.lastGood).not.toBeNull();
  });

  it('a run that never finished counts as failed; a last good one older than a period is overdue', async () => {
    await sql`update backup_runs set started_at = now() - interval '8 hours'`.execute(ctx.db);
    await ctx.db
      .insertInto('backupRuns')
      .values({ trigger: 'manual', host: 'gone', startedAt: new Date(Date.now() - 7 * 3_600_000) })
      .execute();
    expect((await status()).lastFailure?.error).toMatch(/did not finish/);
    await ctx.db.insertInto('backupRuns').values({ trigger: 'manual', host: 'now', ok: null }).execute();
    expect((await status()).runningSince).not.toBeNull();
    await sql`update backup_runs set finished_at = now() - interval '2 days' where ok`.execute(ctx.db);
    expect((await status()).overdue).toBe(true);
  });

  it('keeps the newest BACKUP_KEEP files and removes partial ones older than a day', async () => {
    const pruneDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ayar-bk-prune-'));
    const names = ['ayar-20261120-233000Z.tar', 'ayar-20261121-233000Z.tar', 'ayar-20261122-233000Z.tar'];
    for (const name of [...names, 'notes.txt', 'ayar-20261119-233000Z.tar.partial']) {
      fs.writeFileSync(path.join(pruneDir, name), 'x');
    }
    const old = new Date(Date.now() - 2 * 86_400_000);
    fs.utimesSync(path.join(pruneDir, 'ayar-20261119-233000Z.tar.partial'), old, old);
    await pruneBackups(pruneDir, 2);
    expect(fs.readdirSync(pruneDir).sort()).toEqual([names[1], names[2], 'notes.txt']);
    fs.rmSync(pruneDir, { recursive: true, force: true });
  });
});
