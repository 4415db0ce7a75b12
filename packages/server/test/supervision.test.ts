import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from './free-port.ts';
import {
  alive,
  api,
  clusterDir,
  freshDataDir,
  healthy,
  killAll,
  listening,
  postmasterPid,
  signIn,
  startServer,
} from './server-process.ts';

// The server's embedded PostgreSQL stops under it (ADR 0051): it answers 503, starts PostgreSQL again
// and carries on, or stops with a clear message when it cannot; at shutdown it drains first.

const dirs = [freshDataDir(), freshDataDir(), freshDataDir()];
const [loadDir, failDir, drainDir] = dirs as [string, string, string];
const ADMIN = 'first-start-password';
afterAll(() => {
  killAll(dirs);
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** A lab the administrator added (active at once), signed in on the server at `port`; answers its token. */
async function labToken(port: number): Promise<string> {
  const admin = (await signIn(port, 'admin', ADMIN))!;
  const lab = { fName: 'آزمایشگاه بار', fullName: 'مدیر', userName: 'load-lab', password: 'lab-password-1' };
  const added = await api(
    port,
    'POST',
    '/api/v1.0/Manage/AddUser',
    { ...lab, confirmPassword: lab.password },
    admin,
  );
  expect(added.status).toBe(200);
  return (await signIn(port, lab.userName, lab.password))!;
}

/** Adds customers one after another until stopped: what was acknowledged, and every status seen. */
function writeLoad(port: number, token: string) {
  const acknowledged: string[] = [];
  const statuses = new Map<number, number>();
  let stopped = false;
  const loop = async (worker: number) => {
    for (let i = 0; !stopped; i++) {
      const name = `مشتری ${worker}-${i}`;
      const res = await api(
        port,
        'POST',
        '/api/v1.0/Customer/AddCustomer',
        { customerName: name, mobile1: '09120000000' },
        token,
      );
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      if (res.status === 200) acknowledged.push(name);
      // A refused write is tried again a moment later, as the web app's retry would.
      else await new Promise((r) => setTimeout(r, 20));
    }
  };
  const running = Promise.all([loop(1), loop(2), loop(3)]);
  return {
    acknowledged,
    statuses,
    stop: async () => {
      stopped = true;
      await running;
    },
  };
}

/** Kills the postmaster with `signal`; answers how long until /api/health said ok, and whether it said 503 meanwhile. */
async function killAndRecover(port: number, dataDir: string, signal: NodeJS.Signals) {
  const pid = postmasterPid(dataDir)!;
  expect(alive(pid)).toBe(true);
  const killedAt = Date.now();
  process.kill(pid, signal);
  let saw503 = false;
  for (let down = true; down && Date.now() - killedAt < 20_000;) {
    const res = await api(port, 'GET', '/api/health');
    if (res.status === 503) {
      saw503 = true;
      expect((res.body.data as { database: boolean }).database).toBe(false);
    }
    down = res.status !== 200 || !saw503;
    if (down) await new Promise((r) => setTimeout(r, 50));
  }
  const newPid = postmasterPid(dataDir);
  return { seconds: (Date.now() - killedAt) / 1000, saw503, restarted: newPid !== pid && alive(newPid!) };
}

describe('the embedded PostgreSQL stopping under the server', () => {
  it('is started again within 15 s after SIGKILL and SIGINT under a write load: only 503s meanwhile, every acknowledged write kept', async () => {
    const metricsPort = await freePort();
    const run = startServer({
      DATA_DIR: loadDir,
      ADMIN_PASSWORD: ADMIN,
      RATE_LIMIT_ALLOWLIST: '127.0.0.1',
      METRICS_PORT: String(metricsPort),
    });
    const port = await listening(run);
    const token = await labToken(port);
    const load = writeLoad(port, token);
    while (load.acknowledged.length < 20) await new Promise((r) => setTimeout(r, 20));

    for (const signal of ['SIGKILL', 'SIGINT'] as const) {
      const before = load.acknowledged.length;
      const recovery = await killAndRecover(port, loadDir, signal);
      expect(recovery.saw503).toBe(true);
      expect(recovery.restarted).toBe(true);
      expect(recovery.seconds).toBeLessThan(15);
      // Writes go on after it: the pool's connections are new ones.
      const deadline = Date.now() + 10_000;
      while (load.acknowledged.length < before + 20 && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 20));
      expect(load.acknowledged.length).toBeGreaterThanOrEqual(before + 20);
    }
    await load.stop();

    // Writes met the outage (503) and went through around it (200); nothing else, no 500.
    expect(load.statuses.get(503)).toBeGreaterThan(0);
    const unhandled = run
      .output()
      .split('\n')
      .filter((line) => line.includes('unhandled error'));
    expect([...load.statuses.keys()].sort(), unhandled.join('\n')).toEqual([200, 503]);
    const book = await api(port, 'GET', '/api/v1.0/Customer/CustomerBook', undefined, token);
    const names = new Set((book.body.data as { list: { name: string }[] }).list.map((c) => c.name));
    const lost = load.acknowledged.filter((name) => !names.has(name));
    expect(lost).toEqual([]);
    expect(run.output()).toContain('the embedded PostgreSQL runs again');
    // Prometheus sees both restarts and a database that is up again (ADR 0052).
    const scrape = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
    expect(scrape).toMatch(/^ayar_embedded_postgres_restarts_total 2$/m);
    expect(scrape).toMatch(/^ayar_database_up 1$/m);

    run.child.kill('SIGTERM');
    expect(await run.exited).toBe(0);
  }, 120_000);

  it('stops the server with a clear message and exit code 1 when it cannot be started again', async () => {
    const run = startServer({ DATA_DIR: failDir, ADMIN_PASSWORD: ADMIN });
    const port = await listening(run);
    expect(await healthy(port)).toBe(true);
    // Its control file gone (a disk that lost it): PostgreSQL cannot start on this cluster any more.
    const control = path.join(clusterDir(failDir), 'global', 'pg_control');
    fs.renameSync(control, `${control}.moved`);
    const killedAt = Date.now();
    process.kill(postmasterPid(failDir)!, 'SIGKILL');

    expect(await run.exited).toBe(1);
    const seconds = (Date.now() - killedAt) / 1000;
    // Every attempt was made (about 15 s of pauses), and no more than that.
    expect(seconds).toBeGreaterThan(10);
    expect(seconds).toBeLessThan(60);
    expect(run.output()).toContain(
      'Ayar stopped: the embedded PostgreSQL stopped and could not be started again after 6 attempts',
    );
    expect(run.output()).toMatch(/pg_control/);
  }, 120_000);
});

/** A POST whose body arrives in two parts `gapMs` apart: a request in flight for that long. */
function slowRequest(port: number, gapMs: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const body = JSON.stringify({ userName: 'nobody-here', password: 'wrong password' });
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path: '/api/v1.0/Account/login',
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode!));
      },
    );
    req.on('error', reject);
    req.write(body.slice(0, 10));
    setTimeout(() => req.end(body.slice(10)), gapMs);
  });
}

describe('shutting down behind a load balancer', () => {
  it('answers readiness 503 first for DRAIN_SECONDS while serving, finishes what is in flight, then closes', async () => {
    const run = startServer({ DATA_DIR: drainDir, ADMIN_PASSWORD: ADMIN, DRAIN_SECONDS: '2' });
    const port = await listening(run);
    expect(await healthy(port)).toBe(true);
    expect((await api(port, 'GET', '/api/health/ready')).status).toBe(200);

    const inFlight = slowRequest(port, 2_500);
    await new Promise((r) => setTimeout(r, 100));
    const signalledAt = Date.now();
    run.child.kill('SIGTERM');
    let ready = await api(port, 'GET', '/api/health/ready');
    for (let i = 0; ready.status === 200 && i < 50; i++) ready = await api(port, 'GET', '/api/health/ready');
    expect(ready.status).toBe(503);
    expect(ready.body.data).toMatchObject({ status: 'draining', notReady: ['draining'] });
    expect((await api(port, 'GET', '/api/health/live')).status).toBe(200);
    expect((await api(port, 'GET', '/api/health')).status).toBe(200);

    // The request that was in flight when the signal came gets its real answer (a refused sign-in).
    expect(await inFlight).toBe(401);
    expect(await run.exited).toBe(0);
    const seconds = (Date.now() - signalledAt) / 1000;
    expect(seconds).toBeGreaterThanOrEqual(2);
    expect(seconds).toBeLessThan(15);
    await expect(api(port, 'GET', '/api/health/live')).rejects.toThrow();
  }, 120_000);
});
