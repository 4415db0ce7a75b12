import { randomBytes, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ASSAY_MSG, IDEMPOTENCY_HEADER, REPLAYED_HEADER, STAFF_MSG, type LabListRow } from '@ayar/contract';
import { errorFields } from '../../../test/helpers.ts';
import { verificationSuite, smsDraft } from './verification.test-kit.ts';

// The doors of `POST /Tests/VerifyCutting` (ADR 0050): bad input, another lab's packet, the roles,
// nothing waiting, two verifiers at once; a purity resent with its idempotency key; the admin's list of
// one person's packets. The flow itself: verification.test.ts.

const t = verificationSuite('10.61.');
const { suite, post, get, add, lookup, readyMessages, versionsOf, rowOf, staffedLab } = t;

const VERIFY = '/Tests/VerifyCutting';
const newKey = () => randomBytes(16).toString('base64url');

/** A lab with the setting on and one packet whose purity (750) assayer A recorded and that waits. */
async function waitingPacket() {
  const people = await staffedLab();
  const { lab, a } = people;
  const [packet] = await add(lab, [smsDraft(lab, lab.from)]);
  const res = await post('/Tests/AddCutting', a.h, [{ id: packet!.id, cutting: 750 }]);
  expect(res.json().data).toEqual({ updated: 1, awaitingVerification: 1 });
  return { ...people, id: packet!.id };
}

/** The messages of a 400's field errors on `field`. */
const messagesOn = (res: { json: () => unknown }, field: string) =>
  ((res.json() as { errors?: { field: string; message: string }[] }).errors ?? [])
    .filter((e) => e.field === field)
    .map((e) => e.message);

describe('POST /Tests/VerifyCutting: bad input', () => {
  it('refuses what is not a list of decisions, and leaves the purity waiting', async () => {
    const { lab, b, id } = await waitingPacket();
    const notArray = await post(VERIFY, b.h, { id, accept: true });
    expect(notArray.statusCode).toBe(400);
    expect(notArray.json().code).toBe('VALIDATION');

    const empty = await post(VERIFY, b.h, []);
    expect(empty.statusCode).toBe(400);
    expect(messagesOn(empty, '')).toEqual([ASSAY_MSG.listEmpty]);

    const noAccept = await post(VERIFY, b.h, [{ id }]);
    expect(noAccept.statusCode).toBe(400);
    expect(errorFields(noAccept)).toEqual(['0.accept']);

    const badId = await post(VERIFY, b.h, [{ id: 'not-a-uuid', accept: true }]);
    expect(badId.statusCode).toBe(400);
    expect(errorFields(badId)).toEqual(['0.id']);

    const twice = await post(VERIFY, b.h, [
      { id, accept: true },
      { id, accept: false, reason: 'دوباره' },
    ]);
    expect(twice.statusCode).toBe(400);
    expect(messagesOn(twice, 'list')).toEqual([ASSAY_MSG.listDuplicate]);

    expect((await rowOf(lab, id)).pendingCutting).toBe(750);
    expect(await versionsOf(id)).toEqual([]);
  });

  it('takes at most 500 decisions: 501 is refused, 500 reach the service (unknown ids: 404)', async () => {
    const { b } = await staffedLab();
    const decisions = (n: number) => Array.from({ length: n }, () => ({ id: randomUUID(), accept: true }));
    const tooMany = await post(VERIFY, b.h, decisions(501));
    expect(tooMany.statusCode).toBe(400);
    expect(messagesOn(tooMany, '')).toEqual([ASSAY_MSG.listTooLong]);
    expect((await post(VERIFY, b.h, decisions(500))).statusCode).toBe(404);
  });
});

describe('POST /Tests/VerifyCutting: who and what', () => {
  it("another lab's packet is 404; the counter, the accountant and the admin 403; no token 401", async () => {
    const { lab, counter, id } = await waitingPacket();
    const other = await staffedLab();
    expect((await post(VERIFY, other.b.h, [{ id, accept: true }])).statusCode).toBe(404);
    expect((await post(VERIFY, other.owner.h, [{ id, accept: true }])).statusCode).toBe(404);

    const accountant = await t.person(lab, ['accountant']);
    for (const h of [counter.h, accountant.h]) {
      const refused = await post(VERIFY, h, [{ id, accept: true }]);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(STAFF_MSG.forbiddenRole);
    }
    expect((await post(VERIFY, suite.admin, [{ id, accept: true }])).statusCode).toBe(403);
    expect((await post(VERIFY, undefined, [{ id, accept: true }])).statusCode).toBe(401);
    expect(await rowOf(lab, id)).toMatchObject({ pendingCutting: 750, verifiedBy: null });
    expect(await readyMessages(id)).toEqual([]);
  });

  it('nothing waiting is 409; a list with one such packet changes none of the others', async () => {
    const { lab, a, b, id } = await waitingPacket();
    const [bare] = await add(lab, [smsDraft(lab, lab.from + 1)]);
    const none = await post(VERIFY, b.h, [{ id: bare!.id, accept: true }]);
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toContain(ASSAY_MSG.notPending);

    const mixed = await post(VERIFY, b.h, [
      { id, accept: true },
      { id: bare!.id, accept: false, reason: 'نمونه کم است' },
    ]);
    expect(mixed.statusCode).toBe(409);
    expect(await rowOf(lab, id)).toMatchObject({ pendingCutting: 750, purityBy: null });
    expect(await readyMessages(id)).toEqual([]);

    // A list of the recorder's own purity and another's is refused whole (403), the other untouched.
    const [others] = await add(lab, [smsDraft(lab, lab.from + 2)]);
    expect((await post('/Tests/AddCutting', b.h, [{ id: others!.id, cutting: 800 }])).statusCode).toBe(200);
    const own = await post(VERIFY, a.h, [
      { id: others!.id, accept: true },
      { id, accept: true },
    ]);
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toContain(ASSAY_MSG.selfVerify);
    expect((await rowOf(lab, others!.id)).pendingCutting).toBe(800);

    // Each verifies the other's, in one call each: both published.
    expect((await post(VERIFY, a.h, [{ id: others!.id, accept: true }])).statusCode).toBe(200);
    expect((await post(VERIFY, b.h, [{ id, accept: true }])).statusCode).toBe(200);
    expect((await lookup(lab.from)).purity).toBe(750);
    expect((await lookup(lab.from + 2)).purity).toBe(800);
  });

  it('50 accepts at once by two verifiers publish once: one 200, one version, one ready SMS', async () => {
    const { lab, b, owner, id } = await waitingPacket();
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => post(VERIFY, (i % 2 ? b : owner).h, [{ id, accept: true }])),
    );
    const codes = results.map((r) => r.statusCode);
    // The packet row is locked for the decision: the first publishes, the rest find nothing waiting.
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(49);
    for (const r of results.filter((x) => x.statusCode === 409)) {
      expect(r.json().message).toContain(ASSAY_MSG.notPending);
    }
    expect(await versionsOf(id)).toEqual([{ version: 1, purity: 750, reason: null }]);
    expect(await readyMessages(id)).toHaveLength(1);
    const winner = results.findIndex((r) => r.statusCode === 200);
    const verifier = winner % 2 ? b : owner;
    expect(await lookup(lab.from)).toMatchObject({ purity: 750, verifierCode: verifier.code });
    expect((await rowOf(lab, id)).verifiedBy).toBe(verifier.name);
  });
});

describe('with an idempotency key', () => {
  it('a resent AddCutting answers the first answer, marked replayed; the purity waits once', async () => {
    const { lab, a, b } = await staffedLab();
    const [packet] = await add(lab, [smsDraft(lab, lab.from)]);
    const id = packet!.id;
    const key = { ...a.h, [IDEMPOTENCY_HEADER]: newKey() };
    const first = await post('/Tests/AddCutting', key, [{ id, cutting: 750 }]);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers[REPLAYED_HEADER]).toBeUndefined();
    expect(first.json()).toMatchObject({
      message: ASSAY_MSG.purityAwaitsVerification,
      data: { updated: 1, awaitingVerification: 1 },
    });
    const again = await post('/Tests/AddCutting', key, [{ id, cutting: 750 }]);
    expect(again.statusCode).toBe(200);
    expect(again.headers[REPLAYED_HEADER]).toBe('true');
    expect(again.body).toBe(first.body);
    const pendings = (await t.auditOf(id)).filter((r) => r.action === 'assay.purity.pending');
    expect(pendings).toHaveLength(1);

    // VerifyCutting resent with its key: the first answer again, not a 409.
    const verifyKey = { ...b.h, [IDEMPOTENCY_HEADER]: newKey() };
    const accepted = await post(VERIFY, verifyKey, [{ id, accept: true }]);
    expect(accepted.statusCode, accepted.body).toBe(200);
    const resent = await post(VERIFY, verifyKey, [{ id, accept: true }]);
    expect(resent.statusCode).toBe(200);
    expect(resent.headers[REPLAYED_HEADER]).toBe('true');
    expect(resent.body).toBe(accepted.body);
    expect(await versionsOf(id)).toHaveLength(1);
    expect(await readyMessages(id)).toHaveLength(1);
  });
});

describe('GET /Manage/AllTests?personId=', () => {
  const listOf = async (personId: string) => {
    const res = await get('/Manage/AllTests', suite.admin, { personId });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().data.list as LabListRow[]).map((r) => r.id).sort();
  };

  it("lists the packets a person registered, recorded or verified, no one else's", async () => {
    const { lab, a, b, counter, owner } = await staffedLab();
    const [byCounter] = await add({ ...lab, h: counter.h }, [smsDraft(lab, lab.from)]);
    const [byOwner] = await add(lab, [smsDraft(lab, lab.from + 1)]);
    expect((await post('/Tests/AddCutting', a.h, [{ id: byOwner!.id, cutting: 750 }])).statusCode).toBe(200);
    expect((await post(VERIFY, b.h, [{ id: byOwner!.id, accept: true }])).statusCode).toBe(200);
    // Another lab's packets are never in these people's lists.
    const other = await staffedLab();
    await add(other.lab, [smsDraft(other.lab, other.lab.from, { cutting: 900 })]);
    const idle = await t.person(lab, ['assayer']);

    expect(await listOf(counter.id)).toEqual([byCounter!.id]);
    expect(await listOf(owner.id)).toEqual([byOwner!.id]);
    expect(await listOf(a.id)).toEqual([byOwner!.id]);
    expect(await listOf(b.id)).toEqual([byOwner!.id]);
    expect(await listOf(idle.id)).toEqual([]);
    const res = await get('/Manage/AllTests', suite.admin, { personId: counter.id });
    expect(res.json().data.totalCount).toBe(1);
  });

  it('refuses a bad uuid (400 naming personId), a lab (403) and no token (401)', async () => {
    const { lab, a } = await staffedLab();
    const bad = await get('/Manage/AllTests', suite.admin, { personId: 'not-a-uuid' });
    expect(bad.statusCode).toBe(400);
    expect(errorFields(bad)).toEqual(['personId']);
    expect((await get('/Manage/AllTests', lab.h, { personId: a.id })).statusCode).toBe(403);
    expect((await get('/Manage/AllTests', undefined, { personId: a.id })).statusCode).toBe(401);
  });
});
