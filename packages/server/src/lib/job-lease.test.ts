import { spawn } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { JobLease } from './job-lease.ts';

const RETRY_MS = 100;
const HOLDER = fileURLToPath(new URL('../../test/lease-holder.ts', import.meta.url));
const url = () => inject('adminDatabaseUrl');

/** A node's lease with a record of what it was told, and when. */
function node(name: string, key: number) {
  const events: { what: 'acquire' | 'release'; at: number }[] = [];
  const warnings: string[] = [];
  const lease = new JobLease({
    connectionString: url(),
    key,
    name,
    retryMs: RETRY_MS,
    logger: { info: () => undefined, warn: (_obj, msg) => warnings.push(msg) },
    onAcquire: () => void events.push({ what: 'acquire', at: Date.now() }),
    onRelease: () => void events.push({ what: 'release', at: Date.now() }),
  });
  return { lease, events, warnings };
}

async function until(condition: () => boolean, timeoutMs: number): Promise<number> {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > timeoutMs) throw new Error(`not within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 10));
  }
  return Date.now() - started;
}

async function terminate(applicationName: string): Promise<number> {
  const admin = new pg.Client({ connectionString: url() });
  await admin.connect();
  try {
    const { rowCount } = await admin.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1',
      [applicationName],
    );
    return rowCount ?? 0;
  } finally {
    await admin.end();
  }
}

const started: JobLease[] = [];
afterEach(async () => {
  await Promise.all(started.splice(0).map((l) => l.stop()));
});

describe('the background jobs lease', () => {
  it('is held by exactly one of several nodes that start at once', async () => {
    const key = randomInt(1, 2 ** 31);
    const nodes = Array.from({ length: 5 }, (_, i) => node(`lease-race-${key}-${i}`, key));
    started.push(...nodes.map((n) => n.lease));
    await Promise.all(nodes.map((n) => n.lease.start()));
    expect(nodes.filter((n) => n.lease.held)).toHaveLength(1);
    expect(nodes.flatMap((n) => n.events).filter((e) => e.what === 'acquire')).toHaveLength(1);
  });

  it('passes to another node soon after the holder is killed', async () => {
    const key = randomInt(1, 2 ** 31);
    const holder = spawn(process.execPath, [HOLDER, url(), String(key)], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const exited = new Promise((resolve) => holder.once('exit', resolve));
    try {
      await new Promise<void>((resolve, reject) => {
        holder.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('held') && resolve());
        holder.once('exit', () => reject(new Error('the holder exited before it held the lease')));
      });
      const b = node(`lease-b-${key}`, key);
      started.push(b.lease);
      await b.lease.start();
      expect(b.lease.held).toBe(false);

      holder.kill('SIGKILL');
      await exited;
      const killedAt = Date.now();
      await until(() => b.lease.held, 5_000);
      // B retries every RETRY_MS: it takes over within a few of them, far inside the 30 s.
      expect(Date.now() - killedAt).toBeLessThan(RETRY_MS * 10);
      expect(b.events.map((e) => e.what)).toEqual(['acquire']);
    } finally {
      holder.kill('SIGKILL');
    }
  });

  it('stops its jobs when its own connection dies, and one node holds the lease again soon', async () => {
    const key = randomInt(1, 2 ** 31);
    const a = node(`lease-a-${key}`, key);
    const b = node(`lease-b-${key}`, key);
    started.push(a.lease, b.lease);
    await a.lease.start();
    await b.lease.start();
    expect([a.lease.held, b.lease.held]).toEqual([true, false]);

    // As when A's connection is cut: PostgreSQL ends its session, and with it the lock.
    expect(await terminate(`lease-a-${key}`)).toBe(1);
    await until(() => a.events.some((e) => e.what === 'release'), RETRY_MS * 10);
    expect(a.warnings).toEqual(['background jobs stopped on this node: the lease connection failed']);
    // Either node may win the retry; exactly one holds it, and it got there within a few retries.
    await until(() => a.lease.held || b.lease.held, RETRY_MS * 10);
    expect([a.lease.held, b.lease.held].filter(Boolean)).toHaveLength(1);
  });

  it('given up by stopping: the jobs stop first, then the next node takes over', async () => {
    const key = randomInt(1, 2 ** 31);
    const a = node(`lease-stop-a-${key}`, key);
    const b = node(`lease-stop-b-${key}`, key);
    started.push(b.lease);
    await a.lease.start();
    await b.lease.start();
    await a.lease.stop();
    expect(a.events.map((e) => e.what)).toEqual(['acquire', 'release']);
    await until(() => b.lease.held, 5_000);
    const released = a.events[1]!.at;
    const acquired = b.events[0]!.at;
    expect(acquired).toBeGreaterThanOrEqual(released);
    expect(acquired - released).toBeLessThan(RETRY_MS * 10);
  });
});
