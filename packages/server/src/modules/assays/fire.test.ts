import { decodeProtectedHeader } from 'jose';
import { afterEach, describe, expect, it } from 'vitest';
import { ASSAY_MSG, FIRE_MSG, RESULT_JWS_TYPES, signedResultV4Schema } from '@ayar/contract';
import { changeKind } from '../result-versions/result-versions.service.ts';
import { TYPE } from './assays.test-kit.ts';
import { smsDraft, verificationSuite, type Person } from './verification.test-kit.ts';

// Fire assay duplicates and the method on the result (ADR 0059), as a client of the API sees them: the
// two determinations, the lab's tolerance and rule at both edges, a repeat, the second verification,
// the signed payload v4 and the packet's purity history; each wrong role and another lab's packet.

const t = verificationSuite('10.62.');
const { post, get, add, lookup, verifiedPayload, versionsOf, staffedLab, newLab } = t;

afterEach(() => t.networkVerification(false));

type Lab = Awaited<ReturnType<typeof newLab>>;
const fire = (h: Record<string, string>, body: Record<string, unknown>) =>
  post('/Tests/AddFireAssay', h, body);
const history = async (h: Record<string, string>, testId: string) => {
  const res = await get('/Tests/PurityHistory', h, { testId });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as {
    method: string | null;
    instrument: string | null;
    fireAssays: {
      first: number;
      second: number;
      proof: number | null;
      purity: number | null;
      staffCode: number;
    }[];
  };
};
/** The lab's fire settings, saved by its owner with the rest as the suite's labs have them. */
const fireSettings = (lab: Lab, settings: Record<string, unknown>) =>
  post('/Account/EditSettings', lab.h, {
    settings: { testType: TYPE, vageType: 1, vage: 50_000, ...settings },
  });

async function packetOf(lab: Lab, n: number): Promise<string> {
  const [packet] = await add(lab, [smsDraft(lab, n)]);
  return packet!.id;
}

describe('POST /Tests/AddFireAssay', () => {
  it('reports the mean rounded down by default, signed as payload v4 with method fire', async () => {
    const { lab, a } = await staffedLab(false);
    const id = await packetOf(lab, lab.from);
    const res = await fire(a.h, { id, first: '۷۵۱', second: 750, proof: 999.5 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: ASSAY_MSG.purityAdded,
      data: { outcome: 'published', purity: 750, difference: 1, tolerance: 2, rule: 'meanDown' },
    });
    const item = await lookup(lab.from);
    expect(item).toMatchObject({ status: 'published', purity: 750, method: 'fire', instrument: null });
    expect(decodeProtectedHeader(item.jws!).typ).toBe(RESULT_JWS_TYPES.v4);
    const payload = signedResultV4Schema.parse(await verifiedPayload(item.jws!));
    expect(payload).toMatchObject({ purity: 750, method: 'fire', instrument: null, assayer: a.code });
    expect(await history(a.h, id)).toEqual({
      method: 'fire',
      instrument: null,
      fireAssays: [
        expect.objectContaining({ first: 751, second: 750, proof: 999.5, purity: 750, staffCode: a.code }),
      ],
      imports: [],
    });
  });

  it('checks a v4 slip, and does not sign an older v3 result again for the method alone', async () => {
    const { lab, a } = await staffedLab(false);
    await fire(a.h, { id: await packetOf(lab, lab.from + 10), first: 760, second: 760 });
    const slip = await post('/Tests/VerifySlip', {}, { code: lab.from + 10, purity: 760 });
    expect(slip.json().data).toMatchObject({ outcome: 'matches', purity: 760 });
    const stale = await post('/Tests/VerifySlip', {}, { code: lab.from + 10, purity: 759 });
    expect(stale.json().data).toMatchObject({ outcome: 'outdated', purity: 760 });

    const v4 = signedResultV4Schema.parse(await verifiedPayload((await lookup(lab.from + 10)).jws!));
    const { method: _method, instrument: _instrument, ...v3 } = v4;
    const previous = v3 as Parameters<typeof changeKind>[0];
    expect(changeKind(previous, v4)).toBe('none');
    expect(changeKind(previous, { ...v4, purity: 761 })).toBe('correction');
    expect(changeKind(v4 as Parameters<typeof changeKind>[0], { ...v4, method: 'typed' })).toBe('correction');
  });

  it('publishes at a difference equal to the tolerance and asks for a repeat one past it, changing nothing', async () => {
    const { lab, a } = await staffedLab(false);
    expect((await fireSettings(lab, { fireTolerance: 3 })).statusCode).toBe(200);
    const atEdge = await packetOf(lab, lab.from + 1);
    const edge = await fire(a.h, { id: atEdge, first: 753, second: 750 });
    expect(edge.json().data).toMatchObject({
      outcome: 'published',
      purity: 751,
      difference: 3,
      tolerance: 3,
    });

    const past = await packetOf(lab, lab.from + 2);
    const repeat = await fire(a.h, { id: past, first: 754, second: 750 });
    expect(repeat.statusCode, repeat.body).toBe(200);
    expect(repeat.json()).toMatchObject({
      message: FIRE_MSG.repeat,
      data: { outcome: 'repeat', purity: null, difference: 4, tolerance: 3 },
    });
    expect(await lookup(lab.from + 2)).toMatchObject({ status: 'pending', purity: null, method: null });
    expect(await versionsOf(past)).toEqual([]);
    // The repeat is kept; a second pair within tolerance is then reported.
    const again = await fire(a.h, { id: past, first: 752, second: 751 });
    expect(again.json().data).toMatchObject({ outcome: 'published', purity: 751 });
    const kept = await history(a.h, past);
    expect(kept.fireAssays.map((f) => [f.first, f.second, f.purity])).toEqual([
      [754, 750, null],
      [752, 751, 751],
    ]);
  });

  it("follows the lab's rule: the mean rounded half up, or the lower; a tolerance of 0 takes equal pairs only", async () => {
    const { lab, a } = await staffedLab(false);
    expect((await fireSettings(lab, { fireRule: 'meanRound' })).statusCode).toBe(200);
    const up = await fire(a.h, { id: await packetOf(lab, lab.from + 3), first: 751, second: 750 });
    expect(up.json().data).toMatchObject({ purity: 751, rule: 'meanRound' });
    expect((await fireSettings(lab, { fireRule: 'lower' })).statusCode).toBe(200);
    const lower = await fire(a.h, { id: await packetOf(lab, lab.from + 4), first: 752, second: 750 });
    expect(lower.json().data).toMatchObject({ purity: 750, rule: 'lower' });
    expect((await fireSettings(lab, { fireTolerance: 0, fireRule: 'meanDown' })).statusCode).toBe(200);
    const equal = await fire(a.h, { id: await packetOf(lab, lab.from + 5), first: 750, second: 750 });
    expect(equal.json().data).toMatchObject({ outcome: 'published', purity: 750 });
    const one = await fire(a.h, { id: await packetOf(lab, lab.from + 6), first: 751, second: 750 });
    expect(one.json().data).toMatchObject({ outcome: 'repeat' });
  });

  it('takes a tolerance of 0–20 and a known rule in the settings, refusing one past each edge', async () => {
    const lab = await newLab();
    expect((await fireSettings(lab, { fireTolerance: 20 })).statusCode).toBe(200);
    expect((await fireSettings(lab, { fireTolerance: 0 })).statusCode).toBe(200);
    for (const fireTolerance of [21, -1, 2.5]) {
      const res = await fireSettings(lab, { fireTolerance });
      expect(res.statusCode, String(fireTolerance)).toBe(400);
      expect(res.json().code).toBe('VALIDATION');
    }
    const rule = await fireSettings(lab, { fireRule: 'highest' });
    expect(rule.statusCode).toBe(400);
  });

  it('waits for a second person when the lab asks, and is published with its method when accepted', async () => {
    const { lab, a, b } = await staffedLab(true);
    const id = await packetOf(lab, lab.from + 7);
    const res = await fire(a.h, { id, first: 875, second: 876 });
    expect(res.json()).toMatchObject({
      message: ASSAY_MSG.purityAwaitsVerification,
      data: { outcome: 'pending', purity: 875 },
    });
    expect(await lookup(lab.from + 7)).toMatchObject({ status: 'pending', method: null });
    expect((await post('/Tests/VerifyCutting', b.h, [{ id, accept: true }])).statusCode).toBe(200);
    const item = await lookup(lab.from + 7);
    expect(item).toMatchObject({ status: 'published', purity: 875, method: 'fire' });
    expect(signedResultV4Schema.parse(await verifiedPayload(item.jws!))).toMatchObject({
      method: 'fire',
      assayer: a.code,
      verifier: b.code,
    });
  });

  it('corrects a published purity only with a reason, and a typed purity is signed as typed', async () => {
    const { lab, a } = await staffedLab(false);
    const id = await packetOf(lab, lab.from + 8);
    expect((await post('/Tests/AddCutting', a.h, [{ id, cutting: 740 }])).statusCode).toBe(200);
    const typed = await lookup(lab.from + 8);
    expect(typed).toMatchObject({ purity: 740, method: 'typed' });
    expect(signedResultV4Schema.parse(await verifiedPayload(typed.jws!)).method).toBe('typed');
    const noReason = await fire(a.h, { id, first: 751, second: 750 });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().errors).toEqual([expect.objectContaining({ field: 'reason' })]);
    expect(await history(a.h, id)).toMatchObject({ method: 'typed', fireAssays: [] });
    const corrected = await fire(a.h, { id, first: 751, second: 750, reason: 'سنجش دوباره با کوپلاسیون' });
    expect(corrected.json().data).toMatchObject({ outcome: 'published', purity: 750 });
    expect(await lookup(lab.from + 8)).toMatchObject({ purity: 750, method: 'fire', version: 2 });
  });

  it('refuses bad input, the roles without purities, and another lab’s packet', async () => {
    const { lab, a, counter } = await staffedLab(false);
    const id = await packetOf(lab, lab.from + 9);
    for (const body of [
      { id, first: 599, second: 750 },
      { id, first: 750, second: 1000 },
      { id, first: 750, second: 750, proof: 1000.1 },
      { id, first: 750, second: 750, proof: 999.55 },
      { id: 'nope', first: 750, second: 750 },
      { id, first: '75a', second: 750 },
    ]) {
      const res = await fire(a.h, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().code).toBe('VALIDATION');
    }
    const edges = await fire(a.h, { id, first: 999, second: 999, proof: 1000 });
    expect(edges.json().data).toMatchObject({ outcome: 'published', purity: 999 });

    const accountant: Person = await t.person(lab, ['accountant']);
    for (const who of [counter, accountant]) {
      const res = await fire(who.h, { id, first: 750, second: 750 });
      expect(res.statusCode).toBe(403);
      // Every role of the lab reads the history.
      expect((await history(who.h, id)).method).toBe('fire');
    }
    const rival = await newLab();
    expect((await fire(rival.h, { id, first: 750, second: 750 })).statusCode).toBe(404);
    expect((await get('/Tests/PurityHistory', rival.h, { testId: id })).statusCode).toBe(404);
    expect((await fire({}, { id, first: 750, second: 750 })).statusCode).toBe(401);
  });

  it('as a client from the OpenAPI document sends it: a list, an empty body, a bad testId', async () => {
    const { lab, a } = await staffedLab(false);
    const id = await packetOf(lab, lab.from + 10);
    for (const body of [[{ id, first: 750, second: 750 }], {}, { id, first: 750 }]) {
      const res = await fire(a.h, body as Record<string, unknown>);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ successful: false, code: 'VALIDATION' });
    }
    for (const testId of ['nope', '']) {
      const res = await get('/Tests/PurityHistory', a.h, { testId });
      expect(res.statusCode, testId).toBe(400);
      expect(res.json().errors).toEqual([expect.objectContaining({ field: 'testId' })]);
    }
    expect((await get('/Tests/PurityHistory', a.h)).statusCode).toBe(400);
  });

  it('resent with the same Idempotency-Key answers the first answer and keeps one pair', async () => {
    const { lab, a } = await staffedLab(false);
    const id = await packetOf(lab, lab.from + 11);
    const h = { ...a.h, 'idempotency-key': 'fire-0001-resend' };
    const first = await fire(h, { id, first: 754, second: 750 });
    const again = await fire(h, { id, first: 754, second: 750 });
    expect(first.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect((await history(a.h, id)).fireAssays).toHaveLength(1);
  });
});
