import { decodeProtectedHeader } from 'jose';
import { afterEach, describe, expect, it } from 'vitest';
import { ASSAY_MSG, RESULT_JWS_TYPES } from '@ayar/contract';
import { errorFields } from '../../../test/helpers.ts';
import { verificationSuite, smsDraft } from './verification.test-kit.ts';

// The second pair of eyes on a purity (ADR 0050), end to end as a client sees it: with «تأیید دوم
// عیار» on, a recorded purity stays off the public page, unsigned and untold, until another person
// with the assayer's or owner's role accepts it or sends it back. The doors of VerifyCutting, its
// race, idempotency and the admin's person filter: verification-rules.test.ts.

const t = verificationSuite('10.60.');
const { post, add, lookup, verified, readyMessages, versionsOf, rowOf, awaiting, staffedLab } = t;

// The network's setting is one for every lab of this file's database: never left on for the next test.
afterEach(() => t.networkVerification(false));

describe('a purity waiting for a second person', () => {
  it('is kept pending until another assayer accepts it; then published with both staff codes', async () => {
    const { lab, a, b, counter } = await staffedLab();
    const [packet] = await add(lab, [smsDraft(lab, lab.from)]);
    const id = packet!.id;

    const recorded = await post('/Tests/AddCutting', a.h, [{ id, cutting: 750 }]);
    expect(recorded.statusCode, recorded.body).toBe(200);
    expect(recorded.json()).toMatchObject({
      message: ASSAY_MSG.purityAwaitsVerification,
      data: { updated: 1, awaitingVerification: 1 },
    });
    // Not public: the lookup still says pending, with the time left; no ready SMS; nothing signed.
    const pending = await lookup(lab.from);
    expect(pending).toMatchObject({ status: 'pending', purity: null, version: null, jws: null });
    expect(pending.remain).toBeGreaterThan(0);
    expect(pending.remain).toBeLessThanOrEqual(30);
    expect(await readyMessages(id)).toEqual([]);
    expect(await versionsOf(id)).toEqual([]);
    // Every role of the lab sees it waiting, with the purity and who recorded it.
    const waiting = await awaiting(counter.h);
    expect(waiting.map((r) => r.id)).toEqual([id]);
    expect(waiting[0]).toMatchObject({
      pendingCutting: 750,
      pendingBy: a.name,
      purityBy: null,
      waitFor: true,
    });

    // Its recorder may not verify it, whatever their roles: nothing changes.
    const own = await post('/Tests/VerifyCutting', a.h, [{ id, accept: true }]);
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toContain(ASSAY_MSG.selfVerify);
    expect((await lookup(lab.from)).status).toBe('pending');

    const accepted = await post('/Tests/VerifyCutting', b.h, [{ id, accept: true }]);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({
      message: ASSAY_MSG.purityVerified,
      data: { verified: 1, returned: 0 },
    });
    const item = await lookup(lab.from);
    expect(item).toMatchObject({ status: 'published', purity: 750, version: 1 });
    expect(item).toMatchObject({ assayerCode: a.code, verifierCode: b.code });
    expect(decodeProtectedHeader(item.jws!)).toMatchObject({ typ: RESULT_JWS_TYPES.v4 });
    expect(await verified(item.jws!)).toMatchObject({
      purity: 750,
      version: 1,
      state: 'published',
      assayer: a.code,
      verifier: b.code,
    });
    const ready = await readyMessages(id);
    expect(ready.map((m) => m.text)).toEqual([`نتیجه بسته ${lab.from}: عیار 750\nآزمایشگاه طلا`]);
    expect(await versionsOf(id)).toEqual([{ version: 1, purity: 750, reason: null }]);
    expect(await rowOf(lab, id)).toMatchObject({
      purityBy: a.name,
      verifiedBy: b.name,
      pendingCutting: null,
      pendingBy: null,
      waitFor: false,
    });
    expect(await awaiting(lab.h)).toEqual([]);
  });

  it('sent back: a reason is required; then the packet waits again and the assayer reads why', async () => {
    const { lab, a, b } = await staffedLab();
    const [packet] = await add(lab, [smsDraft(lab, lab.from)]);
    const id = packet!.id;
    expect((await post('/Tests/AddCutting', a.h, [{ id, cutting: 750 }])).statusCode).toBe(200);

    for (const reason of [undefined, '', '   ']) {
      const bare = await post('/Tests/VerifyCutting', b.h, [{ id, accept: false, reason }]);
      expect(bare.statusCode).toBe(400);
      expect(errorFields(bare)).toEqual(['0.reason']);
    }
    expect((await rowOf(lab, id)).pendingCutting).toBe(750);

    const why = 'نمونه دوباره سنجیده شود';
    const back = await post('/Tests/VerifyCutting', b.h, [{ id, accept: false, reason: why }]);
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().data).toEqual({ verified: 0, returned: 1 });
    expect(await rowOf(lab, id)).toMatchObject({
      returnedReason: why,
      pendingCutting: null,
      pendingBy: null,
      purityBy: null,
      waitFor: true,
    });
    expect(await awaiting(lab.h)).toEqual([]);
    expect(await lookup(lab.from)).toMatchObject({ status: 'pending', purity: null });
    expect(await readyMessages(id)).toEqual([]);
    expect(await versionsOf(id)).toEqual([]);
    // Nothing is waiting now: sending it back again is a conflict.
    const again = await post('/Tests/VerifyCutting', b.h, [{ id, accept: false, reason: why }]);
    expect(again.statusCode).toBe(409);

    // The assayer records it again: the returned reason is cleared; B accepts the new purity.
    expect((await post('/Tests/AddCutting', a.h, [{ id, cutting: 760 }])).statusCode).toBe(200);
    expect(await rowOf(lab, id)).toMatchObject({ pendingCutting: 760, returnedReason: null });
    expect((await post('/Tests/VerifyCutting', b.h, [{ id, accept: true }])).statusCode).toBe(200);
    expect(await lookup(lab.from)).toMatchObject({ status: 'published', purity: 760 });
    expect(await readyMessages(id)).toHaveLength(1);
  });

  it('a correction waits with its reason while the published purity stays public; then version 2', async () => {
    const { lab, a, b } = await staffedLab();
    const [packet] = await add(lab, [smsDraft(lab, lab.from)]);
    const id = packet!.id;
    expect((await post('/Tests/AddCutting', a.h, [{ id, cutting: 750 }])).statusCode).toBe(200);
    expect((await post('/Tests/VerifyCutting', b.h, [{ id, accept: true }])).statusCode).toBe(200);

    // Without its reason, through either door: refused, nothing waits.
    const bare = await post('/Tests/AddCutting', a.h, [{ id, cutting: 760 }]);
    expect(bare.statusCode).toBe(400);
    expect(errorFields(bare)).toEqual(['0.reason']);
    const bareEdit = await post('/Tests/EditTest', a.h, { testId: id, cutting: 760 });
    expect(bareEdit.statusCode).toBe(400);
    expect(errorFields(bareEdit)).toEqual(['reason']);
    expect((await rowOf(lab, id)).pendingCutting).toBeNull();

    // A correction sent back leaves the published purity as it was.
    const sent = await post('/Tests/AddCutting', a.h, [{ id, cutting: 740, reason: 'اشتباه' }]);
    expect(sent.json().data).toEqual({ updated: 1, awaitingVerification: 1 });
    const back = await post('/Tests/VerifyCutting', b.h, [{ id, accept: false, reason: 'بی‌دلیل' }]);
    expect(back.statusCode, back.body).toBe(200);
    expect(await rowOf(lab, id)).toMatchObject({ pendingCutting: null, returnedReason: 'بی‌دلیل' });
    expect(await lookup(lab.from)).toMatchObject({ status: 'published', purity: 750, version: 1 });

    const why = 'خطای خواندن ترازو';
    const corrected = await post('/Tests/AddCutting', a.h, [{ id, cutting: 760, reason: why }]);
    expect(corrected.statusCode, corrected.body).toBe(200);
    expect(corrected.json().data).toEqual({ updated: 1, awaitingVerification: 1 });
    expect(await rowOf(lab, id)).toMatchObject({ pendingCutting: 760, pendingReason: why, purityBy: a.name });
    // The public still reads the published 750, version 1; no new SMS.
    expect(await lookup(lab.from)).toMatchObject({ status: 'published', purity: 750, version: 1 });
    expect(await readyMessages(id)).toHaveLength(1);
    expect(await versionsOf(id)).toHaveLength(1);

    expect((await post('/Tests/VerifyCutting', b.h, [{ id, accept: true }])).statusCode).toBe(200);
    const item = await lookup(lab.from);
    expect(item).toMatchObject({ status: 'published', purity: 760, version: 2, changeReason: why });
    expect(await verified(item.jws!)).toMatchObject({
      purity: 760,
      version: 2,
      reason: why,
      assayer: a.code,
      verifier: b.code,
    });
    expect(await versionsOf(id)).toEqual([
      { version: 1, purity: 750, reason: null },
      { version: 2, purity: 760, reason: why },
    ]);
    expect((await readyMessages(id)).map((m) => m.text.split('\n')[0])).toEqual([
      `نتیجه بسته ${lab.from}: عیار 750`,
      `نتیجه بسته ${lab.from}: عیار 760`,
    ]);
  });

  it('recording the published purity again calls off a waiting correction: nothing new is published', async () => {
    const { lab, a, b } = await staffedLab();
    const [packet] = await add(lab, [smsDraft(lab, lab.from)]);
    const id = packet!.id;
    expect((await post('/Tests/AddCutting', a.h, [{ id, cutting: 750 }])).statusCode).toBe(200);
    expect((await post('/Tests/VerifyCutting', b.h, [{ id, accept: true }])).statusCode).toBe(200);
    const wrong = await post('/Tests/AddCutting', a.h, [{ id, cutting: 760, reason: 'خطای خواندن' }]);
    expect(wrong.json().data).toEqual({ updated: 1, awaitingVerification: 1 });
    // The assayer thinks again and records the published value: the correction is called off.
    const undo = await post('/Tests/AddCutting', a.h, [{ id, cutting: 750, reason: 'همان عیار قبلی' }]);
    expect(undo.statusCode, undo.body).toBe(200);
    expect(undo.json().data).toEqual({ updated: 0, awaitingVerification: 0 });
    expect(await rowOf(lab, id)).toMatchObject({
      pendingCutting: null,
      purityBy: a.name,
      verifiedBy: b.name,
    });
    const nothing = await post('/Tests/VerifyCutting', b.h, [{ id, accept: true }]);
    expect(nothing.statusCode).toBe(409);
    expect(await lookup(lab.from)).toMatchObject({ purity: 750, version: 1, changedAt: null });
    expect(await readyMessages(id)).toHaveLength(1);
    expect(await versionsOf(id)).toHaveLength(1);
  });

  it('a purity given at registration or through EditTest waits too; the lab account is staff code 1', async () => {
    const { lab, a, b, owner } = await staffedLab();
    // The owner (the lab's own account) registers a packet with its purity: it waits.
    const [given] = await add(lab, [smsDraft(lab, lab.from, { cutting: 900 })]);
    expect(await lookup(lab.from)).toMatchObject({ status: 'pending', purity: null });
    expect(await versionsOf(given!.id)).toEqual([]);
    expect(await readyMessages(given!.id)).toEqual([]);
    expect(await rowOf(lab, given!.id)).toMatchObject({ pendingCutting: 900, pendingBy: owner.name });
    // The owner is no exception: their own purity is someone else's to verify.
    const own = await post('/Tests/VerifyCutting', owner.h, [{ id: given!.id, accept: true }]);
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toContain(ASSAY_MSG.selfVerify);
    // Assayer B verifies the owner's purity.
    expect((await post('/Tests/VerifyCutting', b.h, [{ id: given!.id, accept: true }])).statusCode).toBe(200);
    const first = await lookup(lab.from);
    expect(first).toMatchObject({ purity: 900, assayerCode: 1, verifierCode: b.code });
    expect(await verified(first.jws!)).toMatchObject({ assayer: 1, verifier: b.code });

    // Assayer A records a purity through EditTest: it waits; the owner verifies it.
    const [edited] = await add(lab, [smsDraft(lab, lab.from + 1)]);
    const edit = await post('/Tests/EditTest', a.h, { testId: edited!.id, cutting: 875 });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(await lookup(lab.from + 1)).toMatchObject({ status: 'pending', purity: null });
    expect(await readyMessages(edited!.id)).toEqual([]);
    expect((await awaiting(lab.h)).map((r) => r.id)).toEqual([edited!.id]);
    expect((await post('/Tests/VerifyCutting', owner.h, [{ id: edited!.id, accept: true }])).statusCode).toBe(
      200,
    );
    const second = await lookup(lab.from + 1);
    expect(second).toMatchObject({ purity: 875, assayerCode: a.code, verifierCode: 1 });
    expect(await readyMessages(edited!.id)).toHaveLength(1);
  });

  it("the network's setting makes a lab's purities wait although the lab's own is off", async () => {
    const { lab, a, b } = await staffedLab(false);
    await t.networkVerification(true);
    const [packet] = await add(lab, [smsDraft(lab, lab.from)]);
    const res = await post('/Tests/AddCutting', a.h, [{ id: packet!.id, cutting: 750 }]);
    expect(res.json()).toMatchObject({ data: { updated: 1, awaitingVerification: 1 } });
    expect(await lookup(lab.from)).toMatchObject({ status: 'pending', purity: null });
    expect(await versionsOf(packet!.id)).toEqual([]);

    // Switched off again: what waits still waits for its verifier, and new purities publish at once.
    await t.networkVerification(false);
    expect((await lookup(lab.from)).status).toBe('pending');
    expect((await post('/Tests/VerifyCutting', b.h, [{ id: packet!.id, accept: true }])).statusCode).toBe(
      200,
    );
    expect(await lookup(lab.from)).toMatchObject({ purity: 750, assayerCode: a.code, verifierCode: b.code });
  });

  it('with the setting off a purity is published at once: its recorder named, no verifier', async () => {
    const { lab, a, b } = await staffedLab(false);
    const [packet] = await add(lab, [smsDraft(lab, lab.from)]);
    const id = packet!.id;
    const res = await post('/Tests/AddCutting', a.h, [{ id, cutting: 750 }]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: ASSAY_MSG.purityAdded,
      data: { updated: 1, awaitingVerification: 0 },
    });
    const item = await lookup(lab.from);
    expect(item).toMatchObject({
      status: 'published',
      purity: 750,
      version: 1,
      assayerCode: a.code,
      verifierCode: null,
    });
    expect(await verified(item.jws!)).toMatchObject({ purity: 750, assayer: a.code, verifier: null });
    expect(await rowOf(lab, id)).toMatchObject({ purityBy: a.name, verifiedBy: null, pendingCutting: null });
    expect(await readyMessages(id)).toHaveLength(1);
    expect(await awaiting(lab.h)).toEqual([]);
    // Nothing waits: another assayer has nothing to verify.
    const nothing = await post('/Tests/VerifyCutting', b.h, [{ id, accept: true }]);
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json().message).toContain(ASSAY_MSG.notPending);
  });
});
