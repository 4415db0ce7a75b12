import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createDatabase, type Database } from './database.ts';
import {
  createReplicaDatabase,
  isConnectionError,
  type LagProbe,
  measureReplicaLag,
  ReadReplica,
  type ReadReplicaOptions,
} from './read-replica.ts';
import { type ReplicaPair, startReplicaPair } from './replica.test-kit.ts';

interface Line {
  level: 'info' | 'warn';
  obj: Record<string, unknown>;
  msg: string;
}

function recorder() {
  const lines: Line[] = [];
  const logger = {
    info: (obj: object, msg: string) => lines.push({ level: 'info', obj: obj as Line['obj'], msg }),
    warn: (obj: object, msg: string) => lines.push({ level: 'warn', obj: obj as Line['obj'], msg }),
  };
  return { lines, logger, states: () => lines.map((l) => l.obj.state) };
}

/** Polls `read` until it satisfies `ok`, failing after `withinMs`; resolves with the elapsed time. */
async function until<T>(
  read: () => Promise<T> | T,
  ok: (v: T) => boolean,
  withinMs: number,
): Promise<number> {
  const started = performance.now();
  for (;;) {
    if (ok(await read())) return performance.now() - started;
    if (performance.now() - started > withinMs) throw new Error(`condition not met within ${withinMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** A connection-level failure as pg reports it, and a SQL one (a server message with a SQLSTATE). */
const refused = () =>
  Object.assign(new Error('connect ECONNREFUSED 10.0.0.2:5432'), {
    code: 'ECONNREFUSED',
    syscall: 'connect',
  });
const sqlError = (code: string) => Object.assign(new Error('duplicate key'), { code, severity: 'ERROR' });

/** Stand-ins: the unit tests only check which of the two a read is given. */
const primary = { name: 'primary' } as unknown as Database;
const replica = { name: 'replica' } as unknown as Database;

/** Each probe answers the next of `answers` (a lag, null, or an Error to throw). */
function withAnswers(answers: (number | null | Error)[], extra: Partial<ReadReplicaOptions> = {}) {
  const log = recorder();
  const probe: LagProbe = async () => {
    const next = answers.shift();
    if (next instanceof Error) throw next;
    return next === undefined ? 0 : next;
  };
  const reads = new ReadReplica({ primary, replica, maxLagS: 10, logger: log.logger, probe, ...extra });
  return { reads, log };
}

afterEach(() => vi.useRealTimers());

it('without a replica, everything reads the primary and nothing is probed or logged', async () => {
  const log = recorder();
  const reads = new ReadReplica({ primary, maxLagS: 10, logger: log.logger });
  await reads.start();
  expect(reads.db()).toBe(primary);
  expect(await reads.run(async (db) => db)).toBe(primary);
  expect(reads.status.state).toBe('none');
  await reads.stop();
  expect(log.lines).toEqual([]);
});

it('reads the primary until a probe shows the replica current, then the replica', async () => {
  const { reads, log } = withAnswers([0.4]);
  expect(reads.status.state).toBe('starting');
  expect(reads.db()).toBe(primary);
  await reads.check();
  expect(reads.status).toMatchObject({ state: 'healthy', lagS: 0.4 });
  expect(reads.db()).toBe(replica);
  expect(await reads.run(async (db) => db)).toBe(replica);
  expect(log.lines).toMatchObject([{ level: 'info', obj: { state: 'healthy', previous: 'starting' } }]);
});

it('falls back while the lag is over the limit, logging each change of state once', async () => {
  const { reads, log } = withAnswers([1, 12.5, 30, null, 10, 3]);
  const seen: string[] = [];
  for (let i = 0; i < 6; i++)
    seen.push(`${(await reads.check()).state}:${reads.db() === replica ? 'r' : 'p'}`);
  // 10 s is within a limit of 10 s; null (not replaying) counts as lagging.
  expect(seen).toEqual(['healthy:r', 'lagging:p', 'lagging:p', 'lagging:p', 'healthy:r', 'healthy:r']);
  expect(log.states()).toEqual(['healthy', 'lagging', 'healthy']);
  expect(log.lines[1]).toMatchObject({ level: 'warn', obj: { lagS: 12.5, maxLagS: 10 } });
  expect(log.lines[1]!.msg).toContain('12.5 s behind');
});

it('counts a probe that fails or does not answer in time as down', async () => {
  const { reads, log } = withAnswers([0, refused(), refused(), 0], { probeTimeoutMs: 50 });
  expect((await reads.check()).state).toBe('healthy');
  expect((await reads.check()).state).toBe('down');
  expect((await reads.check()).state).toBe('down');
  expect(reads.db()).toBe(primary);
  expect((await reads.check()).state).toBe('healthy');
  expect(log.states()).toEqual(['healthy', 'down', 'healthy']);
  expect(log.lines[1]!.obj.reason).toContain('ECONNREFUSED');

  const hung = new ReadReplica({
    primary,
    replica,
    maxLagS: 10,
    logger: recorder().logger,
    probeTimeoutMs: 50,
    probe: () => new Promise(() => undefined),
  });
  const elapsed = await until(
    () => hung.check(),
    (s) => s.state === 'down',
    1_000,
  );
  expect(elapsed).toBeLessThan(500);
});

it('runs a read on the primary when the replica fails it for a connection reason, and marks it down once', async () => {
  const { reads, log } = withAnswers([0]);
  await reads.check();
  const answers = await Promise.all(
    Array.from({ length: 5 }, () =>
      reads.run(async (db) => {
        if (db === replica) throw refused();
        return 'from the primary';
      }),
    ),
  );
  expect(answers).toEqual(Array(5).fill('from the primary'));
  expect(reads.status.state).toBe('down');
  expect(log.states()).toEqual(['healthy', 'down']);
});

it('hands a SQL error back without falling back, and reruns a recovery conflict on the primary', async () => {
  const { reads } = withAnswers([0]);
  await reads.check();
  await expect(reads.run(() => Promise.reject(sqlError('23505')))).rejects.toThrow('duplicate key');
  const conflict = await reads.run(async (db) => {
    if (db === replica) throw sqlError('40001');
    return 'primary';
  });
  expect(conflict).toBe('primary');
  expect(reads.status.state).toBe('healthy');
});

it('ignores a probe answer begun before a read saw the replica fail', async () => {
  let answer: (lag: number) => void = () => undefined;
  let probes = 0;
  const reads = new ReadReplica({
    primary,
    replica,
    maxLagS: 10,
    logger: recorder().logger,
    // The first probe answers at once, the second when the test says.
    probe: () => (probes++ === 0 ? Promise.resolve(0) : new Promise<number>((resolve) => (answer = resolve))),
  });
  await reads.check();
  const probing = reads.check();
  await reads.run(async (db) => {
    if (db === replica) throw refused();
  });
  answer(0);
  expect((await probing).state).toBe('down');
});

it('probes every interval after start, and stop() clears the timer', async () => {
  vi.useFakeTimers();
  let probes = 0;
  const reads = new ReadReplica({
    primary,
    replica,
    maxLagS: 10,
    logger: recorder().logger,
    checkIntervalMs: 1_000,
    probe: async () => (probes++, 0),
  });
  await reads.start();
  expect(probes).toBe(1);
  await vi.advanceTimersByTimeAsync(3_000);
  expect(probes).toBe(4);
  await reads.stop();
  expect(vi.getTimerCount()).toBe(0);
  await vi.advanceTimersByTimeAsync(5_000);
  expect(probes).toBe(4);
});

it('never logs the password of the replica URL', async () => {
  const { reads, log } = withAnswers([0, refused()], {
    replicaUrl: 'postgresql://ayar:s3cr3t-pw@db2.example:5432/ayar?password=s3cr3t-pw&sslmode=require',
  });
  await reads.check();
  await reads.check();
  expect(log.lines[1]!.obj.replica).toBe('postgresql://ayar@db2.example:5432/ayar?sslmode=require');
  expect(JSON.stringify(log.lines)).not.toContain('s3cr3t');
});

it('tells connection-level errors from SQL errors', () => {
  expect(isConnectionError(refused())).toBe(true);
  expect(
    isConnectionError(Object.assign(new Error('connect ENOENT /run/.s.PGSQL.5432'), { syscall: 'connect' })),
  ).toBe(true);
  expect(isConnectionError(new Error('Connection terminated unexpectedly'))).toBe(true);
  expect(isConnectionError(new AggregateError([refused(), refused()]))).toBe(true);
  expect(isConnectionError(sqlError('57P01'))).toBe(true); // terminating: the server shuts down
  expect(isConnectionError(sqlError('08006'))).toBe(true);
  expect(isConnectionError(sqlError('28P01'))).toBe(true);
  expect(isConnectionError(sqlError('23505'))).toBe(false);
  expect(isConnectionError(sqlError('42P01'))).toBe(false);
  expect(isConnectionError(sqlError('57014'))).toBe(false); // a statement timeout is the query's
  expect(isConnectionError(new Error('no result'))).toBe(false);
  expect(isConnectionError('text')).toBe(false);
});

// With a real streaming replica: the harness starts it once, in the describe block at the end, after
// the unit tests above (one of them fakes the timers, which would stall the live probe).
const INTERVAL_MS = 250;
let pair: ReplicaPair;
let primaryDb: Database;
let replicaDb: Database;
let live: ReadReplica;
const liveLog = recorder();
const inRecovery = (db: Database) =>
  sql<{ standby: boolean }>`select pg_is_in_recovery() as standby`
    .execute(db)
    .then((r) => r.rows[0]!.standby);
const warnings = (state: string) => liveLog.lines.filter((l) => l.level === 'warn' && l.obj.state === state);
/** Polls the live ReadReplica's state; resolves with the time it took. */
const untilState = (state: string, withinMs: number) =>
  until(
    () => live.status.state,
    (s) => s === state,
    withinMs,
  );

async function startLive(): Promise<void> {
  pair = await startReplicaPair();
  primaryDb = createDatabase(pair.primaryUrl, 2);
  replicaDb = createReplicaDatabase(pair.replicaUrl, { max: 2 });
  live = new ReadReplica({
    primary: primaryDb,
    replica: replicaDb,
    replicaUrl: pair.replicaUrl,
    maxLagS: 1,
    logger: liveLog.logger,
    checkIntervalMs: INTERVAL_MS,
  });
  await live.start();
  await sql`create table replica_test (n int)`.execute(primaryDb);
}

async function stopLive(): Promise<void> {
  await live?.stop();
  await primaryDb?.destroy();
  await replicaDb?.destroy();
  await pair?.stop();
}

async function readsWhatThePrimaryWrote(): Promise<void> {
  expect(live.status.state).toBe('healthy');
  expect(live.db()).toBe(replicaDb);
  await sql`insert into replica_test values (1)`.execute(primaryDb);
  // Until the replica has replayed the table's creation too, the table is not there yet (42P01).
  const count = () =>
    sql<{ n: number }>`select count(*)::int as n from replica_test`.execute(live.db()).then(
      (r) => r.rows[0]!.n,
      (error: unknown) => {
        if ((error as { code?: string }).code === '42P01') return -1;
        throw error;
      },
    );
  await until(count, (n) => n === 1, 5_000);
  expect(await live.run(inRecovery)).toBe(true);
  // A server that is not a standby has no lag to tell: it never counts as a current replica.
  expect(await measureReplicaLag(primaryDb)).toBeNull();
  expect(JSON.stringify(liveLog.lines)).not.toContain(decodeURIComponent(new URL(pair.replicaUrl).password));
}

async function noticesAStoppedReplica(): Promise<void> {
  await pair.stopReplica();
  expect(await untilState('down', 3 * INTERVAL_MS)).toBeLessThan(3 * INTERVAL_MS);
  expect(live.db()).toBe(primaryDb);
  expect(await live.run(inRecovery)).toBe(false);
  expect(warnings('down')).toHaveLength(1);

  await pair.startReplica();
  // Restarted, its receiver reports the segment's start, behind what it replayed: that is current.
  expect(await measureReplicaLag(replicaDb)).toBe(0);
  await untilState('healthy', 3 * INTERVAL_MS);
  expect(await live.run(inRecovery)).toBe(true);
  expect(warnings('down')).toHaveLength(1);
  expect(liveLog.lines.at(-1)).toMatchObject({ level: 'info', obj: { state: 'healthy' } });
}

async function failsNoReadWhenItStopsUnderLoad(): Promise<void> {
  let reading = true;
  const answers: boolean[] = [];
  const errors: unknown[] = [];
  const load = (async () => {
    while (reading)
      await live.run(inRecovery).then(
        (a) => answers.push(a),
        (e: unknown) => errors.push(e),
      );
  })();
  await until(
    () => answers.length,
    (n) => n >= 5,
    2_000,
  );
  await pair.stopReplica();
  await untilState('down', 3 * INTERVAL_MS);
  const atDown = answers.length;
  await until(
    () => answers.length,
    (n) => n >= atDown + 5,
    2_000,
  );
  reading = false;
  await load;
  expect(errors).toEqual([]);
  expect(answers.slice(0, 5)).toEqual(Array(5).fill(true));
  expect(answers.slice(atDown)).not.toContain(true);
  expect(warnings('down')).toHaveLength(2); // one per outage

  await pair.startReplica();
  await untilState('healthy', 3 * INTERVAL_MS);
}

async function fallsBackWhileReplayLags(): Promise<void> {
  await untilState('healthy', 10 * INTERVAL_MS);
  const onReplica = new pg.Client({ connectionString: pair.replicaUrl });
  onReplica.on('error', () => undefined); // reported by its query instead
  await onReplica.connect();
  try {
    await onReplica.query('select pg_wal_replay_pause()');
    await sql`insert into replica_test values (2)`.execute(primaryDb);
    // The lag is the age of the last replayed commit: over 1 s within 1 s, seen within 3 probes.
    expect(await untilState('lagging', 1_000 + 3 * INTERVAL_MS)).toBeLessThan(1_000 + 3 * INTERVAL_MS);
    expect(await live.run(inRecovery)).toBe(false);
    expect(warnings('lagging')).toHaveLength(1);

    await onReplica.query('select pg_wal_replay_resume()');
    expect(await untilState('healthy', 3 * INTERVAL_MS)).toBeLessThan(3 * INTERVAL_MS);
    const rows = await sql<{ n: number }>`select n from replica_test order by n`.execute(live.db());
    expect(rows.rows.map((r) => r.n)).toEqual([1, 2]);
    expect(await live.run(inRecovery)).toBe(true);
  } finally {
    await onReplica.query('select pg_wal_replay_resume()').catch(() => undefined);
    await onReplica.end();
  }
}

describe('with a real streaming replica', () => {
  beforeAll(startLive);
  afterAll(stopLive);

  it(
    'reads a row written on the primary from the replica once it has been replayed',
    readsWhatThePrimaryWrote,
  );
  it(
    'notices a stopped replica within 3 probe intervals, reads the primary, then the replica again',
    noticesAStoppedReplica,
  );
  it('fails no read while the replica stops under load', failsNoReadWhenItStopsUnderLoad);
  it(
    'falls back while replay lags more than READ_MAX_LAG_S behind, and returns when it catches up',
    fallsBackWhileReplayLags,
  );
});
