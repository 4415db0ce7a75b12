import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { adminToken, apiCall, labWithNumbers, publishedPacket } from './api.ts';

// docs/verifying-results.md's runnable example, run as a third party runs it (a plain Node process
// with only `jose`) against the started server: its verdict for a current result, an old version of a
// corrected one, and a withdrawn one (ADR 0042).

const EXAMPLE = fileURLToPath(new URL('../docs/examples/verify-result.mjs', import.meta.url));
const FIRST = 9_600_000;
const run = promisify(execFile);

interface Verdict {
  verdict: string;
  ok: boolean;
  result?: { docNumber: number; purity: number | null; version: number; state: string };
  status?: { value: number | null; meaning: string | null };
  reason?: string;
}

/** The example's exit code and the verdict it printed. */
async function example(...args: string[]): Promise<{ code: number; verdict: Verdict }> {
  try {
    const { stdout } = await run(process.execPath, [EXAMPLE, inject('baseUrl'), ...args], {
      encoding: 'utf8',
    });
    return { code: 0, verdict: JSON.parse(stdout) as Verdict };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    if (!e.stdout) throw new Error(`the example failed (${e.code}): ${e.stderr}`, { cause: err });
    return { code: e.code, verdict: JSON.parse(e.stdout) as Verdict };
  }
}

describe('the verifier example (docs/examples/verify-result.mjs)', () => {
  const packets = {} as Record<'current' | 'corrected' | 'withdrawn', { id: string; publicToken: string }>;
  const firstVersion = {} as Record<'corrected' | 'withdrawn', string>;

  // Every change is made before any status list is fetched: a server keeps a list for its five-minute
  // ttl, so a list read before a change would still show the change's old state.
  beforeAll(async () => {
    const lab = await labWithNumbers('آزمایشگاه تأییدپذیر', FIRST);
    const admin = await adminToken();
    packets.current = await publishedPacket(lab, FIRST, 750);
    packets.corrected = await publishedPacket(lab, FIRST + 1, 800);
    packets.withdrawn = await publishedPacket(lab, FIRST + 2, 900);
    await apiCall('/Tests/EditTest', {
      token: lab.token,
      body: { testId: packets.corrected.id, cutting: 805, reason: 'خطای ثبت عدد' },
    });
    await apiCall('/Manage/WithdrawResult', {
      token: admin,
      body: { id: packets.withdrawn.id, reason: 'نمونه اشتباه بود' },
    });
    for (const name of ['corrected', 'withdrawn'] as const) {
      const { list } = await apiCall<{ list: { version: number; jws: string }[] }>(
        `/Tests/ResultVersions?testId=${packets[name].id}`,
        { token: lab.token },
      );
      firstVersion[name] = list.find((v) => v.version === 1)!.jws;
    }
  });

  it('a current published result: exit 0, "current", its signed purity, status VALID', async () => {
    const { code, verdict } = await example(packets.current.publicToken);
    expect(verdict).toMatchObject({
      verdict: 'current',
      ok: true,
      // The lab's own account recorded it (staff code 1), nobody verified it (ADR 0050).
      result: { docNumber: FIRST, purity: 750, version: 1, state: 'published', assayer: 1, verifier: null },
      status: { value: 0, meaning: 'VALID' },
    });
    expect(code).toBe(0);
  });

  it("a corrected result: its old version SUPERSEDED (exit 1), the slip's token the correction", async () => {
    const old = await example('--jws', firstVersion.corrected);
    expect(old.verdict).toMatchObject({
      verdict: 'superseded',
      ok: false,
      result: { docNumber: FIRST + 1, purity: 800, version: 1 },
      status: { value: 3, meaning: 'SUPERSEDED' },
    });
    expect(old.code).toBe(1);
    const now = await example(packets.corrected.publicToken);
    expect(now.verdict).toMatchObject({ verdict: 'current', result: { purity: 805, version: 2 } });
    expect(now.code).toBe(0);
  });

  it('a withdrawn result: the withdrawal is its current word (exit 1), its first version INVALID', async () => {
    const current = await example(packets.withdrawn.publicToken);
    expect(current.verdict).toMatchObject({
      verdict: 'withdrawn',
      ok: false,
      result: { purity: null, version: 2, state: 'withdrawn' },
      status: { value: 0 },
    });
    expect(current.code).toBe(1);
    const first = await example('--jws', firstVersion.withdrawn);
    expect(first.verdict).toMatchObject({ verdict: 'invalid', status: { value: 1, meaning: 'INVALID' } });
    expect(first.code).toBe(1);
  });

  it('a forged JWS is not verified (exit 3)', async () => {
    const [header, payload, signature] = firstVersion.corrected.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<string, unknown>;
    const forged = Buffer.from(JSON.stringify({ ...claims, purity: 999 })).toString('base64url');
    const { code, verdict } = await example('--jws', `${header}.${forged}.${signature}`);
    expect(verdict).toMatchObject({ verdict: 'unverified', ok: false });
    expect(verdict.reason).toMatch(/signature/);
    expect(code).toBe(3);
  });
});
